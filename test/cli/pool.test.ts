import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { defaultJobs, InternalError, LARGE_FILE_BYTES, threadCount, validateAll } from "../../server/src/cli/pool";
import { cli, packTree, tempTree } from "../helpers/cli";
import { pack } from "../helpers/packs";

test("threads: none for small runs or one allowed thread; otherwise up to the limit, 8 files each", () => {
  assert.equal(threadCount(3, 8, 8), 0);
  assert.equal(threadCount(15, 8, 8), 0);
  assert.equal(threadCount(16, 8, 8), 2);
  assert.equal(threadCount(100, 4, 8), 4);
  assert.equal(threadCount(100, 1, 8), 0);
});

test("threads: never more than the cores, whatever --jobs says", () => {
  assert.equal(threadCount(5_000, 100_000, 4), 4);
  assert.equal(threadCount(5_000, 100_000, 16), 16);
  assert.equal(threadCount(5_000, 3, 16), 3);
  assert.equal(threadCount(5_000, 100_000, 1), 0, "one core: no workers");
});

test("default jobs: no threads below 4 cores (measured slower there), every core from 4", () => {
  assert.equal(defaultJobs(1), 1);
  assert.equal(defaultJobs(2), 1);
  assert.equal(defaultJobs(3), 1);
  assert.equal(defaultJobs(4), 4);
  assert.equal(defaultJobs(16), 16);
  assert.equal(threadCount(200, defaultJobs(2), 2), 0);
});

/** 16 packs, every other one broken at a different line, so each file's diagnostics are its own. */
function packs(): { dir: string; paths: string[] } {
  const files: Record<string, string> = {};
  for (let i = 0; i < 16; i++) {
    const name = `p${String(i).padStart(2, "0")}.pack.yaml`;
    files[name] = i % 2 ? pack({ version: `version:\n  number: 0\n${"  # pad\n".repeat(i)}` }) : pack();
  }
  const dir = packTree(files);
  return { dir, paths: Object.keys(files).map((f) => join(dir, f)) };
}

test("worker threads give the same outcomes as in-process validation, in the input order", async () => {
  const { paths } = packs();
  const jobs = paths.map((path) => ({ path, rules: {}, roots: [process.cwd()], cwd: process.cwd() }));
  let progress = 0;
  const threaded = await validateAll(jobs, { jobs: 2, onProgress: (done, total) => ((progress = done), assert.equal(total, 16)) });
  const inProcess = await validateAll(jobs, { jobs: 1 });
  assert.equal(progress, 16);
  assert.deepEqual(threaded, inProcess);
  assert.deepEqual(
    threaded.map((o) => ("report" in o ? o.report.path : "unreadable" in o ? o.unreadable : o.skipped)),
    paths,
  );
  assert.ok(threaded.every((o) => "report" in o && o.report.diagnostics.length === paths.indexOf(o.report.path) % 2));
});

test("a directory run prints files in a stable order whatever the number of threads", async () => {
  const { dir } = packs();
  const one = await cli(["--format", "json", "--jobs", "1", dir]);
  const two = await cli(["--format", "json", "--jobs", "2", dir]);
  assert.equal(one.code, 1);
  assert.equal(two.out, one.out);
});

test("a file whose check throws gets one internal-error diagnostic; the other files are still reported", async () => {
  const { paths } = packs();
  const jobs = paths.map((path) => ({ path, rules: {}, roots: [process.cwd()], cwd: process.cwd() }));
  // roots that are not a list make the asset-file lookup throw: a stand-in for any bug in one file's check.
  const broken = 3;
  jobs[broken] = { ...jobs[broken], roots: null as unknown as string[] };
  for (const threads of [2, 1]) {
    const outcomes = await validateAll(jobs, { jobs: threads });
    assert.equal(outcomes.length, 16);
    outcomes.forEach((o, i) => {
      assert.ok("report" in o);
      const codes = o.report.diagnostics.map((d) => d.code);
      if (i === broken) {
        assert.deepEqual(codes, ["internal-error"]);
        assert.match(o.report.diagnostics[0].message, /^packlint failed while checking this file \(TypeError: .+\); the file was not checked/);
      } else assert.equal(codes.length, i % 2, `file ${i}`);
    });
  }
});

test("a file over the heap limit ends the run as an internal error naming it (exit 3), never a V8 abort", async () => {
  // A one-line list of 400,000 items (1.2 MB, so checked in a thread even without --jobs): hundreds of megabytes.
  const huge = pack() + `extra: [${Array(400_000).fill("a").join(", ")}]\n`;
  assert.ok(huge.length >= LARGE_FILE_BYTES);
  const dir = tempTree({ "a.pack.yaml": pack(), "huge.pack.yaml": huge });
  const job = (name: string) => ({ path: join(dir, name), rules: {}, roots: [dir], cwd: dir });
  await assert.rejects(validateAll([job("a.pack.yaml"), job("huge.pack.yaml")], { jobs: 1, heapMB: 48 }), (e: Error) => {
    assert.ok(e instanceof InternalError);
    assert.equal(e.message, `while checking ${join(dir, "huge.pack.yaml")}: it needs more than the 48 MB of memory packlint allows a file`);
    return true;
  });
  const [outcome] = await validateAll([job("huge.pack.yaml")], { jobs: 1 });
  assert.ok("report" in outcome && outcome.report.diagnostics.length > 0, "under the default limit it is checked");
});
