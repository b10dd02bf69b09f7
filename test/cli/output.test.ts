import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, sep } from "node:path";
import { cli, packTree } from "../helpers/cli";
import { LEGACY } from "../helpers/cli-packs";
import { pack } from "../helpers/packs";
import { skillFile } from "../helpers/skill";

const ERRORS = pack({ version: "version:\n  number: 0\n  assets:\n    - key: policy_pdf\n      path: assets/policy.pdf\n" });
const WARNED = pack({ extra: "colour: blue\n" });

test("text names the files with findings (warnings too), then one summary line; --verbose names the clean ones too", async () => {
  const dir = packTree({ "a.pack.yaml": pack(), "b.pack.yaml": ERRORS, "c.pack.yaml": WARNED, "notes.yaml": "title: not a pack\n" });
  const verdicts = (out: string) => out.split("\n").filter((l) => / Challenge pack (is valid|has errors)$/.test(l));
  const r = await cli(["--no-color", dir]);
  assert.equal(r.code, 1);
  assert.deepEqual(verdicts(r.out), [`${join(dir, "b.pack.yaml")}: Challenge pack has errors`, `${join(dir, "c.pack.yaml")}: Challenge pack is valid`]);
  assert.match(r.out, /c\.pack\.yaml:\d+:\d+: warning \[unknown-key\]/);
  assert.doesNotMatch(r.out, /a\.pack\.yaml/);
  assert.ok(r.out.endsWith("\n\n3 files checked, 1 error, 1 warning, 1 file skipped\n"), r.out);
  const verbose = await cli(["--no-color", "--verbose", dir]);
  assert.deepEqual(verdicts(verbose.out), [
    `${join(dir, "a.pack.yaml")}: Challenge pack is valid`,
    `${join(dir, "b.pack.yaml")}: Challenge pack has errors`,
    `${join(dir, "c.pack.yaml")}: Challenge pack is valid`,
  ]);
  assert.ok(verbose.out.endsWith("\n\n3 files checked, 1 error, 1 warning, 1 file skipped\n"), verbose.out);
  const clean = await cli(["--no-color", join(dir, "a.pack.yaml")]);
  assert.equal(clean.out, "1 file checked, 0 errors, 0 warnings, 0 files skipped\n", "a clean run: the summary line alone");
  assert.equal((await cli(["--quiet", "--verbose", dir])).code, 2);
});

test("--quiet keeps the errors and the summary only", async () => {
  const dir = packTree({ "a.pack.yaml": pack(), "b.pack.yaml": ERRORS, "c.pack.yaml": WARNED });
  const r = await cli(["--no-color", "--quiet", dir]);
  assert.equal(r.code, 1);
  const lines = r.out.split("\n").filter((l) => l !== "");
  assert.equal(lines.filter((l) => l.includes("a.pack.yaml") || l.includes("c.pack.yaml")).length, 0, r.out);
  assert.match(r.out, /b\.pack\.yaml:\d+:\d+: error \[version-number-positive\]/);
  assert.equal(lines.at(-1), "3 files checked, 1 error, 0 warnings, 0 files skipped");
});

test("--list-files: each file checked and as what, each skipped and why; nothing is checked", async () => {
  const dir = packTree({
    "a.pack.yaml": ERRORS,
    "sniffed.yaml": pack(),
    "notes.yaml": "title: not a pack\n",
    "globbed/one.yml": "pack: {}\n",
    "fixtures/old.pack.yaml": ERRORS,
    "tests/skill_cases.yaml": "skill: x\ncases: []\n",
    ".packlintrc.json": JSON.stringify({ packs: ["globbed/*.yml"], ignore: ["fixtures/**"] }),
  });
  const r = await cli(["--list-files", dir]);
  assert.equal(r.code, 0, r.err);
  const config = join(dir, ".packlintrc.json");
  assert.deepEqual(r.out.split("\n").filter(Boolean), [
    `${join(dir, "a.pack.yaml")}: checked as a challenge pack (by name)`,
    `${join(dir, "globbed", "one.yml")}: checked as a challenge pack (by a config's "packs" globs)`,
    `${join(dir, "sniffed.yaml")}: checked as a challenge pack (by content)`,
    `${join(dir, "tests", "skill_cases.yaml")}: checked as a Skill case file (by name)`,
    `${join(dir, "fixtures")}${sep}: skipped: folder ignored by ${config}`,
    `${join(dir, "notes.yaml")}: skipped: YAML, but neither a pack nor a case file by name or content`,
  ]);
  const named = await cli(["--list-files", join(dir, "notes.yaml"), join(dir, "sniffed.yaml")]);
  assert.deepEqual(named.out.split("\n").filter(Boolean), [
    `${join(dir, "notes.yaml")}: checked, but neither a pack nor a case file by name or content: reported as not-a-pack`,
    `${join(dir, "sniffed.yaml")}: checked as a challenge pack (by content)`,
  ]);
});

