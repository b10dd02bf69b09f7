/** Plain data shapes of the language service. They match LSP's JSON shapes, but nothing here imports the protocol. */

/** 0-based line and UTF-16 character offset, as in LSP. */
export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export type Severity = "error" | "warning" | "information" | "hint";

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
  range: Range;
  related?: RelatedInformation[];
  /** Machine-readable facts for code actions (never parsed back out of the message). */
  data?: Record<string, unknown>;
  /** LSP diagnostic tags: 1 = unnecessary, 2 = deprecated. */
  tags?: number[];
}

/** Offsets into the document text (UTF-16 code units, i.e. JavaScript string indexes). */
export interface Span {
  start: number;
  end: number;
}
