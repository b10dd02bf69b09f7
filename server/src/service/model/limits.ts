import type { Finding } from "../rules/context";
import type { Span } from "../types";
import type { ParsedYaml } from "./parse";

/** Bounds that keep one hostile or accidental document from exhausting the stack, the heap or the event loop. */

/**
 * Collections nested deeper than this are not checked (the parser replaces them with an empty value and says so).
 * Real packs stay under twenty levels; the reference's YAML library stops at 10,000, which no JavaScript stack survives.
 */
export const MAX_NESTING = 500;

/**
 * Documents longer than this (UTF-16 code units, about bytes for ASCII) get YAML syntax diagnostics and a notice,
 * nothing more. Packs generated from datasets reach 10,000 cases (6.5 MB) and are checked in full (issue 6: large
 * files lose extras, never diagnostics); the editor updates them incrementally, so a keystroke costs a fraction
 * of the first check (`npm run bench`). Past this, the first check would take tens of seconds and gigabytes.
 */
export const MAX_CHECKED_LENGTH = 8_000_000;

/** "2 MB", "10.4 MB": a length for messages. */
export function megabytes(length: number): string {
  const mb = length / 1_000_000;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** What the limits took away from a parsed document: a collection pruned for its depth, a document too large to check. */
export function limitFindings(text: string, parsed: ParsedYaml, anchor: Span): Finding[] {
  const out: Finding[] = [];
  if (parsed.tooDeep) {
    out.push({ code: "yaml-nesting-too-deep", severity: "error", field: null, message: `nested deeper than ${MAX_NESTING} levels: nothing from here on is checked`, span: parsed.tooDeep });
  }
  if (text.length > MAX_CHECKED_LENGTH) {
    out.push({
      code: "document-too-large",
      severity: "warning",
      field: null,
      message: `this document is ${megabytes(text.length)}, over the ${megabytes(MAX_CHECKED_LENGTH)} packlint checks in full: only its YAML syntax is checked`,
      span: anchor,
      data: { length: text.length, limit: MAX_CHECKED_LENGTH },
    });
  }
  return out;
}
