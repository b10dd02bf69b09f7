import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFileSync, spawnSync } from "node:child_process";
import { run } from "../../server/src/cli/packlint";
import { pack } from "../helpers/packs";

async function cli(args: string[]) {
  let out = "";
  let err = "";
  const code = await run(
    args,
    (s) => (out += s),
    (s) => (err += s),
    { stdoutIsTTY: false, stderrIsTTY: false },
  );
  return { code, out, err };
}

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), "packlint-cli-"));
  writeFileSync(join(dir, "good.pack.yaml"), pack());
  writeFileSync(join(dir, "bad.pack.yaml"), pack({ version: "version:\n  number: 0\n" }));
  mkdirSync(join(dir, "nested"));
  writeFileSync(join(dir, "nested", "sniffed.yaml"), pack());
  writeFileSync(join(dir, "nested", "other.yaml"), "name: not a pack\n");
  return dir;
}

test("json: files with kind, validity and LSP-shaped diagnostics; exit 1 when any file has errors", async () => {
  const dir = workspace();
  const r = await cli(["--format", "json", join(dir, "good.pack.yaml"), join(dir, "bad.pack.yaml")]);
  assert.equal(r.code, 1);
  const json = JSON.parse(r.out);
  assert.deepEqual(
    json.files.map((f: { valid: boolean; kind: string }) => [f.kind, f.valid]),
    [
      ["challenge-pack", true],
      ["challenge-pack", false],
    ],
  );
  const d = json.files[1].diagnostics.find((x: { code: string }) => x.code === "version-number-positive");
  assert.deepEqual(d, {
    code: "version-number-positive",
    severity: "error",
    field: "version.number",
    message: "must be greater than 0",
    range: { start: { line: 5, character: 10 }, end: { line: 5, character: 11 } },
    fixable: false,
  });
});

test("text: path:line:col, severity, code, field and message, a code frame, the official verdict words", async () => {
  const dir = workspace();
  const r = await cli(["--no-color", join(dir, "bad.pack.yaml"), join(dir, "good.pack.yaml")]);
  assert.equal(r.code, 1);
  const lines = r.out.split("\n");
  assert.equal(lines[0], `${join(dir, "bad.pack.yaml")}:6:11: error [version-number-positive] version.number must be greater than 0`);
  assert.equal(lines[1], "  6 |   number: 0");
  assert.equal(lines[2], "    |           ^");
  assert.ok(r.out.includes("Challenge pack has errors\n"));
  assert.ok(r.out.includes("Challenge pack is valid\n"));
  assert.ok(!r.out.includes("\u001b["), "no colour when asked");
});

test("a directory means every pack YAML below it, by name or by content", async () => {
  const dir = workspace();
  const r = await cli(["--format", "json", dir]);
  const paths = JSON.parse(r.out).files.map((f: { path: string }) => f.path.slice(dir.length + 1));
  assert.deepEqual(paths, ["bad.pack.yaml", "good.pack.yaml", join("nested", "sniffed.yaml")]);
});

test("a directory run does not read YAML over the full-check limit to sniff it; named, such a file is checked (syntax and notice)", async () => {
  const dir = workspace();
  // A pack by content, padded past 8 MB with comments.
  const large = pack() + ("# " + "x".repeat(98) + "\n").repeat(81_000);
  writeFileSync(join(dir, "nested", "large-dump.yaml"), large);
  const paths = JSON.parse((await cli(["--format", "json", dir])).out).files.map((f: { path: string }) => f.path.slice(dir.length + 1));
  assert.deepEqual(paths, ["bad.pack.yaml", "good.pack.yaml", join("nested", "sniffed.yaml")]);
  const named = JSON.parse((await cli(["--format", "json", join(dir, "nested", "large-dump.yaml")])).out);
  assert.deepEqual(
    named.files[0].diagnostics.map((d: { code: string }) => d.code),
    ["document-too-large"],
  );
});

