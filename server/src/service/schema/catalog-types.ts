/** The catalog's `known_keys` type notation (`string`, `int32?`, `list<object:asset>`, `map<string,any>`, `string|object:X`), parsed. */

export type ScalarName = "string" | "bool" | "int32" | "int64" | "int" | "float64" | "uuid";

export type TypeNode =
  | { kind: "scalar"; name: ScalarName }
  | { kind: "any" }
  | { kind: "list"; of: TypeNode }
  | { kind: "map"; of: TypeNode }
  | { kind: "object"; entry: string }
  | { kind: "union"; of: TypeNode[] };

export interface KeyType {
  node: TypeNode;
  /** A trailing `?`: a pointer, so absent differs from the zero value. */
  optional: boolean;
}

const SCALARS = new Set<string>(["string", "bool", "int32", "int64", "int", "float64", "uuid"]);

export function parseKeyType(text: string): KeyType {
  const t = text.trim();
  const optional = t.endsWith("?");
  return { node: parseNode(optional ? t.slice(0, -1) : t), optional };
}

function parseNode(t: string): TypeNode {
  const parts = splitTop(t, "|");
  if (parts.length > 1) return { kind: "union", of: parts.map(parseNode) };
  if (t.startsWith("list<") && t.endsWith(">")) return { kind: "list", of: parseNode(t.slice(5, -1)) };
  if (t.startsWith("map<") && t.endsWith(">")) {
    const [key, value] = splitTop(t.slice(4, -1), ",");
    if (key?.trim() !== "string" || value === undefined) throw new Error(`unsupported map type ${t}`);
    return { kind: "map", of: parseNode(value.trim()) };
  }
  if (t.startsWith("object:")) return { kind: "object", entry: t.slice("object:".length).replace(/\?$/, "") };
  if (t === "any" || t === "raw-json") return { kind: "any" };
  if (SCALARS.has(t)) return { kind: "scalar", name: t as ScalarName };
  throw new Error(`unknown catalog type ${t}`);
}

/** Splits at `sep` outside angle brackets. */
function splitTop(t: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < t.length; i++) {
    if (t[i] === "<") depth++;
    else if (t[i] === ">") depth--;
    else if (t[i] === sep && depth === 0) {
      out.push(t.slice(start, i));
      start = i + 1;
    }
  }
  out.push(t.slice(start));
  return out;
}
