import type { RuleBook } from "./types";

/** The findings of suppression comments (suppressions.ts): their pages' text. */
export const suppressionsBook: RuleBook = [
  {
    code: "suppression-unused",
    checks:
      "A `# packlint-disable-next-line CODE`, `# packlint-disable CODE` or `# packlint-disable-file CODE` comment names a code that is not reported where the comment applies: on the node that starts on the next line (with all it contains), in the block up to `# packlint-enable CODE`, or in the file.",
    why: "A suppression that silences nothing hides nothing today, but it would silently hide a real finding on that node tomorrow.",
    fix: "Remove the code from the comment, or the whole comment (the quick fix does either).",
    wrong: "pack:\n  # packlint-disable-next-line unknown-key -- not needed any more\n  slug: refund-support",
    right: "pack:\n  slug: refund-support",
    notTested: "applied with the file's rule levels (workspace/file-check.ts): test/service/suppressions.test.ts and test/cli/suppressions.test.ts",
  },
  {
    code: "suppression-invalid",
    checks:
      "A suppression comment names an unknown rule code (`# packlint-disable-next-line unknwn-key`) or none, is not one of packlint-disable-next-line, packlint-disable, packlint-enable and packlint-disable-file, or enables a code that no packlint-disable before it disabled.",
    why: "Such a comment silences nothing, though its author meant it to.",
    fix: "Write the rule's code as `packlint rules` lists it (the did-you-mean names the closest), or remove the comment.",
    wrong: "pack:\n  # packlint-disable-next-line unknwn-key\n  colour: blue",
    right: "pack:\n  # packlint-disable-next-line unknown-key -- our CI reads it\n  colour: blue",
    notTested: "applied with the file's rule levels (workspace/file-check.ts): test/service/suppressions.test.ts and test/cli/suppressions.test.ts",
  },
];
