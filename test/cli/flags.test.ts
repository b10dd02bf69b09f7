import { readFileSync } from "node:fs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { cli, packTree } from "../helpers/cli";
import { LEGACY } from "../helpers/cli-packs";
import { pack } from "../helpers/packs";

const WARNED = pack({ extra: "colour: blue\nflavour: mint\n" }); // two unknown-key warnings

test("exit codes: 0 clean (warnings allowed), 1 errors, 2 usage", async () => {
  const dir = packTree({ "w.pack.yaml": WARNED, "e.pack.yaml": pack({ version: "version:\n  number: 0\n" }) });
  assert.equal((await cli([join(dir, "w.pack.yaml")])).code, 0);
  assert.equal((await cli([join(dir, "e.pack.yaml")])).code, 1);
  assert.equal((await cli([join(dir, "nope.yaml")])).code, 2);
});

test("--max-warnings N: exit 1 only when there are more than N warnings, with a message on stderr", async () => {
  const dir = packTree({ "w.pack.yaml": WARNED, "h.pack.yaml": LEGACY });
  const at = await cli(["--max-warnings", "2", join(dir, "w.pack.yaml")]);
  assert.equal(at.code, 0);
  const over = await cli(["--max-warnings=1", join(dir, "w.pack.yaml")]);
  assert.equal(over.code, 1);
  assert.equal(over.err, "packlint: 2 warnings, more than --max-warnings 1\n");
  // Hints are not warnings.
  assert.equal((await cli(["--max-warnings", "0", join(dir, "h.pack.yaml")])).code, 0);
  assert.match((await cli(["--max-warnings", "-1", "x"])).err, /--max-warnings must be an integer of at least 0 \(got "-1"\)/);
});

test("--quiet: errors only, warnings neither shown nor counted", async () => {
  const dir = packTree({ "w.pack.yaml": WARNED, "e.pack.yaml": pack({ version: "version:\n  number: 0\n", extra: "colour: blue\n" }) });
  const r = await cli(["--quiet", "--format", "json", join(dir, "w.pack.yaml"), join(dir, "e.pack.yaml")]);
  const files = JSON.parse(r.out).files as { diagnostics: { code: string }[] }[];
  assert.deepEqual(
    files.map((f) => f.diagnostics.map((d) => d.code)),
    [[], ["version-number-positive"]],
  );
  assert.equal((await cli(["-q", "--max-warnings", "0", join(dir, "w.pack.yaml")])).code, 0);
});

test("--rule CODE=LEVEL: repeatable, checked, and an error level fails the run", async () => {
  const dir = packTree({ "w.pack.yaml": WARNED });
  const r = await cli(["--rule", "unknown-key=error", "-r", "legacy-items=off", "--format", "json", join(dir, "w.pack.yaml")]);
  assert.equal(r.code, 1);
  assert.deepEqual(
    (JSON.parse(r.out).files[0].diagnostics as { severity: string }[]).map((d) => d.severity),
    ["error", "error"],
  );
  const bad: [string[], RegExp][] = [
    [["--rule", "unknown-key"], /--rule needs CODE=LEVEL/],
    [["--rule", "unknown-key=loud"], /level must be one of off, error, warning, information, hint/],
    [["--rule", "no-such-rule=off"], /no-such-rule: unknown rule code/],
    [["--rule"], /--rule needs a value/],
  ];
  for (const [args, want] of bad) {
    const res = await cli([join(dir, "w.pack.yaml"), ...args]);
    assert.equal(res.code, 2, args.join(" "));
    assert.match(res.err, want);
  }
});

test("unknown flags and bad values: a clear message, a suggestion, exit 2, nothing on stdout", async () => {
  const r = await cli(["--fromat", "json", "x.yaml"]);
  assert.equal(r.code, 2);
  assert.equal(r.err, "packlint: unknown option --fromat (did you mean --format?) (see packlint --help)\n");
  assert.equal(r.out, "");
  assert.match((await cli(["--format", "xml", "x"])).err, /--format must be one of text, json, github, sarif \(got "xml"\)/);
  assert.match((await cli(["--jobs", "0", "x"])).err, /--jobs must be an integer of at least 1/);
  assert.match((await cli(["rules", "--bogus"])).err, /packlint rules: unexpected argument --bogus/);
  assert.match((await cli([])).err, /no files or directories given/);
  const empty = packTree({ "notes.yaml": "title: not a pack\n" });
  assert.equal((await cli([empty])).err, `packlint: no pack files found in ${empty}\n`);
});

test("--help shows options, exit codes and examples; --version the package version", async () => {
  const help = await cli(["--help"]);
  assert.equal(help.code, 0);
  for (const want of ["--format FORMAT", "--max-warnings N", "--rule CODE=LEVEL", "Exit codes:", "Examples:", "packlint schema", "packlint rules"]) {
    assert.ok(help.out.includes(want), want);
  }
  assert.match((await cli(["schema", "--help"])).out, /^Usage: packlint schema/);
  const v = await cli(["--version"]);
  assert.equal(v.out, `${require("../../../package.json").version}\n`);
});

