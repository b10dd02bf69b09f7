import type { PackDiagnostic, Range } from "../types";

/**
 * The plain-data shapes the features return. They are LSP's JSON shapes (so the server passes them through
 * unchanged), declared here so that the service never imports the protocol.
 */

export interface MarkupContent {
  kind: "markdown" | "plaintext";
  value: string;
}

export interface TextEdit {
  range: Range;
  newText: string;
}

export interface WorkspaceEdit {
  changes: Record<string, TextEdit[]>;
}

export interface Location {
  uri: string;
  range: Range;
}

export interface Command {
  title: string;
  command: string;
  arguments?: unknown[];
}

/** LSP CompletionItemKind values used here. */
export const CompletionKind = { Text: 1, Field: 5, Module: 9, Property: 10, Value: 12, Snippet: 15, File: 17, Reference: 18, EnumMember: 20, Constant: 21 } as const;

export interface CompletionItem {
  label: string;
  kind?: number;
  detail?: string;
  documentation?: MarkupContent;
  sortText?: string;
  filterText?: string;
  preselect?: boolean;
  textEdit: TextEdit;
  /** 1 = plain text, 2 = snippet. */
  insertTextFormat?: 1 | 2;
  /** 1 = as is: continuation lines carry their own indentation. */
  insertTextMode?: 1 | 2;
}

export interface CompletionList {
  isIncomplete: boolean;
  items: CompletionItem[];
}

export interface Hover {
  contents: MarkupContent;
  range?: Range;
}

/** LSP DocumentHighlightKind. */
export const HighlightKind = { Text: 1, Read: 2, Write: 3 } as const;

export interface DocumentHighlight {
  range: Range;
  kind: number;
}

export interface CodeAction {
  title: string;
  kind: string;
  diagnostics?: PackDiagnostic[];
  isPreferred?: boolean;
  edit: WorkspaceEdit;
}

/** LSP SymbolKind values used here. */
export const SymbolKindNumber = {
  Module: 2,
  Namespace: 3,
  Package: 4,
  Class: 5,
  Property: 7,
  Field: 8,
  Function: 12,
  Variable: 13,
  Constant: 14,
  Object: 19,
  Event: 24,
} as const;

export interface DocumentSymbol {
  name: string;
  detail?: string;
  kind: number;
  range: Range;
  selectionRange: Range;
  children?: DocumentSymbol[];
}

export interface FoldingRange {
  startLine: number;
  endLine: number;
  kind?: "comment" | "imports" | "region";
}

export interface CodeLens {
  range: Range;
  command: Command;
}

export interface DocumentLink {
  range: Range;
  target: string;
  tooltip?: string;
}
