import { distance } from "fastest-levenshtein";

/** The candidates closest to `word`, best first; only those close enough to be a plausible typo. */
export function closest(word: string, candidates: Iterable<string>, max = 3): string[] {
  const w = word.toLowerCase();
  const scored: { c: string; d: number }[] = [];
  for (const c of new Set(candidates)) {
    if (c === word) continue;
    const d = distance(w, c.toLowerCase());
    const limit = Math.max(2, Math.floor(Math.max(w.length, c.length) / 3));
    if (d <= limit || c.toLowerCase().startsWith(w) || (w.length >= 3 && c.toLowerCase().includes(w))) scored.push({ c, d });
  }
  scored.sort((a, b) => a.d - b.d || a.c.localeCompare(b.c));
  return scored.slice(0, max).map((s) => s.c);
}

/** Every candidate, closest first (for enum quick fixes). */
export function byCloseness(word: string, candidates: readonly string[]): string[] {
  const w = word.toLowerCase();
  return [...candidates].sort((a, b) => distance(w, a.toLowerCase()) - distance(w, b.toLowerCase()));
}

/**
 * The values to offer in place of `word`: the near ones (a plausible typo, closest first) when there are any, so that
 * a did-you-mean never offers a far value beside a near one; every value, closest first, when none is near.
 */
export function nearOrAll(word: string, candidates: readonly string[]): string[] {
  const near = closest(word, candidates, candidates.length);
  return near.length > 0 ? near : byCloseness(word, candidates);
}
