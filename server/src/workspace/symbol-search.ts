import { distance } from "fastest-levenshtein";
import type { SymbolInformation } from "vscode-languageserver-types";
import { KEY_SYMBOL_KINDS, type KeySymbol, compareRanges } from "../service";

/** A workspace symbol: LSP's SymbolInformation, always in a container (its pack section). */
export type FoundSymbol = SymbolInformation & { containerName: string };

/** Past this many results the list is cut (the client filters further as the user types). */
export const MAX_SYMBOLS = 1000;

/**
 * How well a key matches a query, lower is better, undefined for no match. Case is ignored. In order: the
 * whole key, a prefix, a substring, the query's characters in order (`rws` finds `refund-window-smoke`),
 * and for queries of four characters or more a key within a small edit distance (a typo: `refnud-smoke`).
 */
export function matchScore(query: string, name: string): number | undefined {
  return scoreLowered(query.toLowerCase(), name.toLowerCase());
}

function scoreLowered(q: string, n: string): number | undefined {
  if (q === "") return 0;
  if (n === q) return 0;
  if (q.length > n.length) return typoScore(q, n);
  if (n.startsWith(q)) return 1;
  if (n.includes(q)) return 2;
  if (isSubsequence(q, n)) return 3;
  return typoScore(q, n);
}

/**
 * A typo: within a small edit distance. Lengths further apart than that distance cannot match, and are not
 * measured (the distance costs the product of the lengths: a 100,000-character query would freeze the server).
 */
function typoScore(q: string, n: string): number | undefined {
  const allowed = Math.max(1, Math.floor(q.length / 4));
  if (q.length < 4 || Math.abs(q.length - n.length) > allowed) return undefined;
  return distance(q, n) <= allowed ? 4 : undefined;
}

function isSubsequence(q: string, n: string): boolean {
  let i = 0;
  for (let j = 0; j < n.length && i < q.length; j++) if (n[j] === q[i]) i++;
  return i === q.length;
}

/** The symbols of every file that match the query, best first (then shorter keys, then by name and file). */
export function searchSymbols(files: Iterable<{ uri: string; symbols: readonly KeySymbol[] }>, query: string, limit = MAX_SYMBOLS): FoundSymbol[] {
  const hits: { score: number; found: FoundSymbol }[] = [];
  const q = query.trim().toLowerCase();
  for (const file of files) {
    for (const s of file.symbols) {
      const score = scoreLowered(q, s.name.toLowerCase());
      if (score === undefined) continue;
      hits.push({ score, found: { name: s.name, kind: KEY_SYMBOL_KINDS[s.kind], location: { uri: file.uri, range: s.range }, containerName: s.container } });
    }
  }
  hits.sort(
    (a, b) =>
      a.score - b.score ||
      a.found.name.length - b.found.name.length ||
      (a.found.name < b.found.name ? -1 : a.found.name > b.found.name ? 1 : 0) ||
      (a.found.location.uri < b.found.location.uri ? -1 : a.found.location.uri > b.found.location.uri ? 1 : 0) ||
      compareRanges(a.found.location.range, b.found.location.range),
  );
  return hits.slice(0, limit).map((h) => h.found);
}