test("a directory run reports what it cannot read (a FIFO, a name that is not UTF-8), checks every other file, and exits 2", async () => {
  const dir = packTree({ "a.pack.yaml": pack(), "z.pack.yaml": ERRORS });
  execFileSync("mkfifo", [join(dir, "events.fifo")]);
  assert.equal((await cli([dir])).code, 1, "a FIFO whose name is not a pack's is not considered");
  execFileSync("mkfifo", [join(dir, "pipe.yaml")]);
  // A pack whose name is not UTF-8 (0xFF), and a folder so named: a string path cannot name them.
  const latin1 = (name: string) => Buffer.concat([Buffer.from(dir + sep), Buffer.from(name, "latin1")]);
  writeFileSync(latin1("caf\xe9.pack.yaml"), ERRORS);
  mkdirSync(latin1("d\xe9j\xe0"));
  writeFileSync(Buffer.concat([latin1("d\xe9j\xe0"), Buffer.from(sep + "inner.pack.yaml")]), ERRORS);

  const r = await cli(["--no-color", "--verbose", dir]);
  assert.equal(r.code, 2);
  assert.deepEqual(r.err.split("\n").filter(Boolean), [
    `packlint: cannot read ${join(dir, "caf\ufffd.pack.yaml")}: its name is not valid UTF-8 (rename it to check it)`,
    `packlint: cannot read ${join(dir, "d\ufffdj\ufffd")}${sep}: its name is not valid UTF-8 (rename it to check it): nothing in it is checked`,
    `packlint: cannot read ${join(dir, "pipe.yaml")}: not a regular file (a FIFO, device or socket is never read)`,
  ]);
  assert.match(r.out, /a\.pack\.yaml: Challenge pack is valid\n/);
  assert.match(r.out, /z\.pack\.yaml: Challenge pack has errors\n/);
  assert.match(r.out, /2 files checked, 1 error/);

  const listed = await cli(["--list-files", dir]);
  assert.equal(listed.code, 2);
  assert.match(listed.out, /pipe\.yaml: cannot be read: not a regular file/);
});

