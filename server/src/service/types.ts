import type * as lsp from "vscode-languageserver-types";
import type { TextDocument } from "vscode-languageserver-textdocument";

/** Plain data shapes of the language service. Features return LSP's own shapes (vscode-languageserver-types); these are the service's. */

/** 0-based line and UTF-16 character offset: LSP's own. */
export type Position = lsp.Position;

export type Range = lsp.Range;

export type Severity = "error" | "warning" | "information" | "hint";

/** The document kinds the service understands. */
export type DocumentKind = "challenge-pack" | "skill-cases";

/** What the models of every document kind share: one version's text, its lines and what its rules found. */
export interface DocumentModel<K extends DocumentKind = DocumentKind> {
  readonly kind: K;
  readonly text: string;
  /** The text by lines, for LSP positions (UTF-16) and the document's URI. */
  readonly lines: TextDocument;
  /** Every finding, at its rule's own level. */
  readonly findings: readonly Finding[];
}

export interface RelatedInformation {
  range: Range;
  message: string;
}

export interface PackDiagnostic {
  /** Stable rule code: a rule id from the catalog, or one of our own (advisories, syntax). */
  code: string;
  severity: Severity;
  /** The reference validator's field path, or null for decode-phase errors, which have none. */
  field: string | null;
  message: string;
  /**
   * What helps beyond `message` (which stays the reference's word for word): the value found, a did-you-mean,
   * the allowed values or the declared keys. Whole sentences; the editor shows them after the message.
   */
  hint?: string;
  /**
   * What people read in place of `message` where the reference's words are Go's (decode-phase type errors name Go
   * types): the same problem in an author's words. `message` stays the reference's.
   */
  text?: string;
  range: Range;
  related?: RelatedInformation[];
  /** Machine-readable facts for code actions (never parsed back out of the message). */
  data?: Record<string, unknown>;
  /** LSP diagnostic tags: 1 = unnecessary, 2 = deprecated. */
  tags?: number[];
  /** (CLI) A safe fix, what `--fix` applies, would fix it. */
  fixable?: boolean;
}

/** Offsets into the document text (UTF-16 code units, i.e. JavaScript string indexes). */
export interface Span {
  start: number;
  end: number;
}

/** What a rule found, at the rule's own level, in text offsets: diagnostics are made from these. */
export interface Finding {
  code: string;
  severity: Severity;
  field: string | null;
  message: string;
  /** PackDiagnostic.text: the message in an author's words, where the reference's names Go types. */
  text?: string;
  span: Span;
  related?: { span: Span; message: string }[];
  data?: Record<string, unknown>;
  /** LSP diagnostic tags: 1 = unnecessary, 2 = deprecated. */
  tags?: number[];
}

// LSP's shapes (vscode-languageserver-types) as the service promises them: narrower, never different.

/** The service's completion items always carry a TextEdit (never insertText, never an insert/replace edit), and Markdown. */
export type CompletionItem = lsp.CompletionItem & { textEdit: lsp.TextEdit; documentation?: lsp.MarkupContent };

/** Hovers are Markdown. */
export type Hover = lsp.Hover & { contents: lsp.MarkupContent };

/** Every code lens carries its command (none is resolved later). */
export type CodeLens = lsp.CodeLens & { command: lsp.Command };

export interface CompletionList extends lsp.CompletionList {
  items: CompletionItem[];
}

/** The service's edits are always text edits by document URI. */
export type WorkspaceEdit = lsp.WorkspaceEdit & { changes: Record<string, lsp.TextEdit[]> };

/** A quick fix with its edit, naming the service's diagnostics it fixes (the server converts them to LSP's). */
export type CodeAction = Omit<lsp.CodeAction, "diagnostics" | "edit"> & { diagnostics?: PackDiagnostic[]; edit: WorkspaceEdit };

/**
 * One row of a rule book (a `*.book.ts` beside the rules it documents): what a rule's page says and the example that
 * shows the rule on its page and tests it. Placed into a valid document, `wrong` makes the rule fire at each place
 * marked ⟦ … ⟧ with the catalog's message, and `right` does not make it fire. A code's first row is its page's; later
 * rows are further cases for the test.
 */
export interface RuleBookRow {
  code: string;
  /** What the rule checks, why it matters, how to fix it; derived from the catalog where not written here. */
  checks?: string;
  why?: string;
  fix?: string;
  /** A short excerpt of a pack (or case file) with the problem, and the same excerpt fixed. */
  wrong?: string;
  right?: string;
  /** The message in full, where the catalog's has placeholders or packlint words it itself (the decode errors). */
  message?: string;
  /** Where the rule reports, when that is outside the excerpt (which then has no marks). */
  elsewhere?: string;
  /** Why the test cannot show the rule firing here (files on disk, a document of megabytes …); the row is not tested. */
  notTested?: string;
}

export type RuleBook = readonly RuleBookRow[];
