import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { WorkspaceIndex, type IndexSource } from "../../server/src/workspace/workspace-index";
import { walkFiles } from "../../server/src/workspace/discovery";
import { tempTree } from "../helpers/cli";

/** A fake service: a file is a "pack" when its text starts with `pack:`; its one symbol is the rest of the line. */
function source(skip: (path: string) => boolean = () => false): IndexSource & { analyzed: string[] } {
  const analyzed: string[] = [];
  return {
    analyzed,
    uri: (path) => `file://${path}`,
    skipDir: skip,
    candidate: (path) => path.endsWith(".yaml"),
    textOnly: () => true,
    classify: (path) => {
      let text;
      try {
        text = readFileSync(path, "utf8");
      } catch {
        return undefined;
      }
      return text.startsWith("pack:") ? { kind: "challenge-pack", decoded: { text } } : undefined;
    },
    analyze: (_kind, { text }, uri) => {
      analyzed.push(basename(uri));
      const name = text.slice("pack:".length).trim();
      const at = { start: { line: 0, character: 6 }, end: { line: 0, character: 6 + name.length } };
      return { diagnostics: [], symbols: [{ name, kind: "challenge", range: at, container: "" }], assets: [] };
    },
  };
}
const names = (index: WorkspaceIndex) =>
  index
    .all()
    .flatMap((f) => f.symbols.map((s) => s.name))
    .sort();

test("walk: sorted, depth first; dependencies, build output, dot-folders and skipped folders left out; links never followed", () => {
  const dir = tempTree({
    "b.yaml": "",
    "a/x.yaml": "",
    "node_modules/m.yaml": "",
    ".git/g.yaml": "",
    "out/o.yaml": "",
    "skip/s.yaml": "",
    "outside/o.yaml": "",
  });
  symlinkSync(join(dir, "outside"), join(dir, "a", "linked-dir"));
  symlinkSync(join(dir, "b.yaml"), join(dir, "a", "linked.yaml"));
  const found = [...walkFiles(dir, (p) => basename(p) === "skip" || basename(p) === "outside")].map((p) => p.slice(dir.length + 1));
  assert.deepEqual(found, [join("a", "x.yaml"), "b.yaml"]);
});

test("index: a build finds every pack below the roots, with progress, and drops files that are gone on the next", async () => {
  const dir = tempTree({
    "one.yaml": "pack: one",
    "sub/two.yaml": "pack: two",
    "notes.yaml": "title: x",
    "skip/three.yaml": "pack: three",
    "image.png": "pack: not read",
  });
  const src = source((p) => basename(p) === "skip");
  const index = new WorkspaceIndex(src);
  const steps: [number, number][] = [];
  await index.build([dir], (done, total) => steps.push([done, total]));
  assert.deepEqual(names(index), ["one", "two"]);
  assert.deepEqual(
    steps,
    [
      [0, 3],
      [1, 3],
      [2, 3],
      [3, 3],
    ],
    "one step per file looked at",
  );
  rmSync(join(dir, "one.yaml"));
  writeFileSync(join(dir, "sub/two.yaml"), "pack: two");
  await index.build([dir]);
  assert.deepEqual(names(index), ["two"]);
  assert.deepEqual(src.analyzed, ["one.yaml", "two.yaml"], "an unchanged text is not analysed again");
});

test("index: updates follow created, changed and deleted files and folders; a newer build supersedes a running one", async () => {
  const dir = tempTree({ "a.yaml": "pack: a" });
  const index = new WorkspaceIndex(source());
  await index.build([dir]);
  writeFileSync(join(dir, "b.yaml"), "pack: b");
  await index.update(join(dir, "b.yaml"));
  writeFileSync(join(dir, "a.yaml"), "pack: a2");
  await index.update(join(dir, "a.yaml"));
  assert.deepEqual(names(index), ["a2", "b"]);
  writeFileSync(join(dir, "a.yaml"), "no longer a pack");
  await index.update(join(dir, "a.yaml"));
  assert.deepEqual(names(index), ["b"]);
  mkdirSync(join(dir, "team/deep"), { recursive: true });
  writeFileSync(join(dir, "team/deep/c.yaml"), "pack: c");
  writeFileSync(join(dir, "team/d.yaml"), "pack: d");
  await index.addFolder(join(dir, "team"));
  assert.deepEqual(names(index), ["b", "c", "d"]);
  rmSync(join(dir, "team"), { recursive: true });
  assert.deepEqual(index.remove(join(dir, "team")).length, 2);
  assert.deepEqual(index.remove(join(dir, "te")), [], "a prefix of a name is not a folder");
  assert.deepEqual(names(index), ["b"]);

  const src = source();
  const racing = new WorkspaceIndex(src);
  const first = racing.build([dir]);
  const second = racing.build([dir]);
  await racing.ready();
  await first;
  await second;
  assert.deepEqual(names(racing), ["b"]);
  assert.deepEqual(src.analyzed, ["b.yaml"], "the superseded build stopped before analysing anything");
});

test("index: builds wait for `pause` between files, open files first; `ready` gives up when cancelled; `stop` ends a build", async () => {
  const dir = tempTree({ "a.yaml": "pack: a", "b.yaml": "pack: b", "c.yaml": "pack: c" });
  const src = source();
  const gates: (() => void)[] = [];
  src.pause = () => new Promise<void>((resolve) => gates.push(resolve));
  src.first = (uri) => uri.endsWith("c.yaml");
  const index = new WorkspaceIndex(src);
  const build = index.build([dir]);
  const next = async () => {
    while (!gates.length) await new Promise((resolve) => setImmediate(resolve));
    gates.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  await next();
  assert.deepEqual(src.analyzed, ["c.yaml"], "one file per slice, the open one first");
  let cancel: () => void = () => undefined;
  const token = { isCancellationRequested: false, onCancellationRequested: (f: () => void) => ((cancel = f), { dispose: () => undefined }) };
  const waiting = index.ready(token);
  token.isCancellationRequested = true;
  cancel();
  await waiting;
  assert.deepEqual(src.analyzed, ["c.yaml"], "a cancelled wait for the index returns while it still builds");
  index.stop();
  await next();
  await build;
  assert.deepEqual(src.analyzed, ["c.yaml"], "a stopped build analyses nothing more");
});
