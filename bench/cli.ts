import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildPackModel, packDiagnostics } from "../server/src/service/pack-model";
import { generatePack } from "./generate";
import { round, Samples, time } from "./measure";

export interface CliBenchOptions {
  root: string;
  files: number;
  casesPerFile: number;
  runs: number;
}

/**
 * (7) `packlint DIR` over a folder of generated packs, as CI runs it: with one worker and with two, against
 * checking the same files one after the other in this process (the work without process start, reading and printing).
 */
export function measureCliDirectory(opts: CliBenchOptions): Record<string, unknown> {
  const dir = mkdtempSync(join(tmpdir(), "packlint-bench-cli-"));
  try {
    const texts: string[] = [];
    for (let i = 0; i < opts.files; i++) {
      const text = generatePack({ cases: opts.casesPerFile }).replace("slug: generated-bench", `slug: generated-bench-${i}`);
      mkdirSync(join(dir, `team-${i % 4}`), { recursive: true });
      writeFileSync(join(dir, `team-${i % 4}`, `pack-${i}.pack.yaml`), text);
      texts.push(text);
    }
    const cli = (jobs: number) => () => {
      const args = [join(opts.root, "out", "server", "src", "cli", "bin.js"), "--format", "json", "--jobs", String(jobs), dir];
      const r = spawnSync(process.execPath, args, { maxBuffer: 1 << 30 });
      // 1: the packs have findings (their asset files are not on disk); anything else is the benchmark's failure.
      if (r.status !== 0 && r.status !== 1) throw new Error(`packlint exited ${r.status}: ${r.stderr}`);
    };
    const inProcess = () => texts.reduce((n, text) => n + packDiagnostics(buildPackModel(text)).length, 0);
    const one = new Samples();
    const two = new Samples();
    const serial = new Samples();
    cli(1)(); // warms the file cache
    // Interleaved, so the three see the same machine load.
    for (let i = 0; i < opts.runs; i++) {
      one.add(time(cli(1)).timing);
      two.add(time(cli(2)).timing);
      serial.add(time(inProcess).timing);
    }
    const chars = texts.reduce((n, t) => n + t.length, 0);
    const [j1, j2, s] = [one.summary().wallMs, two.summary().wallMs, serial.summary().wallMs];
    return {
      files: opts.files,
      casesPerFile: opts.casesPerFile,
      megabytes: round(chars / 1e6, 2),
      jobs1Ms: j1,
      jobs2Ms: j2,
      inProcessSerialMs: s,
      filesPerSecondJobs2: round(opts.files / (j2.median / 1000), 1),
      ratios: { jobs2OverJobs1: round(j2.median / j1.median), jobs1OverInProcess: round(j1.median / s.median) },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
