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
  assert.deepEqual(files.map((f) => f.diagnostics.map((d) => d.code)), [[], ["version-number-positive"]]);
  assert.equal((await cli(["-q", "--max-warnings", "0", join(dir, "w.pack.yaml")])).code, 0);
});

test("--rule CODE=LEVEL: repeatable, checked, and an error level fails the run", async () => {
  const dir = packTree({ "w.pack.yaml": WARNED });
  const r = await cli(["--rule", "unknown-key=error", "-r", "legacy-items=off", "--format", "json", join(dir, "w.pack.yaml")]);
  assert.equal(r.code, 1);
  assert.deepEqual((JSON.parse(r.out).files[0].diagnostics as { severity: string }[]).map((d) => d.severity), ["error", "error"]);
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

test("packlint rules: every code with area and a one-line description; server-only rules marked", async () => {
  const r = await cli(["rules"]);
  assert.equal(r.code, 0);
  const lines = r.out.split("\n");
  assert.match(lines[0], /^CODE\s+AREA\s+SEVERITY\s+DESCRIPTION$/);
  const line = (code: string) => lines.find((l) => l.startsWith(code + " "));
  assert.match(line("challenge-key-required")!, /^challenge-key-required\s+challenges\s+error\s+key empty after trim\.$/);
  assert.match(line("unknown-key")!, /advisory\s+warning\s+A key AgentClash does not know/);
  assert.match(line("asset-artifact-id-not-found")!, /\[server only: not checkable offline\]/);
  assert.match(line("validator-type-unimplemented")!, /\[cannot fire from YAML\]/);
  assert.equal(line("yaml-syntax-error"), undefined);
  const json = JSON.parse((await cli(["rules", "--format", "json"])).out) as { code: string; offlineCheckable: boolean; description: string }[];
  assert.deepEqual(json.filter((x) => !x.offlineCheckable).map((x) => x.code), ["asset-artifact-id-not-found", "asset-artifact-id-foreign-workspace"]);
  assert.ok(json.every((x) => x.description && !x.description.includes("\n")));
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
