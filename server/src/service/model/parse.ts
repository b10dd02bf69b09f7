import { Document, isMap, LineCounter, parseAllDocuments } from "yaml";
import type { Span } from "../types";

export interface SyntaxProblem {
  span: Span;
  message: string;
  /** The yaml package's error code (BAD_INDENT, DUPLICATE_KEY, …). */
  yamlCode: string;
}

export interface ParsedYaml {
  /** The first YAML document: the only one the reference reads. Undefined for an empty stream. */
  doc: Document.Parsed | undefined;
  /** Documents after the first, which the reference never reads. */
  extraDocuments: Document.Parsed[];
  syntax: SyntaxProblem[];
}

/** The yaml package's options for every parse of a pack (incremental updates parse units with the same). */
export const PARSE_OPTIONS = {
  schema: "failsafe", // scalars stay text; resolution follows the reference's decoder (scalars.ts)
  uniqueKeys: false, // duplicate keys are reported by the decoder, with the first occurrence
  prettyErrors: false,
  strict: true,
} as const;

/** Parses YAML text once per document version, keeping every node's range and every comment. */
export function parseYaml(text: string): ParsedYaml {
  const docs = parseAllDocuments(text, { ...PARSE_OPTIONS, lineCounter: new LineCounter() });
  const list: Document.Parsed[] = Array.from(docs);
  const doc = list[0];
  return { doc, extraDocuments: list.slice(1), syntax: syntaxProblems(doc) };
}

/** The syntax errors of a parsed document, as diagnostics report them. */
export function syntaxProblems(doc: Document.Parsed | undefined): SyntaxProblem[] {
  return (doc?.errors ?? []).map((e) => ({
    span: { start: e.pos[0], end: Math.max(e.pos[0], e.pos[1]) },
    message: firstLine(e.message),
    yamlCode: e.code,
  }));
}

function firstLine(message: string): string {
  return message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
}

/** Where to report a problem with the document as a whole: its first key, or its start. */
export function rootAnchor(doc: Document.Parsed | undefined, text: string): Span {
  const contents = doc?.contents;
  if (contents && isMap(contents) && contents.items.length > 0) {
    const key = contents.items[0].key as { range?: [number, number, number] } | null;
    if (key?.range) return { start: key.range[0], end: key.range[1] };
  }
  const start = text.search(/\S/);
  if (start < 0) return { start: 0, end: 0 };
  const nl = text.indexOf("\n", start);
  return { start, end: nl < 0 ? text.length : nl };
}