test("text: a pack's control characters reach the terminal as Control Pictures, never as escape sequences", async () => {
  const dir = workspace();
  const file = join(dir, "escape.pack.yaml");
  writeFileSync(file, pack().replace("name: ", "name: \u001b]0;pwned\u0007 "));
  const r = await cli(["--no-color", file]);
  assert.ok(!/[\u0000-\u0008\u000b-\u001f\u007f]/.test(r.out), JSON.stringify(r.out));
  assert.match(r.out, /error \[yaml-syntax\] the control character U\+001B is not allowed in YAML/);
  assert.match(r.out, /name: \u241b\]0;pwned\u2407 /);
});

test("text: file names and pack text print no line break, control or bidirectional character raw", async () => {
  const dir = workspace();
  const rlo = "\u202e";
  const names = [`a${rlo}lmy.kcap.yaml`, "b\nx.pack.yaml", "c\u001b[2J.pack.yaml"];
  for (const n of names) writeFileSync(join(dir, n), pack().replace("name: ", `name: ${rlo}`));
  const r = await cli(["--no-color", ...names.map((n) => join(dir, n))]);
  assert.ok(!/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(r.out), JSON.stringify(r.out));
  assert.match(r.out, /a\\u202Elmy\.kcap\.yaml:/);
  assert.match(r.out, /b\\u000Ax\.pack\.yaml:/);
  assert.match(r.out, /c\\u001B\[2J\.pack\.yaml:/);
  const missing = await cli([join(dir, "gone\u202e.pack.yaml")]);
  assert.equal(missing.code, 2);
  assert.match(missing.err, /gone\\u202E\.pack\.yaml/);
});

test("a UTF-16 pack (by its byte order mark) is read as the reference reads it; bytes that are not UTF-8 are a yaml-syntax error there", async () => {
  const dir = workspace();
  const text = pack({ version: "version:\n  number: 0\n" });
  writeFileSync(join(dir, "utf16.pack.yaml"), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]));
  const json = async (file: string) => JSON.parse((await cli(["--format", "json", join(dir, file)])).out).files[0].diagnostics;
  assert.deepEqual(await json("utf16.pack.yaml"), await json("bad.pack.yaml"));
  const at = text.indexOf("number:");
  writeFileSync(join(dir, "latin1.pack.yaml"), Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xe9]), Buffer.from(text.slice(at))]));
  const r = await cli(["--no-color", join(dir, "latin1.pack.yaml")]);
  assert.equal(r.code, 1);
  const line = text.slice(0, at).split("\n").length;
  assert.match(
    r.out,
    new RegExp(`latin1\\.pack\\.yaml:${line}:3: error \\[yaml-syntax\\] invalid UTF-8 \\(byte 0xE9 at byte offset ${Buffer.byteLength(text.slice(0, at))}\\)`),
  );
});

test("usage errors and unreadable files exit 2 with a clear message and no stack trace", async () => {
  assert.deepEqual((await cli([])).code, 2);
  const missing = await cli(["/no/such/file.yaml"]);
  assert.equal(missing.code, 2);
  assert.equal(missing.err, "packlint: cannot read /no/such/file.yaml: no such file or directory\n");
  const flag = await cli(["--frobnicate", "x"]);
  assert.equal(flag.code, 2);
  assert.match(flag.err, /unknown option --frobnicate/);
  assert.match((await cli(["--format", "xml", "x"])).err, /--format must be/);
  assert.match((await cli(["--help"])).out, /Usage: packlint/);
});

test("the bin runs as a process and exits 0 on a valid pack", () => {
  const dir = workspace();
  const good = spawnSync(process.execPath, [join(__dirname, "../../server/src/cli/bin.js"), join(dir, "good.pack.yaml")], { encoding: "utf8" });
  assert.equal(good.status, 0, good.stderr);
  assert.match(good.stdout, /Challenge pack is valid/);
  assert.throws(() => execFileSync(process.execPath, [join(__dirname, "../../server/src/cli/bin.js"), join(dir, "bad.pack.yaml")]), /status 1|Command failed/);
});
