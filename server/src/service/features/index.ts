/** The authoring features: pure functions of a document model (and a position), returning LSP-shaped data. */
export { completion } from "./completion";
export { hover, keyDocumentation } from "./hover";
export { definition, references, documentHighlights, prepareRename, rename } from "./navigation";
export type { PrepareRenameResult, RenameResult } from "./navigation";
export { codeActions, convertLegacyItems, FIX_ALL, CONVERT_LEGACY } from "./actions";
export { documentSymbols } from "./symbols";
export { foldingRanges } from "./folding";
export { codeLenses } from "./lens";
export type { LensCommands } from "./lens";
export { documentLinks } from "./links";
export { keySymbols, KEY_SYMBOL_KINDS } from "./key-symbols";
export type { KeySymbol, KeySymbolKind } from "./key-symbols";
export type {
  Command,
  DocumentHighlight,
  DocumentLink,
  DocumentSymbol,
  FoldingRange,
  Location,
  MarkupContent,
  TextEdit,
} from "vscode-languageserver-types";
export type { CodeAction, CodeLens, CompletionItem, CompletionList, Hover, WorkspaceEdit } from "../types";
