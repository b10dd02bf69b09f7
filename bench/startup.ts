import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { installInProject, packTarball } from "../test/helpers/installed-package";
import { round, Samples, summarize, time } from "./measure";

/**
 * (8) Start-up of the CLI as users get it: the npm tarball installed into a new project, run on one small valid pack
 * (the repository's example), against `node -e 0`, alternating so both see the same load.
 */
export async function measureStartup(opts: { root: string; runs: number }): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), "packlint-bench-startup-"));
  try {
    const { tarball } = await packTarball(join(dir, "tarball"));
    const project = installInProject(tarball, join(dir, "project"));
    cpSync(join(opts.root, "examples", "valid.pack.yaml"), join(project, "valid.pack.yaml"));
    cpSync(join(opts.root, "examples", "assets"), join(project, "assets"), { recursive: true });
    const cli = join(project, "node_modules", ".bin", "packlint");
    const run = (args: string[]) => () => {
      const r = spawnSync(process.execPath, args, { cwd: project });
      if (r.status !== 0) throw new Error(`node ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
    };
    const packlint = run([cli, "valid.pack.yaml"]);
    const bare = run(["-e", "0"]);
    packlint(); // warms the file cache
    const node = new Samples();
    const ours = new Samples();
    const ratios: number[] = [];
    for (let i = 0; i < opts.runs; i++) {
      const b = time(bare).timing;
      const p = time(packlint).timing;
      node.add(b);
      ours.add(p);
      ratios.push(p.wallMs / b.wallMs);
    }
    const [n, p] = [node.summary().wallMs, ours.summary().wallMs];
    return { runs: opts.runs, nodeMs: n, packlintMs: p, ratio: round(p.median / n.median), pairRatios: summarize(ratios) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
