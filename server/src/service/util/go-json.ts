/**
 * What the reference's Go encoding/json does to the JSON-like data decoded from YAML:
 * marshal failures, case-insensitive field matching, and the type names of its errors.
 */

/** Go's key folding for struct fields (bytes.EqualFold): ASCII case, plus the two non-ASCII letters that fold to ASCII. */
export function goFold(s: string): string {
  return s
    .replace(/\u017f/g, "s")
    .replace(/\u212a/g, "k")
    .replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** The order of Go's encoder for map keys: by their UTF-8 bytes. */
export function goKeyOrder(a: string, b: string): number {
  const x = UTF8.encode(a);
  const y = UTF8.encode(b);
  for (let i = 0; i < x.length && i < y.length; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
}

const UTF8 = new TextEncoder();

/** Object keys in the order Go's encoder writes them. */
export function goSortedKeys(obj: Record<string, unknown>): string[] {
  return Object.keys(obj).sort(goKeyOrder);
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
    case "boolean":
      return "bool";
    case "number":
    case "bigint":
      return "number";
    case "string":
      return "string";
    default:
      return "object";
  }
}

export function isJsonObject(v: unknown): v is Record<string, unknown> {
  return jsonKind(v) === "object";
}

/**
 * `json: cannot unmarshal <kind> into Go struct field <struct>.<path> of type <type>`: `struct` is the innermost
 * struct type's name, empty for the anonymous structs the reference often decodes into. `kind` is a JSON kind,
 * or `number <literal>` for a number that does not fit an integer field.
 */
export function fieldTypeError(kind: string, path: string, goType: string, struct = ""): string {
  return `json: cannot unmarshal ${kind} into Go struct field ${struct}.${path} of type ${goType}`;
}

/** `json: cannot unmarshal <kind> into Go value of type <type>` (the top-level value has the wrong kind). */
export function valueTypeError(kind: string, goType: string): string {
  return `json: cannot unmarshal ${kind} into Go value of type ${goType}`;
}

/**
 * What an author reads in place of Go's type error (which stays the diagnostic's `message`):
 * `<where>: expected <expected>, got <kind>`, `kind` being a JSON kind as Go names it (`number 1.5` included).
 */
export function typeMismatchText(where: string, expected: string, kind: string): string {
  const number = /^number (.+)$/.exec(kind);
  const got = number ? `a number (\`${number[1]}\`)` : (JSON_KINDS[kind] ?? kind);
  return `${where}: expected ${expected}, got ${got}`;
}

const JSON_KINDS: Record<string, string> = { string: "a string", number: "a number", bool: "true or false", array: "a list", object: "a mapping" };

/** What a value of a Go type is, in an author's words (`[]string` → "a list", `int32` → "a whole number"). */
export function goTypeWords(goType: string): string {
  const t = goType.replace(/^\*+/, "");
  if (t.startsWith("[]")) return "a list";
  if (t.startsWith("map[") || t.startsWith("struct ")) return "a mapping";
  if (t === "jsonschema.Schema") return "a JSON Schema (a mapping, true or false)";
  if (t === "string") return "a string";
  if (t === "bool") return "true or false";
  if (/^u?int(8|16|32|64)?$/.test(t)) return "a whole number";
  if (/^float(32|64)$/.test(t)) return "a number";
  return "a value of another kind";
}

/** A JSON type error: the reference's message, and the same problem in an author's words for people to read. */
export interface GoTypeError {
  message: string;
  text: string;
}

/** `fieldTypeError` for the value `v`, with `where` (the path an author knows, `tools.custom[0].name`) in its text. */
export function fieldMismatch(v: unknown, path: string, goType: string, where: string): GoTypeError {
  return { message: fieldTypeError(jsonKind(v), path, goType), text: typeMismatchText(where, goTypeWords(goType), jsonKind(v)) };
}

/** `valueTypeError` for the value `v`, with `where` in its text. */
export function valueMismatch(v: unknown, goType: string, where: string): GoTypeError {
  return { message: valueTypeError(jsonKind(v), goType), text: typeMismatchText(where, goTypeWords(goType), jsonKind(v)) };
}

/** `a.b[0].c`: a path below `field` as an author writes it. */
export function pathBelow(field: string, path: readonly (string | number)[]): string {
  return path.reduce<string>((out, seg) => (typeof seg === "number" ? `${out}[${seg}]` : `${out}.${seg}`), field);
}
