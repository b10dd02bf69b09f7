import { readFileSync } from "node:fs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { cli, packTree } from "../helpers/cli";
import { pack } from "../helpers/packs";

/** The options users of ruff and eslint reach for first (issue 34.5), each through the CLI. */

const ERRORS = pack({ version: "version:\n  number: 0\n" }); // one version-number-positive error
const WARNED = pack({ extra: "colour: blue\nflavour: mint\n" }); // two unknown-key warnings
const codes = (out: string) => (JSON.parse(out) as { files: { diagnostics: { code: string }[] }[] }).files.flatMap((f) => f.diagnostics.map((d) => d.code));

test("--select and --ignore take codes and prefixes (comma-separated, repeatable); --ignore wins; an unknown one is a usage error", async () => {
  const dir = packTree({ "e.pack.yaml": ERRORS, "w.pack.yaml": WARNED });
  const all = await cli(["--format", "json", dir]);
  assert.deepEqual(codes(all.out).sort(), ["unknown-key", "unknown-key", "version-number-positive"]);

  const selected = await cli(["--format", "json", "--select", "unknown-key", dir]);
  assert.equal(selected.code, 1, "an error left out by --select is silenced, never passed");
  assert.equal((JSON.parse(selected.out) as { files: { valid: boolean }[] }).files.filter((f) => !f.valid).length, 1);
  assert.deepEqual(codes(selected.out), ["unknown-key", "unknown-key"]);
  const byPrefix = await cli(["--format", "json", "--select", "version-", dir]);
  assert.equal(byPrefix.code, 1);
  assert.deepEqual(codes(byPrefix.out), ["version-number-positive"]);
  const both = await cli(["--format", "json", "--select", "version-,unknown", "--ignore", "unknown-key", dir]);
  assert.deepEqual(codes(both.out), ["version-number-positive"]);
  const repeated = await cli(["--format", "json", "--ignore", "unknown-key", "--ignore=version-number", dir]);
  assert.equal(repeated.code, 1, "the ignored error still makes its file not valid");
  assert.deepEqual(codes(repeated.out), []);

  const typo = await cli(["--select", "unknwn-key", dir]);
  assert.equal(typo.code, 2);
  assert.match(typo.err, /--select unknwn-key: no rule code is or starts with it \(did you mean unknown-key\?\)/);
  assert.equal((await cli(["--ignore", ",", dir])).code, 2);
});

test("--select never hides that a named file is not a pack, or that a pack's YAML does not parse or decode", async () => {
  const dir = packTree({ "notes.yaml": "title: notes\n", "s.pack.yaml": pack() + "challenges: [\n", "d.pack.yaml": pack() + "pack: {}\n" });
  for (const [file, code] of [
    ["notes.yaml", "not-a-pack"],
    ["s.pack.yaml", "yaml-syntax"],
    ["d.pack.yaml", "yaml-duplicate-key"],
  ]) {
    const r = await cli(["--format", "json", "--select", "unknown-key", join(dir, file)]);
    assert.equal(r.code, 1, file);
    assert.ok(codes(r.out).includes(code), `${file}: ${codes(r.out).join(", ")}`);
  }
});

test("--exit-zero: exit 0 with errors and too many warnings; a usage error is still 2", async () => {
  const dir = packTree({ "e.pack.yaml": ERRORS, "w.pack.yaml": WARNED });
  const r = await cli(["--exit-zero", "--no-color", join(dir, "e.pack.yaml")]);
  assert.equal(r.code, 0);
  assert.match(r.out, /error \[version-number-positive\]/);
  assert.equal((await cli(["--exit-zero", "--max-warnings", "0", join(dir, "w.pack.yaml")])).code, 0);
  assert.equal((await cli(["--exit-zero", join(dir, "missing.pack.yaml")])).code, 2);
});

test("--output-file / -o writes the report to a file (relative to the working directory), nothing to stdout", async () => {
  const dir = packTree({ "e.pack.yaml": ERRORS });
  const file = join(dir, "e.pack.yaml");
  const r = await cli(["--format", "sarif", "-o", "report.sarif", file], { cwd: dir, stdoutIsTTY: true });
  assert.equal(r.code, 1);
  assert.equal(r.out, "");
  const log = JSON.parse(readFileSync(join(dir, "report.sarif"), "utf8")) as { runs: { results: { ruleId: string }[] }[] };
  assert.deepEqual(
    log.runs[0].results.map((x) => x.ruleId),
    ["version-number-positive"],
  );
  // Text to a file: no colours, even from a terminal's run.
  await cli(["--output-file", join(dir, "out.txt"), file], { stdoutIsTTY: true });
  const text = readFileSync(join(dir, "out.txt"), "utf8");
  assert.match(text, /e\.pack\.yaml:\d+:\d+: error \[version-number-positive\]/);
  assert.ok(!text.includes("\u001b["), "no colours in a file");
  const bad = await cli(["-o", join(dir, "no", "such", "dir", "x.txt"), file]);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /cannot write --output-file .*x\.txt: ENOENT/);
});

