import type { RuleContext } from "./context";
import type { Span } from "../types";

/** Remembers the first span of each key so a duplicate can point back at it. */
export class FirstSeen {
  private readonly seen = new Map<string, Span>();

  /** The first occurrence's span when `key` was seen before, else undefined (and records it). */
  check(key: string, span: Span): Span | undefined {
    const first = this.seen.get(key);
    if (!first) this.seen.set(key, span);
    return first;
  }

  has(key: string): boolean {
    return this.seen.has(key);
  }

  /** Where `key` was first seen. */
  at(key: string): Span | undefined {
    return this.seen.get(key);
  }
}

/** The related information of a duplicate: where the first one is (`what` names it, e.g. `asset "policy"`). */
export function duplicateOf(first: Span, what: string) {
  return { related: [{ span: first, message: `first ${what}` }] };
}

/** The codes of a list entry's key: missing, and written twice in its list. */
export interface KeyCodes {
  required: string;
  duplicate: string;
}

/**
 * A list entry's key, required and unique in its list (the duplicate with the first as related information).
 * `what` names the entry with its key for that related message.
 */
export function checkKey(ctx: RuleContext, seen: FirstSeen, key: string, field: string, span: Span, codes: KeyCodes, what: string): void {
  if (key === "") return ctx.report(codes.required, field, span);
  const first = seen.check(key, span);
  if (first) ctx.report(codes.duplicate, field, span, duplicateOf(first, what));
}
