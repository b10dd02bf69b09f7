import type { RuleContext } from "../context";
import type { Span } from "../../types";
import type { EvalSpec } from "./spec";
import { isObj } from "./read";

/** Where `key` of `obj` was written; `owner()` when `obj` itself was not written (absent, null, wrong type). */
export function spanIn(ctx: RuleContext, obj: unknown, key: string, owner: () => Span): Span {
  return isObj(obj) && ctx.sources.get(obj) ? ctx.at.value(obj, key) : owner();
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
    const whole = ctx.at.item(list, index);
    const written = isObj(raw) && ctx.sources.get(raw) !== undefined;
    return {
      item: (isObj(raw) ? raw : {}) as T,
      index,
      span: (key: string) => (written ? ctx.at.value(raw as object, key) : whole),
      whole,
    };
  });
}