test("--statistics: one line per code with its count (most first), then the summary; json too; not with sarif", async () => {
  const dir = packTree({ "e.pack.yaml": ERRORS, "w.pack.yaml": WARNED, "w2.pack.yaml": WARNED });
  const r = await cli(["--statistics", "--no-color", dir]);
  assert.equal(r.code, 1);
  assert.equal(r.out, "4  unknown-key              warning\n1  version-number-positive  error\n\n3 files checked, 1 error, 4 warnings, 0 files skipped\n");
  const json = JSON.parse((await cli(["--statistics", "--format", "json", dir])).out) as { statistics: unknown; summary: { errors: number } };
  assert.deepEqual(json.statistics, [
    { code: "unknown-key", severity: "warning", count: 4 },
    { code: "version-number-positive", severity: "error", count: 1 },
  ]);
  assert.equal(json.summary.errors, 1);
  assert.equal((await cli(["--statistics", "--format", "sarif", dir])).code, 2);
});

test("--skip-non-packs: a named file that is no pack nor case file is skipped, not a not-a-pack error; a named pack is still checked", async () => {
  const dir = packTree({ ".github/workflows/ci.yml": "on: push\njobs: {}\n", "e.pack.yaml": ERRORS, "notes.yaml": "title: notes\n" });
  const workflow = join(dir, ".github", "workflows", "ci.yml");
  const without = await cli(["--no-color", workflow]);
  assert.equal(without.code, 1);
  assert.match(without.out, /not-a-pack/);
  const skipped = await cli(["--no-color", "--skip-non-packs", workflow, join(dir, "notes.yaml")]);
  assert.equal(skipped.code, 0, skipped.out);
  assert.equal(skipped.out, "0 files checked, 0 errors, 0 warnings, 2 files skipped\n");
  const mixed = await cli(["--format", "json", "--skip-non-packs", workflow, join(dir, "e.pack.yaml")]);
  assert.equal(mixed.code, 1);
  assert.deepEqual(codes(mixed.out), ["version-number-positive"]);
  assert.deepEqual((JSON.parse(mixed.out) as { summary: unknown }).summary, { files: 1, errors: 1, warnings: 0, skipped: 1, silenced: 0, fixable: 0 });
});

test("JSON output carries packlint's version and the summary", async () => {
  const dir = packTree({ "e.pack.yaml": ERRORS, "w.pack.yaml": WARNED });
  const version = (JSON.parse(readFileSync(join(__dirname, "../../../package.json"), "utf8")) as { version: string }).version;
  const r = JSON.parse((await cli(["--format", "json", dir])).out) as Record<string, unknown>;
  assert.deepEqual(Object.keys(r), ["version", "files", "summary"]);
  assert.equal(r.version, version);
  assert.deepEqual(r.summary, { files: 2, errors: 1, warnings: 2, skipped: 0, silenced: 0, fixable: 0 });
});

test("colours: --color=always|never|auto, FORCE_COLOR forces them (0 and false do not), NO_COLOR turns them off", async () => {
  const dir = packTree({ "e.pack.yaml": ERRORS });
  const file = join(dir, "e.pack.yaml");
  const coloured = async (args: string[], env: Record<string, string> = {}, stdoutIsTTY = false) =>
    (await cli([...args, file], { env, stdoutIsTTY })).out.includes("\u001b[");
  assert.equal(await coloured(["--color=always"]), true);
  assert.equal(await coloured(["--color", "always"]), true);
  assert.equal(await coloured(["--color=never"], {}, true), false);
  assert.equal(await coloured(["--color=auto"], {}, true), true);
  assert.equal(await coloured(["--color=auto"]), false);
  assert.equal(await coloured([], { FORCE_COLOR: "1" }), true);
  assert.equal(await coloured([], { FORCE_COLOR: "" }), true, "FORCE_COLOR set, even empty");
  assert.equal(await coloured([], { FORCE_COLOR: "0" }, true), false);
  assert.equal(await coloured([], { FORCE_COLOR: "1", NO_COLOR: "1" }), true, "FORCE_COLOR wins");
  assert.equal(await coloured(["--color=never"], { FORCE_COLOR: "1" }), false, "the option wins");
  assert.equal(await coloured([], { NO_COLOR: "1" }, true), false);
  const bad = await cli(["--color=sometimes", file]);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /--color must be always, never or auto \(got "sometimes"\)/);
});

test("a mistyped subcommand gets a did-you-mean, not 'cannot read'; a file of that name is still checked", async () => {
  const r = await cli(["rule", "unknown-key"]);
  assert.equal(r.code, 2);
  assert.equal(r.err, "packlint: rule is neither a file nor a command: did you mean packlint rules? (see packlint --help)\n");
  assert.match((await cli(["shcema"])).err, /did you mean packlint schema\?/);
  assert.match((await cli(["reprot", "x.pack.yaml"])).err, /did you mean packlint report\?/);
  assert.match((await cli(["packs-nowhere"])).err, /cannot read packs-nowhere: no such file or directory/);
});

test("report on a broken pack lists its errors, line and column, with the words of the text output", async () => {
  const dir = packTree({ "e.pack.yaml": ERRORS });
  const r = await cli(["report", join(dir, "e.pack.yaml")]);
  assert.equal(r.code, 1);
  assert.match(r.out, /Ready for scoring: no \(1 error\)\n\n- line 6, column 11: \[version-number-positive\] version\.number must be greater than 0\n/);
  assert.match(r.out, /fix the errors listed under Validation/);
  const json = JSON.parse((await cli(["report", "--format", "json", join(dir, "e.pack.yaml")])).out) as { errorList: unknown };
  assert.deepEqual(json.errorList, [{ line: 6, column: 11, code: "version-number-positive", message: "version.number must be greater than 0" }]);
});
