import type { PackModel } from "../pack-model";
import { toRange } from "../pack-model";
import type { Position, Range, Span, WorkspaceEdit } from "../types";
import { yamlScalar } from "./edits";
import { EVERY_CASE, type SymbolEntry } from "../model/symbols";
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
  return [...(includeDeclaration ? o.declarations : []), ...o.references].sort((a, b) => a.span.start - b.span.start).map((e) => location(model, e));
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

export type PrepareRenameResult = { range: Range; placeholder: string } | { error: string };

/**
 * The range and current name of a renameable key under the cursor; a reason when the key under the cursor cannot
 * be renamed (it is written with escapes, so its text is not its name); null anywhere else.
 */
export function prepareRename(model: PackModel, position: Position): PrepareRenameResult | null {
  const s = symbolAt(model, position);
  if (!s) return null;
  if (model.text.slice(s.span.start, s.span.end) !== s.name)
    return { error: `cannot rename ${noun(s.kind)} "${s.name}": it is written with escapes or line breaks; rewrite it plainly first` };
  return { range: toRange(model.lines, s.span), placeholder: s.name };
}

export type RenameResult = { edit: WorkspaceEdit } | { error: string };

/**
 * Renames a key and every reference to it (in its scope), and nothing else. Refused when the new name is taken
 * by another key of the same kind, or is not a name YAML can hold where the old one is written; a name YAML
 * would read as another value (`null`, `true`, `1e3`) is written quoted where it stands alone.
 */
export function rename(model: PackModel, position: Position, newName: string): RenameResult | null {
  const prepared = prepareRename(model, position);
  if (!prepared) return null;
  if ("error" in prepared) return prepared;
  const s = symbolAt(model, position)!;
  const refuse = (why: string) => ({ error: `cannot rename ${noun(s.kind)} "${s.name}" to "${newName}": ${why}` });
  const problem = invalidName(newName);
  if (problem) return refuse(problem);
  const o = occurrencesOf(model, s);
  // A name read across cases (an evidence path reads it) is renamed in every case that declares it.
  const scopes = new Set([s.scope, ...o.declarations.map((d) => d.scope)].filter((scope) => scope !== EVERY_CASE));
  if (
    newName !== s.name &&
    [...scopes].some((scope) =>
      symbolIndex(model)
        .declared(s.kind, scope)
        .some((d) => d.name === newName),
    )
  ) {
    return refuse(`a ${noun(s.kind)} with that key already exists`);
  }
  if (newName.includes(".") && o.references.some((r) => r.scope === EVERY_CASE)) {
    return refuse("an evidence path reads a key only up to its first dot");
  }
  // A name read through aliases (`context_from: *list` in two judges) is one text: it is edited once.
  const edits: TextEdit[] = [...o.declarations, ...o.references]
    .filter((e) => !e.implicit && model.text.slice(e.span.start, e.span.end) === s.name)
    .sort((a, b) => a.span.start - b.span.start)
    .filter((e, i, all) => i === 0 || e.span.start !== all[i - 1].span.start)
    .map((e) => ({ range: toRange(model.lines, e.span), newText: written(model.text, e.span, newName) }));
  return { edit: { changes: { [model.lines.uri]: edits } } };
}

/**
 * The new name as it must be written in place of the old one at `span`: escaped inside quotes, quoted when it is
 * a whole plain scalar YAML would read as something else, as is inside a longer plain scalar (`input:<key>`).
 */
function written(text: string, span: Span, name: string): string {
  const before = text[span.start - 1];
  if ((before === '"' || before === "'") && text[span.end] === before) {
    return before === '"' ? JSON.stringify(name).slice(1, -1) : name.replace(/'/g, "''");
  }
  const wholeScalar =
    /(^|[\s:\-[{,])$/.test(text.slice(Math.max(0, span.start - 1), span.start)) && /^($|[\s,\]}]|:\s)/.test(text.slice(span.end, span.end + 2));
  const startsScalar = span.start === 0 || /[\s[{,]/.test(text[span.start - 1]);
  return wholeScalar && startsScalar ? yamlScalar(name) : name;
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
