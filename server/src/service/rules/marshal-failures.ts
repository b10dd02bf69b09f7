import type { Locator } from "../model/locate";
import type { SourceMap } from "../model/source";
import type { Span } from "../types";
import { goSortedKeys, isJsonObject } from "../util/go-json";

/** A place where json.Marshal fails on YAML-decoded free-form data. */
export interface MarshalFailure {
  message: string;
  span: Span;
  /** For a non-string key: the mapping that has it (yaml.v3 made it a map[interface{}]interface{}). */
  map?: object;
  /** For an unsupported number: "NaN", "+Inf" or "-Inf". */
  value?: string;
}

/**
 * Every place json.Marshal would fail on a YAML-decoded free-form value, in the encoder's order (sorted keys,
 * list order): a nested mapping with a non-string key, or a NaN/±Inf float. The reference stops at the first.
 * `root`'s own keys are strings (it is decoded as a map[string]…), so only nested mappings are checked for them.
 */
export function* marshalFailures(root: Record<string, unknown>, sources: SourceMap, at: Locator): Generator<MarshalFailure> {
  function* visit(v: unknown, span: () => Span, isRoot: boolean): Generator<MarshalFailure> {
    if (typeof v === "number" && !Number.isFinite(v)) {
      const value = Number.isNaN(v) ? "NaN" : v > 0 ? "+Inf" : "-Inf";
      yield { message: `json: unsupported value: ${value}`, span: span(), value };
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) yield* visit(v[i], () => at.itemValue(v, i), false);
    } else if (isJsonObject(v)) {
      const nonString = sources.get(v)?.nonStringKey;
      if (!isRoot && nonString) yield { message: "json: unsupported type: map[interface {}]interface {}", span: nonString, map: v };
      for (const k of goSortedKeys(v)) yield* visit(v[k], () => at.value(v, k), false);
    }
  }
  yield* visit(root, () => at.extent(root), true);
}
