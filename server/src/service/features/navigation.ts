import type { PackModel } from "../pack-model";
import { toRange } from "../pack-model";
import type { Position, Range, WorkspaceEdit } from "../types";
import type { SymbolEntry } from "../model/symbols";
import { DocumentHighlightKind, type DocumentHighlight, type Location, type TextEdit } from "vscode-languageserver-types";
import { noun } from "./symbol-info";
import { symbolIndex } from "./symbol-index";

/**
 * Definition, references, highlights and rename over the symbol table: every key graph (challenges, case
 * inputs, assets, evaluation_spec symbols, …) the collectors record works the same way.
 */

function symbolAt(model: PackModel, position: Position): SymbolEntry | undefined {
  return symbolIndex(model).at(model.lines.offsetAt(position));
}

function occurrencesOf(model: PackModel, s: SymbolEntry) {
  return symbolIndex(model).occurrences(s.kind, s.name, s.scope);
}

function location(model: PackModel, e: SymbolEntry): Location {
  return { uri: model.lines.uri, range: toRange(model.lines, e.span) };
}

export function definition(model: PackModel, position: Position): Location[] {
  const s = symbolAt(model, position);
  if (!s) return [];
  return occurrencesOf(model, s).declarations.map((d) => location(model, d));
}

export function references(model: PackModel, position: Position, includeDeclaration: boolean): Location[] {
  const s = symbolAt(model, position);
  if (!s) return [];
  const o = occurrencesOf(model, s);
  return [...(includeDeclaration ? o.declarations : []), ...o.references]
    .sort((a, b) => a.span.start - b.span.start)
    .map((e) => location(model, e));
}

export function documentHighlights(model: PackModel, position: Position): DocumentHighlight[] {
  const s = symbolAt(model, position);
  if (!s) return [];
  const o = occurrencesOf(model, s);
  return [
    ...o.declarations.map((d) => ({ span: d.span, kind: DocumentHighlightKind.Write })),
    ...o.references.map((r) => ({ span: r.span, kind: DocumentHighlightKind.Read })),
  ]
    .sort((a, b) => a.span.start - b.span.start)
    .map((h) => ({ range: toRange(model.lines, h.span), kind: h.kind }));
}

/** The range and current name of a renameable key under the cursor; null anywhere else. */
export function prepareRename(model: PackModel, position: Position): { range: Range; placeholder: string } | null {
  const s = symbolAt(model, position);
  if (!s || model.text.slice(s.span.start, s.span.end) !== s.name) return null;
  return { range: toRange(model.lines, s.span), placeholder: s.name };
}

export type RenameResult = { edit: WorkspaceEdit } | { error: string };

/**
 * Renames a key and every reference to it (in its scope), and nothing else. The new name must stay a
 * plain scalar wherever the old one was written, so text that YAML would read differently is refused.
 */
export function rename(model: PackModel, position: Position, newName: string): RenameResult | null {
  if (!prepareRename(model, position)) return null;
  const s = symbolAt(model, position)!;
  const problem = invalidName(newName);
  if (problem) return { error: `cannot rename ${noun(s.kind)} "${s.name}" to "${newName}": ${problem}` };
  const o = occurrencesOf(model, s);
  const edits: TextEdit[] = [...o.declarations, ...o.references]
    .filter((e) => model.text.slice(e.span.start, e.span.end) === s.name)
    .sort((a, b) => a.span.start - b.span.start)
    .map((e) => ({ range: toRange(model.lines, e.span), newText: newName }));
  return { edit: { changes: { [model.lines.uri]: edits } } };
}

/** Why a name cannot replace a key in place (inside plain, single- or double-quoted scalars alike). */
export function invalidName(name: string): string | undefined {
  if (name.trim() === "") return "the name is empty";
  if (name !== name.trim()) return "the name starts or ends with whitespace";
  if (/[\n\r\t]/.test(name)) return "the name contains a line break or tab";
  if (/["'\\]/.test(name)) return "the name contains a quote or backslash";
  if (/: | #|:$/.test(name) || /^[-?:,[\]{}#&*!|>%@`]/.test(name) || /[,[\]{}]/.test(name)) {
    return "the name contains characters YAML reads as syntax";
  }
  return undefined;
}
