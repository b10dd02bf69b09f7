import type { PackModel } from "../pack-model";
import type { SymbolEntry, SymbolKind } from "../model/symbols";
import { CacheSlot } from "../model/model-cache";

/**
 * The model's symbol table indexed for the features (by key graph, and by position), built once per model:
 * lenses and completion ask about every symbol, and large packs declare tens of thousands of them.
 */
export interface SymbolIndex {
  /** Declarations and references of one symbol (kind, name, scope), in document order. */
  occurrences(kind: SymbolKind, name: string, scope: string): { declarations: SymbolEntry[]; references: SymbolEntry[] };
  /** Declarations of a kind in a scope, in document order. */
  declared(kind: SymbolKind, scope: string): SymbolEntry[];
  /** Declarations of a kind in any scope, in document order. */
  declaredAnywhere(kind: SymbolKind): SymbolEntry[];
  /** The reference, else the declaration, whose name covers `offset` (its end included). */
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
  for (const d of [...declarations].sort(byStart)) {
    slot(d).declarations.push(d);
    push(byScope, `${d.kind}\u0000${d.scope}`, d);
    push(byKind, d.kind, d);
  }
  for (const r of [...references].sort(byStart)) slot(r).references.push(r);
  const sortedRefs = [...references].sort(byStart);
  const sortedDecls = [...declarations].sort(byStart);
  return {
    occurrences: (kind, name, scope) => bySymbol.get(`${kind}\u0000${scope}\u0000${name}`) ?? EMPTY,
    declared: (kind, scope) => byScope.get(`${kind}\u0000${scope}`) ?? [],
    declaredAnywhere: (kind) => byKind.get(kind) ?? [],
    at: (offset) => covering(sortedRefs, offset) ?? covering(sortedDecls, offset),
  };
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
