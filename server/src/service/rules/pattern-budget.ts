import type { RuleContext } from "./context";
import type { Span } from "../types";
import { MAX_PATTERN_LENGTH, patternTooLarge } from "../util/go-regexp";

/** Our own warning for a regular expression too large to compile (go-regexp.ts's budget). */
export const PATTERN_TOO_LARGE = "pattern-too-large";

/** The warning's message for a pattern of `length` characters. */
export function tooLargeMessage(length: number): string {
  return `this regular expression is ${length.toLocaleString("en-US")} characters long, over the ${MAX_PATTERN_LENGTH.toLocaleString("en-US")} packlint compiles: it is not checked`;
}

/** Warns when `pattern` is over the budget (it was not compiled, so it has no verdict); true when it did. */
export function adviseTooLarge(ctx: RuleContext, field: string, span: Span, pattern: string): boolean {
  if (!patternTooLarge(pattern)) return false;
  ctx.advise(PATTERN_TOO_LARGE, "warning", field, span, tooLargeMessage(pattern.length), { data: { length: pattern.length, limit: MAX_PATTERN_LENGTH } });
  return true;
}
