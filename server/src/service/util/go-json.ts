import type { Locator } from "../model/locate";
import type { SourceMap } from "../model/source";
import type { Span } from "../types";

/**
 * What the reference's Go encoding/json does to the JSON-like data decoded from YAML:
 * marshal failures, case-insensitive field matching, and the type names of its errors.
 */

/** Go's key folding for struct fields (bytes.EqualFold): ASCII case, plus the two non-ASCII letters that fold to ASCII. */
export function goFold(s: string): string {
  return s.replace(/\u017f/g, "s").replace(/\u212a/g, "k").replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** Object keys in the order Go's encoder writes them: sorted by their UTF-8 bytes. */
export function goSortedKeys(obj: Record<string, unknown>): string[] {
  return Object.keys(obj).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

/** Keys of `obj` that a Go struct field named `name` takes, in decode order (each later one overwrites). */
export function foldKeys(obj: Record<string, unknown>, name: string): string[] {
  const folded = goFold(name);
  return goSortedKeys(obj).filter((k) => goFold(k) === folded);
}

/** The key whose value a Go struct field named `name` ends up with, if any key matches. */
export function lastFoldKey(obj: Record<string, unknown>, name: string): string | undefined {
  const keys = foldKeys(obj, name);
  return keys[keys.length - 1];
}

export type JsonKind = "null" | "bool" | "number" | "string" | "array" | "object";

/** The JSON kind of a value, as Go's decoder names it in type errors. */
export function jsonKind(v: unknown): JsonKind {
  if (v === null || v === undefined) return "null";
  if (Array.isArray(v)) return "array";
  switch (typeof v) {
    case "boolean": return "bool";
    case "number": case "bigint": return "number";
    case "string": return "string";
    default: return "object";
  }
}

export function isJsonObject(v: unknown): v is Record<string, unknown> {
  return jsonKind(v) === "object";
}

/** `json: cannot unmarshal <kind> into Go struct field .<path> of type <type>` (anonymous structs, as the reference uses). */
export function fieldTypeError(kind: JsonKind, path: string, goType: string): string {
  return `json: cannot unmarshal ${kind} into Go struct field .${path} of type ${goType}`;
}

/** `json: cannot unmarshal <kind> into Go value of type <type>` (the top-level value has the wrong kind). */
export function valueTypeError(kind: JsonKind, goType: string): string {
  return `json: cannot unmarshal ${kind} into Go value of type ${goType}`;
}

/**
 * Why json.Marshal would fail on a YAML-decoded free-form value, or undefined when it would not:
 * a nested mapping with a non-string key (yaml.v3 makes it a map[interface{}]interface{}) or a NaN/±Inf float.
 * The first failure in the encoder's order (sorted keys, list order) is returned, with where it was written.
 * `root`'s own keys are strings (it is decoded as a map[string]…), so only nested mappings are checked for them.
 */
export function marshalError(root: Record<string, unknown>, sources: SourceMap, at: Locator): { message: string; span: Span } | undefined {
  const visit = (v: unknown, span: Span, isRoot: boolean): { message: string; span: Span } | undefined => {
    if (typeof v === "number" && !Number.isFinite(v)) {
      return { message: `json: unsupported value: ${Number.isNaN(v) ? "NaN" : v > 0 ? "+Inf" : "-Inf"}`, span };
    }
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const found = visit(v[i], at.item(v, i), false);
        if (found) return found;
      }
      return undefined;
    }
    if (!isJsonObject(v)) return undefined;
    const nonString = sources.get(v)?.nonStringKey;
    if (!isRoot && nonString) return { message: "json: unsupported type: map[interface {}]interface {}", span: nonString };
    for (const k of goSortedKeys(v)) {
      const found = visit(v[k], at.value(v, k), false);
      if (found) return found;
    }
    return undefined;
  };
  return visit(root, at.extent(root), true);
}
