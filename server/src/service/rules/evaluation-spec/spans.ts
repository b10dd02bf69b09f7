import type { Node } from "yaml";
import type { RuleContext } from "../context";
import type { Locator } from "../../model/locate";
import type { SourceMap } from "../../model/source";
import type { Span } from "../../types";
import type { EvalSpec } from "./spec";
import { isObj } from "./read";

/** What finding a span needs: the decoded data's sources (a RuleContext has both). */
export interface Where {
  sources: SourceMap;
  at: Locator;
}

/** The YAML node written for item `k` of a decoded list, if it was written. */
export function itemNode(where: Where, items: unknown[], k: number): Node | null {
  const src = where.sources.get(items);
  const node = src?.node as { items?: (Node | null)[] } | null | undefined;
  return node?.items?.[src?.writtenIndex[k] ?? -1] ?? null;
}

/**
 * The span of item `k`'s value in a decoded list: the scalar itself, without the dash of a block item
 * (`at.item` starts at the dash of a null item). An item written empty (`-` alone) has no text of its own:
 * it is the item span, from its dash.
 */
export function itemValue(where: Where, items: unknown[], k: number): Span {
  const range = itemNode(where, items, k)?.range;
  return range && range[1] > range[0] ? { start: range[0], end: range[1] } : where.at.item(items, k);
}

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
