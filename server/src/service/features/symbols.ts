import type { PackModel } from "../pack-model";
import { toRange } from "../pack-model";
import type { Span } from "../types";
import { DocumentSymbol, SymbolKindNumber } from "./shapes";

/**
 * The outline, shaped like the domain: the pack holds its challenges, input sets (with their cases) and the
 * evaluation spec (validators, metrics, judges, dimensions).
 */
export function documentSymbols(model: PackModel): DocumentSymbol[] {
  const { bundle: b, at } = model;
  const range = (s: Span) => toRange(model.lines, s);
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  const obj = (v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);

  /** One symbol per item of a written list, named by its key (or its index), selecting the key's value. */
  const items = (list: unknown, label: string, kind: number, detail: (item: unknown) => string, children?: (item: unknown, i: number) => DocumentSymbol[]) => {
    if (!Array.isArray(list) || !model.sources.get(list)?.node) return [];
    return list.map((item, i): DocumentSymbol => {
      const span = at.item(list, i);
      const o = obj(item);
      const name = typeof item === "string" ? item : str(o?.key);
      const selection = o && at.has(o, "key") ? at.value(o, "key") : span;
      const s: DocumentSymbol = { name: name || `${label}[${i}]`, kind, range: range(span), selectionRange: range(selection) };
      const d = detail(item);
      if (d) s.detail = d;
      const c = children?.(item, i);
      if (c?.length) s.children = c;
      return s;
    });
  };
  /** A group for `owner.key` (a written list or map) holding `children`. */
  const group = (owner: object | undefined, key: string, kind: number, children: DocumentSymbol[]): DocumentSymbol[] => {
    if (!owner || !at.has(owner, key) || children.length === 0) return [];
    const keySpan = at.key(owner, key);
    const value = (owner as Record<string, unknown>)[key];
    const end = Math.max(keySpan.end, at.extent(value as object).end);
    return [{ name: key, kind, range: range({ start: keySpan.start, end }), selectionRange: range(keySpan), children }];
  };

  const challenges = items(b.challenges, "challenges", SymbolKindNumber.Class, (c) => [str(obj(c)?.title), str(obj(c)?.difficulty)].filter(Boolean).join(" · "));
  const inputSets = items(b.input_sets, "input_sets", SymbolKindNumber.Module, (s) => str(obj(s)?.name), (s) => {
    const set = obj(s);
    const list = set && at.has(set, "cases") ? set.cases : set?.items;
    return items(list, "cases", SymbolKindNumber.Object, (c) => str(obj(c)?.challenge_key)).map((sym, j) => {
      const c = obj((list as unknown[])[j]);
      return c && !at.has(c, "key") ? { ...sym, name: str(c.case_key) || str(c.item_key) || sym.name, selectionRange: range(at.value(c, at.has(c, "case_key") ? "case_key" : "item_key")) } : sym;
    });
  });
  const spec = obj(b.version.evaluation_spec);
  const scorecard = obj(spec?.scorecard);
  const evalChildren = [
    ...group(spec, "validators", SymbolKindNumber.Namespace, items(spec?.validators, "validators", SymbolKindNumber.Function, (v) => str(obj(v)?.type))),
    ...group(spec, "metrics", SymbolKindNumber.Namespace, items(spec?.metrics, "metrics", SymbolKindNumber.Variable, (v) => str(obj(v)?.type))),
    ...group(spec, "llm_judges", SymbolKindNumber.Namespace, items(spec?.llm_judges, "llm_judges", SymbolKindNumber.Event, (v) => str(obj(v)?.mode))),
    ...group(scorecard, "dimensions", SymbolKindNumber.Namespace, items(scorecard?.dimensions, "dimensions", SymbolKindNumber.Field, (v) => str(obj(v)?.source))),
  ];
  const children = [
    ...group(b, "challenges", SymbolKindNumber.Namespace, challenges),
    ...group(b, "input_sets", SymbolKindNumber.Namespace, inputSets),
    ...group(b.version, "evaluation_spec", SymbolKindNumber.Namespace, evalChildren),
  ];
  if (!model.yaml?.contents?.range) return children;
  const [start, , end] = model.yaml.contents.range;
  const selection = at.has(b, "pack") ? at.key(b, "pack") : { start, end: start };
  const name = b.pack.name || b.pack.slug || "pack";
  return [{ name, detail: b.pack.slug || undefined, kind: SymbolKindNumber.Package, range: range({ start, end }), selectionRange: range(selection), children }];
}
