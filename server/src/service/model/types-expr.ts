import { knownObjects } from "../catalog";

export type ScalarName = "string" | "bool" | "int32" | "int64" | "int" | "float64" | "uuid";

/**
 * A field type from the catalog's type vocabulary (`list<object:asset>`, `map<string,string>`, `int32?`, …),
 * read by the YAML decoder and by the strict JSON decoder of evaluation_spec. `optional` is a Go pointer.
 */
export type TypeExpr =
  | { kind: "scalar"; name: ScalarName; optional: boolean; goType: string }
  | { kind: "any" }
  | { kind: "list"; of: TypeExpr; goType: string }
  | { kind: "map"; of: TypeExpr; goType: string }
  | { kind: "object"; entry: string; optional: boolean; goType: string }
  /** `string|object:<entry>` (scorecard dimensions): a string, or an object decoded by its own decoder. */
  | { kind: "stringOrObject"; entry: string; goType: string };

const cache = new Map<string, TypeExpr>();

/** Parses a catalog type; `goType` is the Go type name the reference prints for it. */
export function parseType(type: string, goType: string): TypeExpr {
  const cacheKey = type + "\u0000" + goType;
  let t = cache.get(cacheKey);
  if (!t) {
    t = parse(type, goType);
    cache.set(cacheKey, t);
  }
  return t;
}

function parse(type: string, goType: string): TypeExpr {
  // Free-form maps decoded by yaml.v3 into map[string]interface{} (tools, tool_policy, evaluation_spec, …).
  if (goType.startsWith("map[string]interface")) return { kind: "map", of: { kind: "any" }, goType };
  if (goType === "interface {}" || type === "any" || type === "raw-json") return { kind: "any" };
  const optional = type.endsWith("?");
  const base = optional ? type.slice(0, -1) : type;
  let m = /^list<(.*)>$/.exec(base);
  if (m) return { kind: "list", of: parse(m[1], goType.replace(/^\[\]/, "")), goType };
  m = /^map<string,(.*)>$/.exec(base);
  if (m) return { kind: "map", of: parse(m[1], goType.replace(/^map\[string\]/, "")), goType };
  m = /^(string\|)?object:(.*)$/.exec(base);
  if (m) {
    if (!knownObjects[m[2]]) throw new Error(`catalog: unknown object ${m[2]}`);
    if (m[1]) return { kind: "stringOrObject", entry: m[2], goType };
    return { kind: "object", entry: m[2], optional, goType: goType.replace(/^\*/, "") };
  }
  if (["string", "bool", "int32", "int64", "int", "float64", "uuid"].includes(base)) {
    return { kind: "scalar", name: base as ScalarName, optional, goType };
  }
  throw new Error(`catalog: unsupported type ${type}`);
}

/** The catalog entry that describes an object at a given entry name, resolving shared entries (`asset`, `expectation`). */
export function objectEntry(entry: string) {
  const e = knownObjects[entry];
  if (!e) throw new Error(`catalog: unknown object ${entry}`);
  return e;
}
