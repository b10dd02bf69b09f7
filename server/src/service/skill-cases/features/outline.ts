import { SymbolKind, type DocumentSymbol } from "vscode-languageserver-types";
import type { Span } from "../../types";
import type { SkillModel } from "../skill-model-type";
import { CASE_TYPES } from "../schema";

/**
 * The outline of a case file: `skill` and `defaults`, then the cases grouped by type (trigger, plan, contract, edge,
 * failure, then any other type as written), each case named by its id with its title as detail.
 */
export function documentSymbols(model: SkillModel): DocumentSymbol[] {
  const { view } = model;
  const range = (s: Span) => ({ start: model.lines.positionAt(s.start), end: model.lines.positionAt(s.end) });
  const out: DocumentSymbol[] = [];
  for (const key of ["skill", "defaults"]) {
    const e = view.get(model.root, key);
    if (!e) continue;
    const end = Math.max(e.keySpan.end, e.valueSpan?.end ?? 0);
    const detail = key === "skill" ? view.str(view.get(view.asMap(e.value), "name")?.value) : view.str(view.get(view.asMap(e.value), "mode")?.value);
    out.push({
      name: key,
      ...(detail ? { detail } : {}),
      kind: key === "skill" ? SymbolKind.Package : SymbolKind.Namespace,
      range: range({ start: e.keySpan.start, end }),
      selectionRange: range(e.keySpan),
    });
  }

  const byType = new Map<string, { symbol: DocumentSymbol; span: Span }[]>();
  for (const src of model.cases) {
    const c = model.suite.cases[src.index];
    if (!c) continue;
    const whole = view.itemSpan(src.written, src.anchor);
    const idEntry = view.get(src.node, "id");
    const selection = idEntry?.valueSpan ?? idEntry?.keySpan ?? src.anchor;
    const symbol: DocumentSymbol = {
      name: c.id.trim() || `cases[${src.index}]`,
      kind: SymbolKind.Object,
      range: range(whole),
      selectionRange: range(selection),
    };
    if (c.title.trim()) symbol.detail = c.title.trim();
    const type = c.type.trim() || "(no type)";
    byType.set(type, [...(byType.get(type) ?? []), { symbol, span: whole }]);
  }
  const known = CASE_TYPES.map((t) => t.value);
  const order = [...known.filter((t) => byType.has(t)), ...[...byType.keys()].filter((t) => !known.includes(t))];
  for (const type of order) {
    const cases = byType.get(type)!;
    const span = { start: Math.min(...cases.map((c) => c.span.start)), end: Math.max(...cases.map((c) => c.span.end)) };
    out.push({
      name: type,
      detail: `${cases.length} case${cases.length === 1 ? "" : "s"}`,
      kind: SymbolKind.Namespace,
      range: range(span),
      selectionRange: cases[0].symbol.selectionRange,
      children: cases.map((c) => c.symbol),
    });
  }
  return out;
}
