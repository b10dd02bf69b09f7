import type { Span } from "../types";

/**
 * Answers "does this span overlap any of a fixed set of spans?" in O(log n): spans sorted by start with a running
 * maximum of their ends. Rule findings are filtered against decode problems with it, so the filter stays
 * n log n however many findings a hostile pack produces (a linear scan per finding was quadratic).
 */
export class SpanIndex {
  private readonly starts: number[];
  private readonly maxEnd: number[];

  constructor(spans: readonly Span[]) {
    const sorted = [...spans].sort((a, b) => a.start - b.start);
    this.starts = sorted.map((s) => s.start);
    this.maxEnd = [];
    let max = -Infinity;
    for (const s of sorted) this.maxEnd.push((max = Math.max(max, s.end)));
  }

  /** True when some span `a` has `a.start < s.end && s.start < a.end`, or starts where `s` starts. */
  overlapsAny(s: Span): boolean {
    const before = this.countStartingBefore(s.end);
    if (before > 0 && this.maxEnd[before - 1] > s.start) return true;
    const at = this.countStartingBefore(s.start);
    return at < this.starts.length && this.starts[at] === s.start;
  }

  /** How many spans start before `offset`. */
  private countStartingBefore(offset: number): number {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
