/** LSP-shaped plain data returned by the case-file features (the server passes them through unchanged). */
import type { PackDiagnostic, Range } from "../../types";

export interface TextEdit {
  range: Range;
  newText: string;
}

export interface MarkupContent {
  kind: "markdown" | "plaintext";
  value: string;
}

/** LSP CompletionItemKind values used here. */
export const CompletionKind = { Property: 10, Value: 12, Snippet: 15, EnumMember: 20 } as const;

export interface CompletionItem {
  label: string;
  kind: number;
  detail?: string;
  documentation?: MarkupContent;
  /** 1 = plain text, 2 = snippet. */
  insertTextFormat: 1 | 2;
  /** 1 = as is (indentation is already in the text). */
  insertTextMode?: 1 | 2;
  textEdit: TextEdit;
  sortText?: string;
  filterText?: string;
}

export interface Hover {
  contents: MarkupContent;
  range: Range;
}

export interface WorkspaceEdit {
  changes: Record<string, TextEdit[]>;
}

export interface CodeAction {
  title: string;
  kind: "quickfix" | "source" | "refactor.rewrite";
  diagnostics?: PackDiagnostic[];
  isPreferred?: boolean;
  edit: WorkspaceEdit;
}
