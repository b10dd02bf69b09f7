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
export { semanticTokens, semanticTokenList, SEMANTIC_TOKENS_LEGEND, SYMBOL_TOKENS, TOKEN_TYPES, TOKEN_MODIFIERS } from "./semantic-tokens";
export type { SemanticToken, TokenType, TokenModifier } from "./semantic-tokens";
export { inlayHints, MAX_HINT_LENGTH } from "./inlay-hints";
export { selectionRanges } from "./selection-ranges";
export type { YamlText } from "./selection-ranges";
export type { InlayHint, SelectionRange, SemanticTokens, SemanticTokensLegend } from "vscode-languageserver-types";