test("colours by severity: the carets of a hint are cyan, of an error red", async () => {
  const dir = packTree({ "h.pack.yaml": LEGACY, "e.pack.yaml": ERRORS });
  const hint = await cli(["--color", join(dir, "h.pack.yaml")]);
  assert.match(hint.out, /\u001b\[36m\^+\u001b\[0m/);
  assert.doesNotMatch(hint.out, /\u001b\[31m\^/);
  const error = await cli(["--color", join(dir, "e.pack.yaml")]);
  assert.match(error.out, /\u001b\[31m\^+\u001b\[0m/);
});

test("packlint report on a file that is not a pack is a usage error, not a report with an empty title", async () => {
  const dir = packTree({ "notes.yaml": "title: not a pack\n", "tests/skill_cases.yaml": "skill: x\ncases: []\n" });
  const notes = await cli(["report", join(dir, "notes.yaml")]);
  assert.equal(notes.code, 2);
  assert.equal(notes.out, "");
  assert.match(notes.err, /notes\.yaml is not a challenge pack/);
  const cases = await cli(["report", join(dir, "tests", "skill_cases.yaml")]);
  assert.equal(cases.code, 2);
  assert.match(cases.err, /it is a Skill case file/);
  assert.match((await cli(["report", "--bogus", "x"])).err, /unknown option --bogus for packlint report/);
  assert.match((await cli(["report", "--format", "xml", "x"])).err, /--format must be markdown or json \(got "xml"\)/);
});

test("--docs-base-url points SARIF help links at another copy of the rule pages; a relative one is refused", async () => {
  const dir = packTree({ "e.pack.yaml": ERRORS });
  const r = await cli(["--format", "sarif", "--docs-base-url", "https://docs.example.com/packlint/rules", join(dir, "e.pack.yaml")]);
  const rules = JSON.parse(r.out).runs[0].tool.driver.rules as { id: string; helpUri: string }[];
  const rule = rules.find((x) => x.id === "version-number-positive")!;
  assert.equal(rule.helpUri, "https://docs.example.com/packlint/rules/version-number-positive.md");
  const bad = await cli(["--docs-base-url", "docs/rules", join(dir, "e.pack.yaml")]);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /--docs-base-url must be an absolute URL/);
});

test('the config\'s "docsBaseUrl" sets the SARIF help links of a run in its folder; --docs-base-url wins; a relative one is refused', async () => {
  const dir = packTree({ "e.pack.yaml": ERRORS, ".packlintrc.json": JSON.stringify({ docsBaseUrl: "https://git.example.org/packlint/docs/rules" }) });
  const helpUri = (out: string) =>
    (JSON.parse(out).runs[0].tool.driver.rules as { id: string; helpUri?: string }[]).find((x) => x.id === "version-number-positive")!.helpUri;
  const file = join(dir, "e.pack.yaml");
  const r = await cli(["--format", "sarif", file], { cwd: dir });
  assert.equal(r.code, 1, r.err);
  assert.equal(helpUri(r.out), "https://git.example.org/packlint/docs/rules/version-number-positive.md");
  const flag = await cli(["--format", "sarif", "--docs-base-url", "https://mirror.example.com/rules/", file], { cwd: dir });
  assert.equal(helpUri(flag.out), "https://mirror.example.com/rules/version-number-positive.md");
  writeFileSync(join(dir, ".packlintrc.json"), JSON.stringify({ docsBaseUrl: "docs/rules" }));
  const bad = await cli([file], { cwd: dir });
  assert.equal(bad.code, 2);
  assert.match(bad.err, /docsBaseUrl: must be an absolute URL/);
});

test("options that cannot go together are usage errors", async () => {
  const cases: [string[], RegExp][] = [
    [["--fix", "-"], /--fix writes files; for standard input \(-\) use --fix-dry-run/],
    [["--watch", "-"], /standard input \(-\) cannot be watched/],
    [["--stdin-filename", "a.pack.yaml", "x.pack.yaml"], /--stdin-filename names what - reads/],
    [["--fix-dry-run", "--format", "json", "x"], /--fix-dry-run prints a diff: it takes the text format only/],
    [["--list-files", "--fix", "x"], /--list-files only lists/],
    [["-", "-"], /standard input \(-\) can be named once only/],
    [["--quiet=yes", "x"], /--quiet takes no value/],
  ];
  for (const [args, want] of cases) {
    const r = await cli(args, { readStdin: async () => Buffer.from("") });
    assert.equal(r.code, 2, args.join(" "));
    assert.match(r.err, want, args.join(" "));
  }
});

test("a FIFO among a Skill's responses is a usage error at once, never read", async () => {
  const dir = packTree({ "tests/skill_cases.yaml": skillFile() });
  const responses = join(dir, "captured");
  mkdirSync(responses);
  execFileSync("mkfifo", [join(responses, "trigger_001.md")]);
  const r = await cli(["skill", "report", dir, "--responses", responses]);
  assert.equal(r.code, 2);
  assert.match(r.err, /trigger_001\.md: not a regular file/);
});