test("packlint rules: every code with its severity and what it checks, by area, within 100 columns; server-only rules marked", async () => {
  const r = await cli(["rules"]);
  assert.equal(r.code, 0);
  const lines = r.out.split("\n");
  assert.deepEqual(
    lines.filter((l) => l.length > 100),
    [],
  );
  assert.equal(lines[0], "Reading the file");
  const line = (code: string) => lines.findIndex((l) => l.startsWith(`  ${code} `));
  assert.match(lines[line("challenge-key-required")], /^ {2}challenge-key-required\s+error\s+Every challenge needs a non-blank `key`\.$/);
  assert.match(lines[line("unknown-key")], /warning\s+Every key outside `evaluation_spec` should be one$/);
  assert.match(lines[line("asset-artifact-id-not-found")], /\[checked when publishing, not offline\]/);
  // A code longer than its column puts the description on the next line; a long field path is broken after a dot.
  const long = line("dimension-direction-validators-reliability");
  assert.match(lines[long], /^ {2}dimension-direction-validators-reliability {2}error$/);
  assert.match(lines[long + 1], /^ {47}`version\.evaluation_spec\.scorecard\.dimensions\[\]\.$/);
  assert.match(lines[long + 2], /^ {47}better_direction` must be/);
  assert.match(lines[line("validator-type-unimplemented")], /\[cannot fire from YAML\]/);
  assert.equal(line("yaml-syntax-error"), -1);
  const json = JSON.parse((await cli(["rules", "--format", "json"])).out) as { code: string; offlineCheckable: boolean; description: string }[];
  assert.deepEqual(
    json.filter((x) => !x.offlineCheckable).map((x) => x.code),
    ["asset-artifact-id-not-found", "asset-artifact-id-foreign-workspace"],
  );
  assert.ok(json.every((x) => x.description && !x.description.includes("\n")));
});

test("packlint rules CODE prints the rule's page, as checked in under docs/rules; an unknown code is a usage error", async () => {
  const r = await cli(["rules", "case-challenge-key-undeclared"]);
  assert.equal(r.code, 0);
  assert.equal(r.out, readFileSync(join(__dirname, "../../../docs/rules/case-challenge-key-undeclared.md"), "utf8"));
  assert.match(r.out, /## How to fix it\n\nUse the challenge's `key`, not its title/);
  const json = JSON.parse((await cli(["rules", "version-number-positive", "--format", "json"])).out) as { wrong: string; right: string };
  assert.deepEqual([json.wrong, json.right], ["version:\n  number: 0", "version:\n  number: 1"]);
  const bad = await cli(["rules", "case-challenge-key-undeclard"]);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /unknown rule code \(did you mean case-challenge-key-undeclared,/);
});

test("packlint schema prints the draft-07 JSON Schema", async () => {
  const r = await cli(["schema"]);
  assert.equal(r.code, 0);
  const schema = JSON.parse(r.out);
  assert.equal(schema.$schema, "http://json-schema.org/draft-07/schema#");
  assert.deepEqual(schema.required, ["pack", "version", "challenges"]);
});

test("text colours: only on a TTY, never with NO_COLOR or --no-color; --color forces them", async () => {
  const dir = packTree({ "e.pack.yaml": pack({ version: "version:\n  number: 0\n" }) });
  const file = join(dir, "e.pack.yaml");
  const ESC = "\u001b[";
  assert.ok(!(await cli([file])).out.includes(ESC), "not a TTY");
  assert.ok((await cli([file], { stdoutIsTTY: true })).out.includes(ESC), "TTY");
  assert.ok(!(await cli([file], { stdoutIsTTY: true, env: { NO_COLOR: "1" } })).out.includes(ESC), "NO_COLOR");
  assert.ok((await cli([file], { stdoutIsTTY: true, env: { NO_COLOR: "" } })).out.includes(ESC), "empty NO_COLOR is unset");
  assert.ok(!(await cli(["--no-color", file], { stdoutIsTTY: true })).out.includes(ESC), "--no-color");
  assert.ok((await cli(["--color", file])).out.includes(ESC), "--color");
});

test("progress: a line on stderr for many files on a TTY, erased at the end; none otherwise", async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 12; i++) files[`p${String(i).padStart(2, "0")}.pack.yaml`] = pack();
  const dir = packTree(files);
  const tty = await cli(["--jobs", "1", dir], { stderrIsTTY: true });
  assert.equal(tty.code, 0);
  assert.match(tty.err, /\r\u001b\[Kpacklint: validated 12\/12 files/);
  assert.ok(tty.err.endsWith("\r\u001b[K"), "the line is erased");
  assert.equal((await cli(["--jobs", "1", dir])).err, "", "no progress off a TTY");
  const few = packTree({ "a.pack.yaml": pack() });
  assert.equal((await cli([few], { stderrIsTTY: true })).err, "", "no progress for a short run");
});

test("a reader that stops early (packlint schema | head) ends the run quietly", async () => {
  const child = spawn(process.execPath, [join(__dirname, "../../server/src/cli/bin.js"), "schema"]);
  let err = "";
  child.stderr.on("data", (d) => (err += d));
  child.stdout.once("data", () => child.stdout.destroy());
  const code = await new Promise((resolve) => child.on("close", resolve));
  assert.equal(err, "");
  assert.equal(code, 0);
});
