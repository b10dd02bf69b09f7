import type { RuleBook } from "./types";

/** The checks of files on disk (asset-files.ts, the CLI's file kinds): their pages' text. */
export const assetFilesBook: RuleBook = [
  { code: "not-a-pack", notTested: "the CLI's verdict on a file that is not a pack" },
  {
    code: "asset-file-missing",
    checks: "A file named by an asset's `path` or a case input's `path` does not exist, relative to the pack's folder.",
    why: "The file is packed with the pack when it is published; a missing file means the agent or the scorer gets nothing at run time.",
    fix: "Correct the path (relative to the pack file's folder) or add the file.",
    wrong: "assets:\n  - key: policy_pdf\n    path: assets/polcy.pdf",
    right: "assets:\n  - key: policy_pdf\n    path: assets/policy.pdf",
    notTested: "needs the pack's folder on disk",
  },
  {
    code: "asset-path-outside-workspace",
    checks: "An asset or case input path is absolute, climbs out of the workspace with `..`, or leads out of it through a symbolic link.",
    why: "A pack is published with the files beside it; a file outside the pack's folder will not be shipped, and packlint does not read it.",
    fix: "Move the file into the pack's folder (an `assets/` folder is usual) and use a relative path.",
    wrong: "assets:\n  - key: policy_pdf\n    path: ../../shared/policy.pdf",
    right: "assets:\n  - key: policy_pdf\n    path: assets/policy.pdf",
    notTested: "needs the pack's folder on disk",
  },
];
