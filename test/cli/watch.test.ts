import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
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
