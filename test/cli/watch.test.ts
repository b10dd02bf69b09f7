import { test, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { packTree } from "../helpers/cli";
import { pack } from "../helpers/packs";

const BIN = join(__dirname, "../../server/src/cli/bin.js");
const ERRORS = pack({ version: "version:\n  number: 0\n  assets:\n    - key: policy_pdf\n      path: assets/policy.pdf\n" });

/** Output of a child process, with a way to wait for text to appear in it after a mark (no clock: each chunk is an event). */
class Output {
  text = "";
  private ended = false;
  private waiters: (() => void)[] = [];
  constructor(stream: NodeJS.ReadableStream) {
    const wake = () => this.waiters.splice(0).forEach((w) => w());
    stream.on("data", (b: Buffer) => {
      this.text += b;
      wake();
    });
    stream.on("end", () => {
      this.ended = true;
      wake();
    });
  }
  async after(from: number, want: RegExp): Promise<string> {
    for (;;) {
      const seen = this.text.slice(from);
      if (want.test(seen)) return seen;
      if (this.ended) throw new Error(`the process ended without printing ${want}; it printed: ${seen}`);
      await new Promise<void>((r) => this.waiters.push(r));
    }
  }
}

test("--watch checks a file again when it changes, prints what changed, and stops on Ctrl-C with the last state's exit code", async () => {
  const dir = packTree({ "a.pack.yaml": pack(), "b.pack.yaml": pack() });
  const child = spawn(process.execPath, [BIN, "--watch", "--no-color", dir], { stdio: ["ignore", "pipe", "pipe"] });
  const out = new Output(child.stdout);
  const err = new Output(child.stderr);
  const exited = new Promise<number | null>((done) => child.on("close", done));
  try {
    await err.after(0, /watching .* for changes/);
    assert.match(out.text, /2 files checked, 0 errors, 0 warnings, 0 files skipped\n$/);

    let mark = out.text.length;
    writeFileSync(join(dir, "b.pack.yaml"), ERRORS);
    const broken = await out.after(mark, /files? checked.*\n$/);
    assert.match(broken, /b\.pack\.yaml:\d+:\d+: error \[version-number-positive\]/);
    assert.doesNotMatch(broken, /a\.pack\.yaml/); // only what changed is printed
    assert.match(broken, /2 files checked, 1 error, 0 warnings/); // the summary counts every file

    mark = out.text.length;
    writeFileSync(join(dir, "c.pack.yaml"), pack());
    const added = await out.after(mark, /files? checked.*\n$/);
    assert.match(added, /c\.pack\.yaml: Challenge pack is valid/);
    assert.match(added, /3 files checked, 1 error/);

    mark = out.text.length;
    rmSync(join(dir, "b.pack.yaml"));
    const removed = await out.after(mark, /files? checked.*\n$/);
    assert.match(removed, /b\.pack\.yaml: removed\n/);
    assert.match(removed, /2 files checked, 0 errors/);

    // A new folder is watched, and the packs written into it are checked.
    mark = out.text.length;
    mkdirSync(join(dir, "sub"));
    writeFileSync(join(dir, "sub", "d.pack.yaml"), ERRORS);
    const nested = await out.after(mark, /3 files checked, 1 error/);
    assert.match(nested, /d\.pack\.yaml: Challenge pack has errors/);
    assert.doesNotMatch(nested, /[ac]\.pack\.yaml/);

    mark = out.text.length;
    rmSync(join(dir, "sub"), { recursive: true });
    assert.match(await out.after(mark, /files? checked.*\n$/), /d\.pack\.yaml: removed\n[^]*2 files checked, 0 errors/);

    mark = out.text.length;
    writeFileSync(join(dir, "a.pack.yaml"), ERRORS);
    await out.after(mark, /1 error/);
  } finally {
    child.kill("SIGINT");
  }
  assert.equal(await exited, 1);
});

/** `packlint --watch --no-color ARGS`, with its output, a promise of its exit code and a way to stop it (Ctrl-C); killed when the test ends. */
function watching(t: TestContext, ...args: string[]) {
  const child = spawn(process.execPath, [BIN, "--watch", "--no-color", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise<number | null>((done) => child.on("close", done));
  t.after(() => void child.kill("SIGKILL"));
  return { out: new Output(child.stdout), err: new Output(child.stderr), exited, stop: () => child.kill("SIGINT") };
}

test("--watch reports a FIFO once, keeps watching, and ends with exit 2 while it is there", { timeout: 60_000 }, async (t) => {
  const dir = packTree({ "a.pack.yaml": pack() });
  const fifo = join(dir, "pipe.pack.yaml");
  execFileSync("mkfifo", [fifo]);
  const w = watching(t, dir);
  try {
    await w.err.after(0, /watching .* for changes/);
    assert.match(w.out.text, /1 file checked, 0 errors/);
    // The FIFO changes (its times), then packs do: each pack is checked, the FIFO is not reported again.
    for (const name of ["b.pack.yaml", "c.pack.yaml"]) {
      utimesSync(fifo, new Date(), new Date());
      const mark = w.out.text.length;
      writeFileSync(join(dir, name), ERRORS);
      assert.match(await w.out.after(mark, /files? checked.*\n$/), new RegExp(`${name.replace(".", "\\.")}:\\d+:\\d+: error`));
    }
    assert.equal(w.err.text.match(/cannot read/g)?.length, 1, w.err.text);
    assert.match(w.err.text, /cannot read .*pipe\.pack\.yaml: not a regular file/);
  } finally {
    w.stop();
  }
  assert.equal(await w.exited, 2);
});

test("--watch DIR watches DIR again when it is removed and made again (a branch switch)", { timeout: 60_000 }, async (t) => {
  const dir = join(packTree({ "packs/a.pack.yaml": pack() }), "packs");
  const w = watching(t, dir);
  try {
    await w.err.after(0, /watching .* for changes/);
    // Removed, noticed, then made again.
    let mark = w.err.text.length;
    rmSync(dir, { recursive: true });
    await w.err.after(mark, /cannot read .*packs: no such file or directory/);
    mark = w.out.text.length;
    mkdirSync(dir);
    writeFileSync(join(dir, "b.pack.yaml"), ERRORS);
    assert.match(await w.out.after(mark, /b\.pack\.yaml: Challenge pack has errors\n[^]*checked.*\n$/), /a\.pack\.yaml: removed/);
    // Removed and made again at once; and the new folder is heard afterwards.
    for (const name of ["c.pack.yaml", "d.pack.yaml"]) {
      mark = w.out.text.length;
      if (name === "c.pack.yaml") {
        rmSync(dir, { recursive: true });
        mkdirSync(dir);
      }
      writeFileSync(join(dir, name), ERRORS);
      await w.out.after(mark, new RegExp(`${name.replace(".", "\\.")}: Challenge pack has errors\\n`));
    }
  } finally {
    w.stop();
  }
  assert.equal(await w.exited, 1);
});
