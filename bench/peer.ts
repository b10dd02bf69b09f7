import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

/**
 * yaml-language-server, the peer the benchmark compares against: installed on first use into bench/peer
 * (its own package.json pins the version) with `npm install --prefix bench/peer`, never into the project's
 * node_modules and never by the tests.
 */
export function peerServer(root: string): { bin: string } | { skipped: string } {
  const dir = join(root, "bench", "peer");
  const bin = join(dir, "node_modules", "yaml-language-server", "bin", "yaml-language-server");
  if (!existsSync(bin)) {
    console.log("installing yaml-language-server into bench/peer …");
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const done = spawnSync(npm, ["install", "--prefix", dir, "--no-audit", "--no-fund"], { stdio: "inherit" });
    if (done.status !== 0 || !existsSync(bin)) return { skipped: `npm install --prefix bench/peer failed (${done.status ?? done.error?.message})` };
  }
  return { bin };
}
