/** Timing helpers for the benchmark: wall and CPU time of a call, medians and percentiles. */

export interface Timing {
  wallMs: number;
  cpuMs: number;
}

export function time<T>(f: () => T): { result: T; timing: Timing } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = f();
  const wallMs = performance.now() - start;
  const c = process.cpuUsage(cpu);
  return { result, timing: { wallMs, cpuMs: (c.user + c.system) / 1000 } };
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export const median = (values: readonly number[]) => percentile(values, 50);

/** A series of measurements, summarized: median, min, max, and the spread (max − min) / median as the noise. */
export interface Summary {
  runs: number;
  median: number;
  min: number;
  max: number;
  spread: number;
}

export function summarize(values: readonly number[]): Summary {
  const m = median(values);
  const min = Math.min(...values);
  const max = Math.max(...values);
  return { runs: values.length, median: round(m), min: round(min), max: round(max), spread: round(m > 0 ? (max - min) / m : 0) };
}

export function round(x: number, digits = 3): number {
  if (!Number.isFinite(x)) return x;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** Collects wall and CPU samples of one measured item. */
export class Samples {
  readonly wall: number[] = [];
  readonly cpu: number[] = [];

  add(t: Timing): void {
    this.wall.push(t.wallMs);
    this.cpu.push(t.cpuMs);
  }

  summary(): { wallMs: Summary; cpuMs: Summary } {
    return { wallMs: summarize(this.wall), cpuMs: summarize(this.cpu) };
  }
}
