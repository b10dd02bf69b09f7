import type { Node } from "yaml";
import type { RuleContext } from "../context";
import type { Span } from "../../types";

/** The YAML node written for item `k` of a decoded list, if it was written. */
export function itemNode(ctx: RuleContext, items: unknown[], k: number): Node | null {
  const src = ctx.sources.get(items);
  const node = src?.node as { items?: (Node | null)[] } | null | undefined;
  return node?.items?.[src?.writtenIndex[k] ?? -1] ?? null;
}

/**
 * The span of item `k`'s value in a decoded list: the scalar itself, without the dash of a block item
 * (`ctx.at.item` starts at the dash). Falls back to the item span when the value was not written.
 */
export function itemValue(ctx: RuleContext, items: unknown[], k: number): Span {
  const range = itemNode(ctx, items, k)?.range;
  return range ? { start: range[0], end: range[1] } : ctx.at.item(items, k);
}
