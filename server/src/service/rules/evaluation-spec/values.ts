import type { RuleContext } from "../context";
import type { Span } from "../../types";
import type { EvalSpec } from "./spec";

/**
 * Defensive reads of evaluation_spec data. Rules are written against the canonical, correctly typed spec,
 * but a value of the wrong type must never crash them: the strict decode reports it, and whatever a rule
 * then says about the same value is dropped (it overlaps the decode error). So a wrong type reads as the
 * field's zero value, exactly what the reference would have had there.
 */

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A string field: its text, or "" (absent, null or not a string). */
export function text(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/** A number field: its value, or undefined (absent, null or not a number). */
export function num(v: unknown): number | undefined {
  return typeof v === "number" ? v : undefined;
}

/** Where `key` of `obj` was written; `owner()` when `obj` itself was not written (absent, null, wrong type). */
export function spanIn(ctx: RuleContext, obj: unknown, key: string, owner: () => Span): Span {
  return isRecord(obj) && ctx.sources.get(obj) ? ctx.at.value(obj, key) : owner();
}

/** Where a top-level key of the spec was written; an absent evaluation_spec points at `version`. */
export function specSpan(ctx: RuleContext, spec: EvalSpec, key: string): Span {
  return spanIn(ctx, spec, key, () => ctx.at.value(ctx.bundle.version, "evaluation_spec"));
}

/** One element of a list of objects, as the strict decode sees it: a null element is an object with every field zero. */
export interface Entry<T> {
  item: T;
  index: number;
  /** Where `key` was written, or the element itself when the key is missing. */
  span(key: string): Span;
  /** The whole element, from its dash. */
  whole: Span;
}

/** The elements of a list of `T` objects; none when the list is absent or not a list. */
export function entries<T extends object>(ctx: RuleContext, list: unknown): Entry<T>[] {
  if (!Array.isArray(list)) return [];
  return list.map((raw: unknown, index) => {
    const whole = withoutTrailingSpace(ctx.text, ctx.at.item(list, index));
    const written = isRecord(raw) && ctx.sources.get(raw) !== undefined;
    return {
      item: (isRecord(raw) ? raw : {}) as T,
      index,
      span: (key: string) => (written ? ctx.at.value(raw as object, key) : whole),
      whole,
    };
  });
}

/** A block item's node runs on to the next line; a diagnostic should end where the item's text does. */
function withoutTrailingSpace(text: string, span: Span): Span {
  let end = span.end;
  while (end > span.start && /\s/.test(text[end - 1])) end--;
  return { start: span.start, end };
}
