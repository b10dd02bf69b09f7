import { buildPackModel, packDiagnostics } from "../server/src/service/pack-model";
import { round, Samples, time } from "./measure";

/** A pack with `n` plain scalars where challenges belong: one decode error each, and the rules' findings on top. */
export function packWithFindings(n: number): string {
  const lines = ["pack:", "  slug: a", "  name: A", "  family: f", "version:", "  number: 1", "challenges:"];
  for (let i = 0; i < n; i++) lines.push(`  - x${i}`);
  return lines.join("\n") + "\n";
}

/**
 * (9) Work in the number of findings: cold diagnostics of packs with 50,000, 100,000 and 200,000 findings. Each
 * doubling should cost about twice as much (n log n at worst: the target is ≤ 2.2× a doubling); a quadratic step
 * shows as 4×.
 */
export function measureFindings(opts: { sizes: number[]; runs: number }): Record<string, unknown> {
  const medians: Record<number, number> = {};
  for (const n of opts.sizes) {
    const text = packWithFindings(n);
    const samples = new Samples();
    for (let i = 0; i < opts.runs; i++) samples.add(time(() => packDiagnostics(buildPackModel(text))).timing);
    medians[n] = samples.summary().cpuMs.median; // CPU time: the machine's load shifts wall time
  }
  const perDoubling = opts.sizes.slice(1).map((n, i) => ({ from: opts.sizes[i], to: n, ratio: round(medians[n] / medians[opts.sizes[i]], 2) }));
  return { medians, perDoubling };
}
