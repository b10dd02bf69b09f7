import type { Node } from "yaml";
import type { Span } from "../types";

/** Where a decoded key/value pair came from. */
export interface PairSource {
  key: Span;
  /** The value's span; null when the value was empty (`key:`). */
  value: Span | null;
  valueNode: Node | null;
}

/** Where a decoded object or list came from. Decoded values stay plain data; their origin lives here. */
export interface ObjectSource {
  node: Node | null;
  /** Where to report something missing from this object: the key that holds it, or the dash of its list item. */
  anchor: Span;
  /** Whole extent of the object's node, or the anchor when it was synthesized. */
  extent: Span;
  keys: Map<string, PairSource>;
  /** Item spans of a decoded list, aligned with the decoded (not the written) indexes. */
  items: Span[];
  /** Written index in the YAML list for each decoded index (they differ when null items were dropped). */
  writtenIndex: number[];
  /** First key of a free-form map that is not a plain string (yaml.v3 makes such a map map[interface{}]interface{}). */
  nonStringKey?: Span;
}

/**
 * Maps every decoded object and array to its source. The source is kept on the value itself, under a symbol
 * and not enumerable (JSON, Object.keys, spreads and deep equality never see it): four times faster to read than a
 * WeakMap, which every rule does for every value. A value that cannot take a property falls back to a WeakMap.
 */
export class SourceMap {
  private readonly fallback = new WeakMap<object, ObjectSource>();

  set(value: object, source: ObjectSource): void {
    if (Object.prototype.hasOwnProperty.call(value, SOURCE)) (value as Sourced)[SOURCE] = source;
    else if (Object.isExtensible(value)) Object.defineProperty(value, SOURCE, { value: source, writable: true, configurable: true });
    else this.fallback.set(value, source);
  }

  get(value: object | null | undefined): ObjectSource | undefined {
    if (value == null || typeof value !== "object") return undefined;
    return (value as Sourced)[SOURCE] ?? this.fallback.get(value);
  }
}

const SOURCE = Symbol("source");

type Sourced = { [SOURCE]?: ObjectSource };
