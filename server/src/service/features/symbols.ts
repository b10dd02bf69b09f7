import type { PackModel } from "../pack-model";
import { toRange } from "../pack-model";
import type { Span } from "../types";
import { SymbolKind as LspSymbolKind, type DocumentSymbol } from "vscode-languageserver-types";

/**
 * The outline, as the YAML reads: the pack's top-level sections (`pack`, `version`, `challenges`, `input_sets`,
 * `tools` …) as siblings in document order, so that breadcrumbs and sticky scroll show no false nesting. Under them,
 * the domain: the version's assets and evaluation spec (validators, metrics, judges, dimensions), the challenges,
 * the input sets with their cases.
 */
export function documentSymbols(model: PackModel): DocumentSymbol[] {
  const { bundle: b, at } = model;
  const range = (s: Span) => toRange(model.lines, s);
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  const obj = (v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);

  /** One symbol per item of a written list, named by its key (or its index), selecting the key's value. */
  const items = (
    list: unknown,
    label: string,
    kind: LspSymbolKind,
    detail: (item: unknown) => string,
    children?: (item: unknown, i: number) => DocumentSymbol[],
  ) => {
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
  const group = (owner: object | undefined, key: string, kind: LspSymbolKind, children: DocumentSymbol[]): DocumentSymbol[] => {
    if (!owner || !at.has(owner, key) || children.length === 0) return [];
    const keySpan = at.key(owner, key);
    const value = (owner as Record<string, unknown>)[key];
    const end = Math.max(keySpan.end, at.extent(value as object).end);
    return [{ name: key, kind, range: range({ start: keySpan.start, end }), selectionRange: range(keySpan), children }];
  };

  const challenges = items(b.challenges, "challenges", LspSymbolKind.Class, (c) => [str(obj(c)?.title), str(obj(c)?.difficulty)].filter(Boolean).join(" · "));
  const inputSets = items(
    b.input_sets,
    "input_sets",
    LspSymbolKind.Module,
    (s) => str(obj(s)?.name),
    (s) => {
      const set = obj(s);
      const list = set && at.has(set, "cases") ? set.cases : set?.items;
      return items(list, "cases", LspSymbolKind.Object, (c) => str(obj(c)?.challenge_key)).map((sym, j) => {
        const c = obj((list as unknown[])[j]);
        return c && !at.has(c, "key")
          ? {
              ...sym,
              name: str(c.case_key) || str(c.item_key) || sym.name,
              selectionRange: range(at.value(c, at.has(c, "case_key") ? "case_key" : "item_key")),
            }
          : sym;
      });
    },
  );
  const spec = obj(b.version.evaluation_spec);
  const scorecard = obj(spec?.scorecard);
  const evalChildren = inOrder([
    ...group(
      spec,
      "validators",
      LspSymbolKind.Namespace,
      items(spec?.validators, "validators", LspSymbolKind.Function, (v) => str(obj(v)?.type)),
    ),
    ...group(
      spec,
      "metrics",
      LspSymbolKind.Namespace,
      items(spec?.metrics, "metrics", LspSymbolKind.Variable, (v) => str(obj(v)?.type)),
    ),
    ...group(
      spec,
      "llm_judges",
      LspSymbolKind.Namespace,
      items(spec?.llm_judges, "llm_judges", LspSymbolKind.Event, (v) => str(obj(v)?.mode)),
    ),
    ...group(
      scorecard,
      "dimensions",
      LspSymbolKind.Namespace,
      items(scorecard?.dimensions, "dimensions", LspSymbolKind.Field, (v) => str(obj(v)?.source)),
    ),
  ]);
  const assets = items(b.version.assets, "assets", LspSymbolKind.File, (a) => str(obj(a)?.path));
  const inSection: Record<string, DocumentSymbol[]> = {
    version: inOrder([
      ...group(b.version, "assets", LspSymbolKind.Namespace, assets),
      ...group(b.version, "evaluation_spec", LspSymbolKind.Namespace, evalChildren),
    ]),
    challenges,
    input_sets: inputSets,
  };
  const root = model.sources.get(b);
  if (!root) return [];
  const sections: DocumentSymbol[] = [];
  for (const [key, pair] of root.keys) {
    const value = Object.hasOwn(b, key) ? (b as unknown as Record<string, unknown>)[key] : undefined;
    const end = Math.max(pair.key.end, pair.value?.end ?? 0, value && typeof value === "object" ? at.extent(value).end : 0);
    const section: DocumentSymbol = {
      name: key,
      kind:
        (Object.hasOwn(SECTION_KINDS, key) ? SECTION_KINDS[key] : undefined) ??
        (value && typeof value === "object" ? LspSymbolKind.Namespace : LspSymbolKind.Property),
      range: range({ start: pair.key.start, end }),
      selectionRange: range(pair.key),
    };
    const detail = key === "pack" ? b.pack.name || b.pack.slug : key === "version" && b.version.number ? `number ${b.version.number}` : "";
    if (detail) section.detail = detail;
    // Own entries only: a key like `constructor` names no section of ours.
    const children = Object.hasOwn(inSection, key) ? inSection[key] : [];
    if (children.length) section.children = children;
    sections.push(section);
  }
  return inOrder(sections);
}

const SECTION_KINDS: Record<string, LspSymbolKind> = {
  pack: LspSymbolKind.Package,
  version: LspSymbolKind.Namespace,
  challenges: LspSymbolKind.Namespace,
  input_sets: LspSymbolKind.Namespace,
};

/** Sections in the order they are written. */
function inOrder(symbols: DocumentSymbol[]): DocumentSymbol[] {
  return symbols.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
