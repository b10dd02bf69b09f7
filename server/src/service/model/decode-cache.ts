import type { Node } from "yaml";
import type { Span } from "../types";
import type { DecodeProblem, UnknownKey } from "./decoded";
import { SourceMap } from "./source";
import type { TypeExpr } from "./types-expr";

/** What decoding one unit node produced: its value and, in order, the problems and unknown keys it reported. */
export interface DecodedUnit {
  type: TypeExpr;
  value: object;
  problems: readonly DecodeProblem[];
  unknownKeys: readonly UnknownKey[];
  /** The node's start offset at which the value's spans are right; the node may have moved since. */
  base: number;
}

/**
 * Decoded units (top-level values; items of input_sets, cases and challenges) of earlier document versions,
 * keyed by their YAML node. An incremental update keeps the nodes of the units it did not touch, so the decoder
 * reuses their values (shifted to where the node is now) instead of decoding them again.
 */
export class DecodeCache {
  private readonly units = new WeakMap<Node, DecodedUnit>();
  /** The sources of every decoded value, shared by the versions that share values. */
  readonly sources = new SourceMap();
  /** Nodes whose content changed in place (ancestors of a spliced unit): decoded again, never reused. */
  dirty: ReadonlySet<Node> = new Set();
  /** Values reused in the current decode (they were normalized when first decoded). */
  readonly reused = new Set<object>();
  /** Whether the document has no anchor, alias or lone CR (known after the first incremental update looked). */
  splittable: boolean | undefined;

  /** The unit decoded from `node` as `type`, with its spans moved to where the node starts now. */
  take(node: Node, type: TypeExpr): DecodedUnit | undefined {
    if (this.dirty.has(node)) return undefined;
    const unit = this.units.get(node);
    if (!unit || unit.type !== type || !node.range) return undefined;
    // A duplicate key's message names the line of the first one, which an edit above may have moved.
    if (unit.problems.some((p) => p.code === "yaml-duplicate-key")) return undefined;
    const delta = node.range[0] - unit.base;
    if (delta !== 0) this.shift(unit, delta);
    this.reused.add(unit.value);
    return unit;
  }

  put(node: Node, unit: DecodedUnit): void {
    this.units.set(node, unit);
  }

  /** Moves every span of a unit (sources, problems, unknown keys, nested units) by `delta`. */
  private shift(unit: DecodedUnit, delta: number): void {
    const sources = this.sources;
    const seen = new Set<Span>();
    const visited = new Set<object>();
    const move = (s: Span | null | undefined) => {
      if (!s || seen.has(s)) return;
      seen.add(s);
      s.start += delta;
      s.end += delta;
    };
    const walk = (value: unknown): void => {
      if (value === null || typeof value !== "object" || visited.has(value)) return;
      visited.add(value);
      const src = sources.get(value);
      if (src) {
        move(src.anchor);
        move(src.extent);
        for (const pair of src.keys.values()) {
          move(pair.key);
          move(pair.value);
        }
        for (const item of src.items) move(item);
        move(src.nonStringKey);
        // A unit nested in this one moved with it.
        const nested = src.node ? this.units.get(src.node) : undefined;
        if (nested && nested !== unit && nested.value === value) nested.base += delta;
      }
      if (Array.isArray(value)) for (const v of value) walk(v);
      else for (const v of Object.values(value)) walk(v);
    };
    walk(unit.value);
    for (const p of unit.problems) {
      move(p.span);
      for (const r of p.related ?? []) move(r.span);
    }
    for (const u of unit.unknownKeys) move(u.span);
    unit.base += delta;
  }
}
