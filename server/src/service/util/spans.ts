import type { Span } from "../types";

/** A span without its quotes, when it covers a whole quoted scalar. */
export function unquoted(text: string, span: Span): Span {
  const q = text[span.start];
  if ((q === '"' || q === "'") && span.end - span.start >= 2 && text[span.end - 1] === q) return { start: span.start + 1, end: span.end - 1 };
  return span;
}

/** Whether `span` overlaps a broken part (or starts in one, when empty). */
export function hitsBroken(broken: readonly Span[], span: Span): boolean {
  return broken.some((r) => (span.start < r.end && r.start < span.end) || (r.start <= span.start && span.start < r.end));
}
