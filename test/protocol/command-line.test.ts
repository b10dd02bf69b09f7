import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import assert from "node:assert/strict";
import { ROOT } from "../../scripts/bundle";
import { BIN } from "../helpers/lsp-client";

/** `packlint-language-server --help` and `--version` answer on stdout and exit 0, without waiting for a client. */

const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", input: "" });

test("packlint-language-server --version prints the package version and exits 0", () => {
  const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
  for (const flag of ["--version", "-v"]) {
    const r = run(flag);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, `${version}\n`);
  }
});

test("packlint-language-server --help names its transports and exits 0, also next to one", () => {
  for (const args of [["--help"], ["-h"], ["--stdio", "--help"]]) {
    const r = run(...args);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^Usage: packlint-language-server \[--stdio/);
    for (const transport of ["--stdio", "--node-ipc", "--socket=PORT", "--pipe=NAME"]) assert.ok(r.stdout.includes(`  ${transport} `), transport);
  }
});
