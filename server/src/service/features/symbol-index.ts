import type { PackModel } from "../pack-model";
import { EVERY_CASE, type SymbolEntry, type SymbolKind } from "../model/symbols";
import { CacheSlot } from "../model/model-cache";

/**
 * The model's symbol table indexed for the features (by key graph, and by position), built once per model:
 * lenses and completion ask about every symbol, and large packs declare tens of thousands of them.
 */
export interface SymbolIndex {
  /**
   * Declarations and references of one symbol (kind, name, scope), in document order. A name an evidence path reads
   * (scope EVERY_CASE) is one symbol across every case: asked from any case, the answer spans all of them.
   */
  occurrences(kind: SymbolKind, name: string, scope: string): { declarations: SymbolEntry[]; references: SymbolEntry[] };
  /** Declarations of a kind in a scope (EVERY_CASE: in any scope, one per name), in document order. */
  declared(kind: SymbolKind, scope: string): SymbolEntry[];
  /** Declarations of a kind in any scope, in document order. */
  declaredAnywhere(kind: SymbolKind): SymbolEntry[];
  /** The written reference, else the declaration, whose name covers `offset` (its end included). */
  at(offset: number): SymbolEntry | undefined;
}

const SYMBOL_INDEX = new CacheSlot<SymbolIndex>("symbol index");

export function symbolIndex(model: PackModel): SymbolIndex {
  return model.cache.get(SYMBOL_INDEX, () => build(model));
}

const EMPTY: { declarations: SymbolEntry[]; references: SymbolEntry[] } = { declarations: [], references: [] };

function build(model: PackModel): SymbolIndex {
  const { declarations, references } = model.symbols;
  const bySymbol = new Map<string, { declarations: SymbolEntry[]; references: SymbolEntry[] }>();
  const byScope = new Map<string, SymbolEntry[]>();
  const byKind = new Map<string, SymbolEntry[]>();
  const slot = (e: SymbolEntry) => {
    const k = `${e.kind}\u0000${e.scope}\u0000${e.name}`;
    let s = bySymbol.get(k);
    if (!s) bySymbol.set(k, (s = { declarations: [], references: [] }));
    return s;
  };
  const push = <K>(map: Map<K, SymbolEntry[]>, key: K, e: SymbolEntry) => {
    const list = map.get(key);
    if (list) list.push(e);
    else map.set(key, [e]);
  };
  const byStart = (a: SymbolEntry, b: SymbolEntry) => a.span.start - b.span.start;
  const sortedDecls = [...declarations].sort(byStart);
  const allRefs = [...references].sort(byStart);
  for (const d of sortedDecls) {
    slot(d).declarations.push(d);
    push(byScope, `${d.kind}\u0000${d.scope}`, d);
    push(byKind, d.kind, d);
  }
  for (const r of allRefs) slot(r).references.push(r);
  const sortedRefs = allRefs.filter((r) => !r.implicit);
  const across = acrossCases(sortedDecls, allRefs);
  return {
    occurrences: (kind, name, scope) => across(kind, name) ?? bySymbol.get(`${kind}\u0000${scope}\u0000${name}`) ?? EMPTY,
    declared: (kind, scope) => (scope === EVERY_CASE ? firstOfEachName(byKind.get(kind) ?? []) : (byScope.get(`${kind}\u0000${scope}`) ?? [])),
    declaredAnywhere: (kind) => byKind.get(kind) ?? [],
    at: (offset) => covering(sortedRefs, offset) ?? covering(sortedDecls, offset),
  };
}

type Occurrences = { declarations: SymbolEntry[]; references: SymbolEntry[] };

/**
 * The occurrences, in every scope, of a name some evidence path reads; undefined for any other name. Grouped at the
 * first question, from the entries in document order: most questions are about names no path reads.
 */
function acrossCases(declarations: SymbolEntry[], references: SymbolEntry[]): (kind: SymbolKind, name: string) => Occurrences | undefined {
  const read = new Map<string, Occurrences>();
  for (const r of references) if (r.scope === EVERY_CASE) read.set(`${r.kind}\u0000${r.name}`, { declarations: [], references: [] });
  if (read.size === 0) return () => undefined;
  let grouped = false;
  return (kind, name) => {
    const o = read.get(`${kind}\u0000${name}`);
    if (o && !grouped) {
      grouped = true;
      for (const d of declarations) read.get(`${d.kind}\u0000${d.name}`)?.declarations.push(d);
      for (const r of references) read.get(`${r.kind}\u0000${r.name}`)?.references.push(r);
    }
    return o;
  };
}

function firstOfEachName(entries: SymbolEntry[]): SymbolEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => !seen.has(e.name) && seen.add(e.name));
}

/** The entry whose span covers `offset`, among entries sorted by start (binary search). */
function covering(sorted: SymbolEntry[], offset: number): SymbolEntry | undefined {
  let lo = 0;
  let hi = sorted.length - 1;
  let last = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].span.start <= offset) {
      last = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  for (let i = last; i >= 0 && i >= last - 1; i--) if (sorted[i].span.end >= offset) return sorted[i];
  return undefined;
}
