import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { IN_FLIGHT, WorkspaceIndex, type IndexSource } from "../../server/src/workspace/workspace-index";
import { walkFiles } from "../../server/src/workspace/discovery";
import type { FileSummary } from "../../server/src/workspace/file-check";
import type { DocumentKind } from "../../server/src/service/languages";
import type { DecodedFile } from "../../server/src/service/yaml/encoding";
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

/** A source whose analyses finish when the test says: `pending` holds them in the order they began. */
function deferred(): IndexSource & { pending: { name: string; finish: (fail?: Error) => void }[]; analysedAtOnce: number } {
  const base = source();
  const pending: { name: string; finish: (fail?: Error) => void }[] = [];
  const src = {
    ...base,
    pending,
    analysedAtOnce: 0,
    analyze: (kind: DocumentKind, decoded: DecodedFile, uri: string) =>
      new Promise<FileSummary>((resolve, reject) => {
        const entry = {
          name: basename(uri),
          finish: (fail?: Error) => {
            pending.splice(pending.indexOf(entry), 1);
            if (fail) reject(fail);
            else resolve(base.analyze(kind, decoded, uri) as FileSummary);
          },
        };
        pending.push(entry);
        src.analysedAtOnce = Math.max(src.analysedAtOnce, pending.length);
      }),
  };
  return src;
}

/** Lets the index's promises and immediates run until `done` holds (bounded by a count of turns, not by time). */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let turns = 0; !done(); turns++) {
    assert.ok(turns < 1000, `never: ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

test("index: at most IN_FLIGHT files are analysed at once; a failed analysis gives its file one internal-error", async () => {
  const dir = tempTree(Object.fromEntries(["a", "b", "c", "d", "e"].map((n) => [`${n}.yaml`, `pack: ${n}`])));
  const src = deferred();
  const index = new WorkspaceIndex(src);
  const build = index.build([dir]);
  for (const [i, name] of ["a.yaml", "b.yaml", "c.yaml", "d.yaml", "e.yaml"].entries()) {
    await until(() => src.pending.length === Math.min(IN_FLIGHT, 5 - i), `${name} and the next file in flight`);
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve)); // time to start more, if it would
    assert.equal(src.pending[0].name, name);
    src.pending[0].finish(name === "c.yaml" ? new Error("the worker died") : undefined);
  }
  await build;
  assert.equal(src.analysedAtOnce, IN_FLIGHT, "never more in flight");
  assert.deepEqual(names(index), ["a", "b", "d", "e"]);
  const failed = index.all().find((f) => f.path.endsWith("c.yaml"))!;
  assert.deepEqual(
    failed.diagnostics.map((d) => [d.code, d.message]),
    [["internal-error", "packlint failed while checking this file (Error: the worker died); the file was not checked. Please report this with the file."]],
  );
});

test("index: results no longer wanted are dropped: a superseded or stopped build's, an earlier read's, a removed file's", async () => {
  const dir = tempTree({ "a.yaml": "pack: a", "b.yaml": "pack: b" });
  const src = deferred();
  const index = new WorkspaceIndex(src);

  // A newer build supersedes the one whose files are in flight: their results are not applied.
  const first = index.build([dir]);
  await until(() => src.pending.length === 2, "both files in flight");
  const stale = src.pending.slice();
  writeFileSync(join(dir, "a.yaml"), "pack: a-new");
  const second = index.build([dir]);
  for (const p of stale) p.finish();
  await first;
  assert.deepEqual(names(index), [], "the superseded build applied nothing");
  await until(() => src.pending.length === 2, "the newer build's files in flight");
  for (const p of src.pending.slice()) p.finish();
  await second;
  assert.deepEqual(names(index), ["a-new", "b"]);

  // The file is read again while its first read is analysed: the later read wins, whichever finishes first.
  writeFileSync(join(dir, "b.yaml"), "pack: b-1");
  const older = index.update(join(dir, "b.yaml"));
  await until(() => src.pending.length === 1, "b-1 in flight");
  writeFileSync(join(dir, "b.yaml"), "pack: b-2");
  const newer = index.update(join(dir, "b.yaml"));
  await until(() => src.pending.length === 2, "b-2 in flight");
  const [b1, b2] = src.pending.slice();
  let ready = false;
  const waiting = index.ready().then(() => (ready = true));
  b2.finish();
  await newer;
  assert.equal(ready, false, "ready waits for every update under way");
  b1.finish();
  await older;
  await waiting;
  assert.deepEqual(names(index), ["a-new", "b-2"]);

  // Removed while in flight: the result does not bring it back.
  writeFileSync(join(dir, "c.yaml"), "pack: c");
  const added = index.update(join(dir, "c.yaml"));
  await until(() => src.pending.length === 1, "c in flight");
  index.remove(join(dir, "c.yaml"));
  src.pending[0].finish();
  assert.equal(await added, undefined);
  assert.deepEqual(names(index), ["a-new", "b-2"]);

  // Stopped: nothing in flight is applied any more, and nothing new is read.
  writeFileSync(join(dir, "a.yaml"), "pack: a-last");
  const last = index.update(join(dir, "a.yaml"));
  await until(() => src.pending.length === 1, "a-last in flight");
  index.stop();
  src.pending[0].finish();
  await last;
  await index.update(join(dir, "b.yaml"));
  assert.deepEqual(names(index), ["a-new", "b-2"]);
  assert.equal(src.pending.length, 0);
});
