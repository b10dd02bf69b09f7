import type { Node } from "yaml";
import type { Span } from "../types";
import type { SourceMap } from "./source";

/**
 * Finds where a decoded value was written, for diagnostics and features:
 * a value's span, else its key's (an empty `key:`), else the owning object's anchor
 * (the key that holds it, or its list item's dash) when the key is missing.
 */
export class Locator {
  constructor(
    private readonly sources: SourceMap,
    private readonly fallback: Span,
  ) {}

  anchor(obj: object | undefined | null): Span {
    return this.sources.get(obj)?.anchor ?? this.fallback;
  }

  /** The whole written extent of an object or list. */
  extent(obj: object | undefined | null): Span {
    return this.sources.get(obj)?.extent ?? this.anchor(obj);
  }

  has(obj: object | undefined | null, key: string): boolean {
    return this.sources.get(obj)?.keys.has(key) ?? false;
  }

  value(obj: object | undefined | null, key: string): Span {
    const pair = this.sources.get(obj)?.keys.get(key);
    if (!pair) return this.anchor(obj);
    return pair.value ?? pair.key;
  }

  key(obj: object | undefined | null, key: string): Span {
    return this.sources.get(obj)?.keys.get(key)?.key ?? this.anchor(obj);
  }

  /** The span of item `i` of a decoded list (a scalar item's value, or an object item from its dash). */
  item(list: unknown[] | undefined, i: number): Span {
    const src = this.sources.get(list);
    return src?.items[i] ?? this.anchor(list);
  }

  /** The YAML node written for item `i` of a decoded list, if it was written. */
  itemNode(list: unknown[], i: number): Node | null {
    const src = this.sources.get(list);
    const node = src?.node as { items?: (Node | null)[] } | null | undefined;
    return node?.items?.[src?.writtenIndex[i] ?? -1] ?? null;
  }

  /**
   * The span of item `i`'s own value: the written node, without the dash `item` starts at for a null or
   * object item. An item written empty (`-` alone) has no text of its own: it is the item span, from its dash.
   */
  itemValue(list: unknown[], i: number): Span {
    const range = this.itemNode(list, i)?.range;
    return range && range[1] > range[0] ? { start: range[0], end: range[1] } : this.item(list, i);
  }

  /**
   * The span of the value at `path` (keys and list indexes) under `obj`: the deepest value on the path that
   * is there to follow; with `onKey`, the last key itself.
   */
  pathValue(obj: object, path: readonly (string | number)[], onKey = false): Span {
    let span = this.anchor(obj);
    let cur: unknown = obj;
    for (let i = 0; i < path.length; i++) {
      const seg = path[i];
      if (Array.isArray(cur) && typeof seg === "number") span = this.itemValue(cur, seg);
      else if (typeof cur === "object" && cur !== null && !Array.isArray(cur) && typeof seg === "string") {
        span = onKey && i === path.length - 1 ? this.key(cur, seg) : this.value(cur, seg);
      } else break;
      cur = (cur as Record<string | number, unknown>)[seg];
    }
    return span;
  }

  /** The item's span if the list came from YAML, else the value span of `key` on `owner`. */
  itemOr(list: unknown[] | undefined, i: number, owner: object, key: string): Span {
    return this.sources.get(list)?.items[i] ?? this.value(owner, key);
  }
}
