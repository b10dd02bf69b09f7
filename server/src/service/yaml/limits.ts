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

/** Syntax errors reported per document (pack or case file): past them, one more says how many were left out. */
export const MAX_SYNTAX_ERRORS = 20;

/** "2 MB", "10.4 MB": a length for messages. */
export function megabytes(length: number): string {
  const mb = length / 1_000_000;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
