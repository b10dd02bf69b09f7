import type { TextDocument, TextDocumentContentChangeEvent } from "vscode-languageserver-textdocument";

/**
 * The shapes the feature handlers read from request params. A client may send anything: a request whose params do
 * not have these shapes is answered with InvalidParams instead of reaching a feature with a position of "x".
 */
type Field = "textDocument" | "position" | "positions" | "range" | "context" | "newName" | "uri" | "query" | "previousResultId";

const NEEDS: Record<string, Field[]> = {
  diagnostics: ["textDocument"],
  completion: ["textDocument", "position"],
  hover: ["textDocument", "position"],
  definition: ["textDocument", "position"],
  references: ["textDocument", "position", "context"],
  documentHighlight: ["textDocument", "position"],
  prepareRename: ["textDocument", "position"],
  rename: ["textDocument", "position", "newName"],
  codeAction: ["textDocument", "range", "context"],
  documentSymbol: ["textDocument"],
  foldingRange: ["textDocument"],
  codeLens: ["textDocument"],
  documentLink: ["textDocument"],
  documentKind: ["uri"],
  status: ["uri"],
  convertLegacyItems: ["uri"],
  skillPrompts: ["uri"],
  skillReport: ["uri"],
  inputSetReport: ["uri"],
  workspaceSymbol: ["query"],
  semanticTokens: ["textDocument"],
  semanticTokensDelta: ["textDocument", "previousResultId"],
  semanticTokensRange: ["textDocument", "range"],
  selectionRange: ["textDocument", "positions"],
  inlayHint: ["textDocument", "range"],
};

/** LSP's uinteger: lines and characters are 0 … 2^31 - 1. */
const isUinteger = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 2 ** 31 - 1;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isPosition = (v: unknown) => isObject(v) && isUinteger(v.line) && isUinteger(v.character);

const CHECKS: Record<Field, [(v: unknown) => boolean, string]> = {
  textDocument: [(v) => isObject(v) && typeof v.uri === "string", "textDocument.uri must be a string"],
  position: [isPosition, "position must have integer line and character from 0 to 2^31 - 1"],
  positions: [(v) => Array.isArray(v) && v.every(isPosition), "positions must be a list of positions with integer line and character from 0 to 2^31 - 1"],
  range: [(v) => isObject(v) && isPosition(v.start) && isPosition(v.end), "range must have a start and an end position"],
  context: [isObject, "context must be an object"],
  newName: [(v) => typeof v === "string", "newName must be a string"],
  uri: [(v) => typeof v === "string", "uri must be a string"],
  query: [(v) => typeof v === "string", "query must be a string"],
  previousResultId: [(v) => typeof v === "string", "previousResultId must be a string"],
};

/** Why the params of request `name` (the server's handler name) cannot be served, or undefined when they can. */
export function paramsProblem(name: string, params: unknown): string | undefined {
  const needs = NEEDS[name];
  if (!needs) return undefined;
  if (!isObject(params)) return `${name}: params must be an object`;
  for (const field of needs) {
    const [ok, why] = CHECKS[field];
    if (!ok(params[field])) return `${name}: ${why}`;
  }
  return undefined;
}

/** A content change as LSP defines it: the whole text, or a range (of uinteger positions) and its replacement. */
function isContentChange(v: unknown): boolean {
  if (!isObject(v) || typeof v.text !== "string") return false;
  if (v.range === undefined) return true;
  return CHECKS.range[0](v.range) && (v.rangeLength === undefined || isUinteger(v.rangeLength));
}

/**
 * Each change is applied to the text the previous ones left, at a cost in the document's lines: a client that
 * sends more in one notification (editors send a handful; a flood of 200,000 froze the server for 37 s) is refused.
 */
export const MAX_CHANGES_PER_NOTIFICATION = 10_000;

/**
 * Why a didChange cannot be applied, or undefined. The document library applies changes one by one in place, so
 * a malformed change in the middle would leave half of them applied under the old version: such a change is
 * refused as a whole, before anything is applied.
 */
export function changeProblem(changes: unknown, version: unknown): string | undefined {
  if (!Number.isInteger(version)) return `didChange: version must be an integer, not ${JSON.stringify(version)}`;
  if (Array.isArray(changes) && changes.length > MAX_CHANGES_PER_NOTIFICATION) {
    return `didChange: ${changes.length} content changes in one notification, over the ${MAX_CHANGES_PER_NOTIFICATION} packlint applies; reopen the document`;
  }
  if (!Array.isArray(changes) || !changes.every(isContentChange)) return "didChange: every content change must be a text, or a range and a text";
  return undefined;
}

/** Why a didOpen cannot be taken: its URI and text must be strings, its version an integer. */
export function openProblem(uri: unknown, version: unknown, text: unknown): string | undefined {
  if (typeof uri !== "string" || typeof text !== "string") return "didOpen: textDocument.uri and textDocument.text must be strings";
  if (!Number.isInteger(version)) return `didOpen: version must be an integer, not ${JSON.stringify(version)}`;
  return undefined;
}

/** Workspace folders as a client sent them, without the entries that are not `{ uri: string }`. */
export function workspaceFolders(value: unknown): { uri: string; name: string }[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((f): f is Record<string, unknown> => isObject(f) && typeof f.uri === "string")
    .map((f) => ({ uri: f.uri as string, name: typeof f.name === "string" ? f.name : "" }));
}

/**
 * A content change with its range inside the document. The document library splices its line table with the
 * range's line numbers as given, so a range past the last line leaves the table wrong (every later position of
 * the document off, characters NaN): ranges are clamped to the text first, as offsets are.
 */
export function clampedChange(doc: TextDocument, change: TextDocumentContentChangeEvent): TextDocumentContentChangeEvent {
  if (!("range" in change)) return { text: change.text };
  const a = doc.offsetAt(change.range.start);
  const b = doc.offsetAt(change.range.end);
  return { range: { start: doc.positionAt(Math.min(a, b)), end: doc.positionAt(Math.max(a, b)) }, text: change.text };
}
