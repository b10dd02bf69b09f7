import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { cli, packTree, tempTree } from "../helpers/cli";
import { BROKEN_CASES, claimsWrittenKeyMissing } from "../helpers/broken-documents";

interface JsonDiagnostic {
  code: string;
  field: string | null;
  message: string;
  range: { start: { line: number; character: number } };
  related?: { range: { start: { line: number; character: number } } }[];
}
interface JsonFile {
  path: string;
  kind: string;
  diagnostics: JsonDiagnostic[];
}

const at = (d: { range: { start: { line: number; character: number } } }) => `${d.range.start.line + 1}:${d.range.start.character + 1}`;

async function json(args: string[]): Promise<{ code: number; files: JsonFile[] }> {
  const r = await cli(["--format", "json", ...args]);
  return { code: r.code, files: (JSON.parse(r.out) as { files: JsonFile[] }).files };
}

test("packlint FILE on each broken document: the cause first, nothing false, no knock-ons (as the service)", async () => {
  const files = Object.fromEntries(BROKEN_CASES.map((c, i) => [`case-${i}.pack.yaml`, c.text]));
  const root = packTree(files);
  const { code, files: out } = await json(Object.keys(files).map((f) => join(root, f)));
  assert.equal(code, 1);
  BROKEN_CASES.forEach((c, i) => {
    const ds = out[i].diagnostics;
    assert.deepEqual(
      ds.map((d) => `${d.code}@${at(d)}`),
      c.all,
      c.name,
    );
    assert.equal(at(ds[0]), c.first.at, c.name);
    if (c.related) assert.deepEqual(ds[0].related?.map(at), [c.related], c.name);
    for (const d of ds) assert.ok(!claimsWrittenKeyMissing(d), `${c.name}: ${d.field} ${d.message}`);
  });
});

test("packlint FILE on one line of 10,000 [: two diagnostics, and code frames cut to a window around the column", async () => {
  const root = tempTree({ "brackets.pack.yaml": "[".repeat(10_000) + "\n" });
  const r = await cli([join(root, "brackets.pack.yaml")]);
  assert.equal(r.code, 1);
  const headers = r.out.split("\n").filter((l) => /\.pack\.yaml:\d+:\d+: /.test(l) && !l.startsWith(" "));
  assert.deepEqual(
    headers.map((l) => l.replace(/^.*brackets\.pack\.yaml:/, "").split(" [")[0]),
    ["1:1: error", "1:501: error"],
  );
  // Before: 798 diagnostics, each printing the whole line (8.7 MB).
  assert.ok(r.out.length < 2_000, `${r.out.length} characters of output`);
  for (const line of r.out.split("\n")) assert.ok(line.length <= 200 || /^\/.*: error /.test(line), `a line of ${line.length} characters`);
  assert.match(r.out, /\n {2}1 \| \[{120}…\n/);
  assert.match(r.out, /\n {2}1 \| …\[{120}…\n {4}\| {42}\^/);
});

test("packlint FILE on a YAML file that is not a pack (a GitHub workflow): one error saying what packlint expected", async () => {
  const root = tempTree({
    ".github/workflows/ci.yml": "name: CI\non: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n",
  });
  const { code, files } = await json([join(root, ".github/workflows/ci.yml")]);
  assert.equal(code, 1);
  assert.equal(files[0].diagnostics.length, 1);
  const d = files[0].diagnostics[0];
  assert.equal(d.code, "not-a-pack");
  assert.equal(at(d), "1:1");
  assert.match(d.message, /^not a challenge pack: packlint expected a challenge pack or a Skill Testing case file/);
  assert.match(d.message, /\*\.pack\.yaml/);
  assert.match(d.message, /two of the top-level keys pack:, version:, challenges: and input_sets:/);
  // The text output's verdict says what the file is not, never that a pack has errors.
  const text = await cli([join(root, ".github/workflows/ci.yml")]);
  assert.match(text.out, /ci\.yml: Not a challenge pack or Skill Testing case file\n/);
  assert.doesNotMatch(text.out, /Challenge pack has errors/);
});

test("packlint FILE on a pack being written (pack: and version: so far, any name): its errors, not not-a-pack", async () => {
  const root = tempTree({ "draft.yaml": "pack:\n  slug: draft\n  name: Draft\n  family: support\nversion:\n  number: 1\n" });
  const { files } = await json([join(root, "draft.yaml")]);
  assert.equal(files[0].kind, "challenge-pack");
  const codes = files[0].diagnostics.map((d) => d.code);
  assert.ok(!codes.includes("not-a-pack"), codes.join(", "));
  assert.ok(
    files[0].diagnostics.some((d) => d.field === "challenges"),
    JSON.stringify(files[0].diagnostics),
  );
});

test("a file that is not a pack by content is still checked when its name, or a config's packs glob, makes it one", async () => {
  const root = tempTree({ "a.pack.yaml": "name: CI\n", "packs/b.yaml": "name: CI\n", ".packlintrc.json": '{"packs": ["packs/*.yaml"]}' });
  const { files } = await json([join(root, "a.pack.yaml"), join(root, "packs/b.yaml")]);
  for (const f of files) {
    assert.ok(!f.diagnostics.some((d) => d.code === "not-a-pack"), f.path);
    assert.ok(
      f.diagnostics.some((d) => d.code === "pack-slug-required"),
      f.path,
    );
  }
});

test("a pack whose top-level keys are quoted is recognised by its content", async () => {
  const root = tempTree({ "quoted.yaml": "\"pack\":\n  slug: x\n'challenges': []\n", "spaced.yaml": "pack :\n  slug: x\ninput_sets : []\n" });
  const { files } = await json([join(root, "quoted.yaml"), join(root, "spaced.yaml")]);
  for (const f of files) {
    assert.ok(!f.diagnostics.some((d) => d.code === "not-a-pack"), f.path);
    assert.ok(
      f.diagnostics.some((d) => d.code === "pack-name-required"),
      f.path,
    );
  }
});

test("packlint FILE on a 4 KB binary file, or on text that is not UTF-8 and not a pack: one error", async () => {
  const root = tempTree({});
  const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37 + 11) % 256));
  writeFileSync(join(root, "data.bin"), binary);
  writeFileSync(join(root, "named.pack.yaml"), binary);
  writeFileSync(join(root, "latin1.yaml"), Buffer.from("name: caf\xe9\nitems:\n  - \xe0 la carte\n", "latin1"));
  const { files } = await json([join(root, "data.bin"), join(root, "named.pack.yaml"), join(root, "latin1.yaml")]);
  assert.deepEqual(
    files.map((f) => f.diagnostics.map((d) => d.code)),
    [["yaml-syntax"], ["yaml-syntax"], ["not-a-pack"]],
  );
  assert.match(files[0].diagnostics[0].message, /^this is a binary file, not YAML text/);
});
