import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { join, resolve } from "node:path";
import { cli, packTree } from "../helpers/cli";
import { pack } from "../helpers/packs";

/**
 * Each file is read once: a YAML file whose content makes it a pack is read to find that out, and the check uses
 * those bytes (cli/files.ts used to read it, then cli/validate-file.ts read it again). The file system is
 * instrumented: every open and whole-file read of the file is counted.
 */
function countingReads<T>(path: string, run: () => Promise<T>): Promise<{ result: T; reads: number }> {
  const target = resolve(path);
  let reads = 0;
  const mutable = fs as unknown as Record<string, unknown>;
  const originals = { openSync: fs.openSync, readFileSync: fs.readFileSync };
  const count = (name: keyof typeof originals) =>
    function (this: unknown, ...args: unknown[]) {
      if (typeof args[0] === "string" && resolve(args[0]) === target) reads++;
      return (originals[name] as (...a: unknown[]) => unknown).apply(this, args);
    };
  mutable.openSync = count("openSync");
  mutable.readFileSync = count("readFileSync");
  return run()
    .then((result) => ({ result, reads }))
    .finally(() => Object.assign(mutable, originals));
}

test("a pack found by its content in a directory run is read once", async () => {
  const dir = packTree({ "packs/by-content.yaml": pack({ extra: "colour: blue\n" }) });
  const file = join(dir, "packs/by-content.yaml");
  const { result, reads } = await countingReads(file, () => cli(["--format", "json", "--jobs", "1", dir], { cwd: dir }));
  assert.equal(result.code, 0, result.err);
  const files = (JSON.parse(result.out) as { files: { path: string; diagnostics: { code: string }[] }[] }).files;
  assert.deepEqual(
    files.map((f) => [f.path, f.diagnostics.map((d) => d.code)]),
    [[file, ["unknown-key"]]],
    "it was checked, as a pack",
  );
  assert.equal(reads, 1);
});

test("the counter sees reads: a pack named by its kind is read once, and --list-files of a sniffed file reads it once", async () => {
  const dir = packTree({ "p.pack.yaml": pack(), "by-content.yaml": pack() });
  const named = await countingReads(join(dir, "p.pack.yaml"), () => cli(["--jobs", "1", join(dir, "p.pack.yaml")], { cwd: dir }));
  assert.equal(named.result.code, 0, named.result.err);
  assert.equal(named.reads, 1);
  const listed = await countingReads(join(dir, "by-content.yaml"), () => cli(["--list-files", dir], { cwd: dir }));
  assert.match(listed.result.out, /by-content\.yaml: checked as a challenge pack \(by content\)/);
  assert.equal(listed.reads, 1);
});
