import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { cli, packTree } from "../helpers/cli";
import { LEGACY } from "../helpers/cli-packs";
import { pack } from "../helpers/packs";

const BIN = join(__dirname, "../../server/src/cli/bin.js");
const ERRORS = pack({ version: "version:\n  number: 0\n  assets:\n    - key: policy_pdf\n      path: assets/policy.pdf\n" });

const fromStdin = (text: string) => ({ readStdin: async () => Buffer.from(text) });

test("- reads the document from standard input; --stdin-filename gives its path in messages", async () => {
  const r = await cli(["--format", "json", "-"], fromStdin(ERRORS));
  assert.equal(r.code, 1);
  const [file] = JSON.parse(r.out).files;
  assert.equal(file.path, "<stdin>");
  assert.equal(file.kind, "challenge-pack"); // by its content
  assert.deepEqual(
    file.diagnostics.filter((d: { severity: string }) => d.severity === "error").map((d: { code: string }) => d.code),
    ["version-number-positive"],
  );
  const named = await cli(["--no-color", "--stdin-filename", "packs/support.pack.yaml", "-"], fromStdin(ERRORS));
  assert.match(named.out, /^packs\/support\.pack\.yaml:\d+:\d+: error \[version-number-positive\]/m);
  assert.match(named.out, /^packs\/support\.pack\.yaml: Challenge pack has errors$/m);
});

test("--stdin-filename decides the kind by name, finds the config and checks asset paths from its folder", async () => {
  const dir = packTree({ "packs/other.pack.yaml": pack(), "packs/.packlintrc.json": JSON.stringify({ rules: { "version-number-positive": "warning" } }) });
  const at = (name: string) => join(dir, "packs", name);
  const r = await cli(["--format", "json", "--stdin-filename", at("support.pack.yaml"), "-"], fromStdin(ERRORS));
  // The config was found: it turned the error down to a warning (silenced, so the run still fails).
  assert.equal(r.code, 1, r.out);
  const diagnostics = JSON.parse(r.out).files[0].diagnostics as { code: string; severity: string }[];
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity]),
    [["version-number-positive", "warning"]],
  ); // the asset is found beside it
  const elsewhere = await cli(["--format", "json", "--stdin-filename", join(dir, "support.pack.yaml"), "-"], fromStdin(ERRORS));
  const codes = (JSON.parse(elsewhere.out).files[0].diagnostics as { code: string; severity: string }[]).map((d) => [d.code, d.severity]);
  assert.deepEqual(codes, [
    ["version-number-positive", "error"],
    ["asset-file-missing", "warning"],
  ]);
  // Not a pack by name or content: the one not-a-pack error, as for a file named on the command line.
  const notes = await cli(["--format", "json", "--stdin-filename", at("notes.yaml"), "-"], fromStdin("title: notes\n"));
  assert.deepEqual(
    JSON.parse(notes.out).files[0].diagnostics.map((d: { code: string }) => d.code),
    ["not-a-pack"],
  );
});

test("--fix-dry-run on standard input prints the diff of the fixes", async () => {
  const r = await cli(["--no-color", "--fix-dry-run", "--stdin-filename", "legacy.pack.yaml", "-"], fromStdin(LEGACY));
  assert.match(r.out, /^- {4}items:\n\+ {4}cases:$/m);
});

test("the bin reads a pipe on standard input to its end", async () => {
  const child = spawn(process.execPath, [BIN, "--no-color", "--stdin-filename", "piped.pack.yaml", "-"], {
    stdio: ["pipe", "pipe", "pipe"],
    cwd: packTree({}),
  });
  let out = "";
  child.stdout.on("data", (b: Buffer) => (out += b));
  // Written in pieces: the document is checked only once the input ends.
  const half = Math.floor(ERRORS.length / 2);
  child.stdin.write(ERRORS.slice(0, half));
  child.stdin.end(ERRORS.slice(half));
  const code = await new Promise<number | null>((done) => child.on("close", done));
  assert.equal(code, 1);
  assert.match(out, /^piped\.pack\.yaml:\d+:\d+: error \[version-number-positive\]/m);
  // The pack's asset is looked for beside the path given, in the working directory: missing there.
  assert.match(out, /1 file checked, 1 error, 1 warning, 0 files skipped\n$/);
});
