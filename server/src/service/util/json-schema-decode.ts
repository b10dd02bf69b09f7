import type { ErrorObject, ValidateFunction } from "ajv";
import { goFold, goKeyOrder, goTypeWords, jsonKind, type JsonKind } from "./go-json";
import { goQuote } from "./go-quote";

/**
 * Whether JSON-like data decodes as a JSON Schema the way the reference's library (google/jsonschema-go
 * v0.3.0, `json.Unmarshal` into `jsonschema.Schema`) decodes it. Both reference checks that take a schema
 * use it: tools.custom[].parameters (then Resolve, rules/tool-schema.ts) and llm_judges[].output_schema.
 * That decode is structural only: every known keyword must have its Go type (strings, numbers, 32-bit
 * integers, schemas, lists and maps of schemas…), while unknown keywords and unknown type names
 * (`type: strng`) pass. A boolean or null is a schema. Keywords match as encoding/json matches struct
 * fields: case-insensitively (`Minimum:` sets minimum). The structure is described as a JSON Schema of its
 * own and checked with ajv. The library's error texts are not catalogued: ours are what Go 1.25's encoding/json
 * (the reference's toolchain, backend/go.mod) says for the library's types (see `goTypeError` below).
 */

export type Shape = "string" | "number" | "bool" | "int" | "list" | "strings" | "schema" | "schemas" | "schemaMap" | "boolMap" | "stringsMap" | "any" | "type";

/** Every keyword the library's Schema type decodes, with the shape of its Go field. */
export const KEYWORDS: Readonly<Record<string, Shape>> = {
  $id: "string",
  $schema: "string",
  $ref: "string",
  $comment: "string",
  $defs: "schemaMap",
  definitions: "schemaMap",
  $anchor: "string",
  $dynamicAnchor: "string",
  $dynamicRef: "string",
  $vocabulary: "boolMap",
  title: "string",
  description: "string",
  default: "any",
  deprecated: "bool",
  readOnly: "bool",
  writeOnly: "bool",
  examples: "list",
  type: "type",
  enum: "list",
  const: "any",
  multipleOf: "number",
  minimum: "number",
  maximum: "number",
  exclusiveMinimum: "number",
  exclusiveMaximum: "number",
  minLength: "int",
  maxLength: "int",
  pattern: "string",
  prefixItems: "schemas",
  items: "schema",
  minItems: "int",
  maxItems: "int",
  additionalItems: "schema",
  uniqueItems: "bool",
  contains: "schema",
  minContains: "int",
  maxContains: "int",
  unevaluatedItems: "schema",
  minProperties: "int",
  maxProperties: "int",
  required: "strings",
  dependentRequired: "stringsMap",
  properties: "schemaMap",
  patternProperties: "schemaMap",
  additionalProperties: "schema",
  propertyNames: "schema",
  unevaluatedProperties: "schema",
  allOf: "schemas",
  anyOf: "schemas",
  oneOf: "schemas",
  not: "schema",
  if: "schema",
  then: "schema",
  else: "schema",
  dependentSchemas: "schemaMap",
  contentEncoding: "string",
  contentMediaType: "string",
  contentSchema: "schema",
  format: "string",
};

const byFold = new Map(Object.keys(KEYWORDS).map((k) => [goFold(k), k]));

/** The keyword a written key sets, if any (an exact match, else a case-insensitive one). */
function keywordOf(key: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(KEYWORDS, key) ? key : byFold.get(goFold(key));
}

const GO_TYPE: Record<Exclude<Shape, "int" | "type">, string> = {
  string: "string",
  number: "float64",
  bool: "bool",
  list: "[]interface {}",
  strings: "[]string",
  schema: "jsonschema.Schema",
  schemaMap: "map[string]*jsonschema.Schema",
  schemas: "[]*jsonschema.Schema",
  boolMap: "map[string]bool",
  stringsMap: "map[string][]string",
  any: "interface {}",
};

// ---- a meta-schema of what json.Unmarshal into jsonschema.Schema accepts ----

const SCHEMA = { $ref: "#/definitions/schema" };
const nullable = (t: string) => ({ type: [t, "null"] });

function shapeSchema(shape: Shape): object {
  switch (shape) {
    case "string":
      return nullable("string");
    case "number":
      return nullable("number");
    case "bool":
      return nullable("boolean");
    case "int":
      return { ...nullable("integer"), minimum: -(2 ** 31), maximum: 2 ** 31 - 1 };
    case "list":
      return nullable("array");
    case "strings":
      return { ...nullable("array"), items: nullable("string") };
    case "schema":
      return SCHEMA;
    case "schemas":
      return { ...nullable("array"), items: SCHEMA };
    case "schemaMap":
      return { ...nullable("object"), additionalProperties: SCHEMA };
    case "boolMap":
      return { ...nullable("object"), additionalProperties: nullable("boolean") };
    case "stringsMap":
      return { ...nullable("object"), additionalProperties: shapeSchema("strings") };
    case "any":
      return {};
    // `type` must be written as a string or a list: a null is rejected too (`invalid value for "type": "null"`).
    case "type":
      return { type: ["string", "array"], items: nullable("string") };
  }
}

/** A regexp source matching `name` the way Go's encoding/json folds keys (ASCII case, plus ſ and the Kelvin sign). */
function foldPattern(name: string): string {
  const alt: Record<string, string> = { s: "s\u017f", k: "k\u212a" };
  const chars = [...name].map((c) => {
    const lower = c.toLowerCase();
    if (lower >= "a" && lower <= "z") return `[${alt[lower] ?? lower}${lower.toUpperCase()}]`;
    return c === "$" ? "\\$" : c;
  });
  return `^${chars.join("")}$`;
}

let validate: ValidateFunction | undefined;
function validator(): ValidateFunction {
  if (validate) return validate;
  // Loaded on first use: most packs have no schema to check, and the CLI starts faster without it.
  const { default: Ajv } = require("ajv") as typeof import("ajv");
  validate = new Ajv({ allErrors: true, allowUnionTypes: true }).compile({
    ...SCHEMA,
    definitions: {
      schema: {
        type: ["object", "boolean", "null"],
        patternProperties: Object.fromEntries(Object.entries(KEYWORDS).map(([k, shape]) => [foldPattern(k), shapeSchema(shape)])),
      },
    },
  });
  return validate;
}

// ---- errors, in the order Go meets them ----

export interface SchemaDecodeError {
  /** Keys (as written) and indexes from the schema's root to the offending value. */
  path: (string | number)[];
  message: string;
  /** For a value of the wrong kind (a message naming Go types): what was expected, in an author's words, and what was found. */
  mismatch?: { expected: string; kind: JsonKind };
}

/**
 * Every value json.Unmarshal would reject (keys sorted, as the re-encoded JSON has them), the one the reference
 * reports among them (`jsonSchemaDecodeError`).
 */
export function jsonSchemaDecodeErrors(value: unknown): SchemaDecodeError[] {
  const v = validator();
  if (v(value)) return [];
  const byPath = new Map<string, SchemaDecodeError>();
  const add = (found: SchemaDecodeError | undefined) => {
    if (found && !byPath.has(JSON.stringify(found.path))) byPath.set(JSON.stringify(found.path), found);
  };
  for (const e of v.errors ?? []) add(explain(value, ajvPath(value, e)));
  const first = referencePath(value, []);
  if (first) add(explain(value, first));
  return [...byPath.values()].sort((a, b) => comparePaths(a.path, b.path));
}

/** The decode error the reference reports, or undefined when the value decodes. */
export function jsonSchemaDecodeError(value: unknown): SchemaDecodeError | undefined {
  const first = referencePath(value, []);
  return first && explain(value, first);
}

type Walk = Shape | "stringElement";

function ajvPath(root: unknown, e: ErrorObject): (string | number)[] | undefined {
  if (e.keyword === "$ref") return undefined;
  if (e.instancePath === "") return [];
  const path: (string | number)[] = [];
  let data = root;
  for (const s of e.instancePath.slice(1).split("/")) {
    const seg = s.replace(/~1/g, "/").replace(/~0/g, "~");
    const key: string | number = Array.isArray(data) ? Number(seg) : seg;
    path.push(key);
    data = (data as Record<string | number, unknown>)[key];
  }
  return path;
}

/**
 * The error at `path`, worded as Go 1.25 words it. The schema type's UnmarshalJSON decodes into an anonymous struct
 * that embeds `*schemaWithoutMethods`, so a keyword's field path starts with that embedded struct's name (Go ≥ 1.24,
 * golang/go#68941), and an error from a nested schema keeps its own path after the outer one (Go ≥ 1.24,
 * golang/go#61337): `.schemaWithoutMethods.properties.schemaWithoutMethods.title`. Map keys and list indexes are not
 * on the path; the struct is anonymous, so the path starts with a dot.
 */
function explain(root: unknown, path: (string | number)[] | undefined): SchemaDecodeError | undefined {
  if (!path) return undefined;
  let data = root;
  let shape: Walk = "schema";
  let parent: Walk = "schema";
  // The Go field path of an error at this depth: `outer` of the schema being decoded, `field` within it.
  let outer: string[] = [];
  let field: string[] = [];
  for (const seg of path) {
    data = (data as Record<string | number, unknown>)[seg];
    parent = shape;
    if (shape === "schema") {
      const kw = keywordOf(String(seg)) ?? String(seg);
      field = [...outer, ...(DIRECT_FIELDS.has(kw) ? [] : [EMBEDDED, kw])];
    }
    shape = next(shape, String(seg));
    if (shape === "schema") outer = field;
  }
  const expected = expectedWords(shape);
  const kind = jsonKind(data);
  return { path, message: messageFor(shape, parent, field, outer, data), ...(expected && { mismatch: { expected, kind } }) };
}

/** The embedded struct whose fields are the schema's keywords (jsonschema-go's `type schemaWithoutMethods Schema`). */
const EMBEDDED = "schemaWithoutMethods";

/** The fields of the anonymous struct itself (not of the embedded one): `type` and `const` are raw, the rest the library's integers. */
const DIRECT_FIELDS: ReadonlySet<string> = new Set([
  "type",
  "const",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
  "minContains",
  "maxContains",
]);

/** The Go type of the struct a schema is decoded into, as reflect prints it. */
export const ANONYMOUS_SCHEMA =
  'struct { Type json.RawMessage "json:\\"type,omitempty\\""; Const json.RawMessage "json:\\"const,omitempty\\""; ' +
  'MinLength *jsonschema.integer "json:\\"minLength,omitempty\\""; MaxLength *jsonschema.integer "json:\\"maxLength,omitempty\\""; ' +
  'MinItems *jsonschema.integer "json:\\"minItems,omitempty\\""; MaxItems *jsonschema.integer "json:\\"maxItems,omitempty\\""; ' +
  'MinProperties *jsonschema.integer "json:\\"minProperties,omitempty\\""; MaxProperties *jsonschema.integer "json:\\"maxProperties,omitempty\\""; ' +
  'MinContains *jsonschema.integer "json:\\"minContains,omitempty\\""; MaxContains *jsonschema.integer "json:\\"maxContains,omitempty\\""; ' +
  "*jsonschema.schemaWithoutMethods }";

function next(shape: Walk, seg: string): Walk {
  switch (shape) {
    case "schema":
      return KEYWORDS[keywordOf(seg) ?? ""] ?? "any";
    case "schemaMap":
    case "schemas":
      return "schema";
    case "stringsMap":
      return "strings";
    case "boolMap":
      return "bool";
    default:
      return "stringElement";
  }
}

/** What a type error's message (below) expected, in an author's words; undefined for the messages that name no Go type. */
function expectedWords(shape: Walk): string | undefined {
  if (shape === "int" || shape === "type") return undefined;
  if (shape === "schema") return goTypeWords("jsonschema.Schema");
  if (shape === "stringElement") return "a string";
  return goTypeWords(GO_TYPE[shape]);
}

/** Go's UnmarshalTypeError text: `field` is its Field (joined with dots), empty for a value decoded on its own. */
function goTypeError(kind: string, field: string[], goType: string): string {
  return field.length > 0
    ? `json: cannot unmarshal ${kind} into Go struct field .${field.join(".")} of type ${goType}`
    : `json: cannot unmarshal ${kind} into Go value of type ${goType}`;
}

function messageFor(shape: Walk, parent: Walk, field: string[], outer: string[], data: unknown): string {
  const kind = jsonKind(data);
  switch (shape) {
    case "int":
      return integerError(data) ?? "";
    case "type":
      return `invalid value for "type": ${goQuote(JSON.stringify(data))}`;
    case "schema":
      return goTypeError(kind, outer, ANONYMOUS_SCHEMA);
    case "stringElement":
      // `type: [...]` is decoded on its own once the struct is: its error has no field of its own.
      return goTypeError(kind, parent === "type" ? outer : field, "string");
    default:
      return goTypeError(kind, field, GO_TYPE[shape]);
  }
}

/** The library's integer (its UnmarshalJSON, on the value as Go's encoder writes it), or undefined when it decodes. */
function integerError(v: unknown): string | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v === "number") {
    const a = Math.abs(v);
    // Go writes a float64 with an exponent below 1e-6 and from 1e21 (no '.'), and int64 stops at 2^63.
    if ((a !== 0 && a < 1e-6) || a >= 2 ** 63) return "cannot be unmarshaled into an int";
    if (!Number.isInteger(v)) return "not an integer value";
    return v < -(2 ** 31) || v > 2 ** 31 - 1 ? "integer is out of range" : undefined;
  }
  return JSON.stringify(v).includes(".") ? "not a number" : "cannot be unmarshaled into an int";
}

/**
 * The path of the error json.Unmarshal returns for a schema, as Go meets them: keys in sorted order. A type error of a
 * keyword is kept while decoding goes on, but the first error of an integer keyword or of a nested schema (each
 * decoded by its own UnmarshalJSON) ends the decode and is returned instead; `type` is checked only once the rest
 * decoded.
 */
function referencePath(v: unknown, path: (string | number)[]): (string | number)[] | undefined {
  if (v === null || v === undefined || typeof v === "boolean") return undefined;
  if (!isObject(v)) return path;
  let kept: (string | number)[] | undefined;
  let typeKey: string | undefined;
  const keep = (p: (string | number)[] | undefined) => {
    kept ??= p;
  };
  for (const k of Object.keys(v).sort(goKeyOrder)) {
    const kw = keywordOf(k);
    if (kw === undefined) continue;
    const value = v[k];
    const at = [...path, k];
    const shape = KEYWORDS[kw];
    if (shape === "type") typeKey = k;
    if (value === null || shape === "type" || shape === "any") continue;
    switch (shape) {
      case "int":
        if (integerError(value) !== undefined) return at;
        break;
      case "schema": {
        const inner = referencePath(value, at);
        if (inner) return inner;
        break;
      }
      case "schemaMap":
      case "schemas": {
        if (shape === "schemaMap" ? !isObject(value) : !Array.isArray(value)) {
          keep(at);
          break;
        }
        for (const [key, item] of entries(value)) {
          const inner = referencePath(item, [...at, key]);
          if (inner) return inner;
        }
        break;
      }
      default:
        keep(firstMismatch(shape, value, at));
    }
  }
  if (kept) return kept;
  if (typeKey === undefined) return undefined;
  const type = v[typeKey];
  if (typeof type === "string") return undefined;
  if (!Array.isArray(type)) return [...path, typeKey];
  const bad = type.findIndex((t) => t !== null && typeof t !== "string");
  return bad < 0 ? undefined : [...path, typeKey, bad];
}

/** The first value below a keyword of a plain shape (not a schema, not an integer) that does not decode. */
function firstMismatch(shape: Walk, value: unknown, at: (string | number)[]): (string | number)[] | undefined {
  if (value === null) return undefined;
  switch (shape) {
    case "string":
    case "stringElement":
      return typeof value === "string" ? undefined : at;
    case "number":
      return typeof value === "number" ? undefined : at;
    case "bool":
      return typeof value === "boolean" ? undefined : at;
    case "list":
      return Array.isArray(value) ? undefined : at;
    case "strings":
    case "boolMap":
    case "stringsMap": {
      if (shape === "strings" ? !Array.isArray(value) : !isObject(value)) return at;
      const inner: Walk = shape === "strings" ? "stringElement" : shape === "boolMap" ? "bool" : "strings";
      for (const [key, item] of entries(value)) {
        const bad = firstMismatch(inner, item, [...at, key]);
        if (bad) return bad;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return jsonKind(v) === "object";
}

/** A list's items with their indexes, or a mapping's entries in Go's order (sorted keys). */
function entries(v: unknown): [string | number, unknown][] {
  if (Array.isArray(v)) return v.map((item, i) => [i, item]);
  const obj = v as Record<string, unknown>;
  return Object.keys(obj)
    .sort(goKeyOrder)
    .map((k) => [k, obj[k]]);
}

function comparePaths(a: (string | number)[], b: (string | number)[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i],
      y = b[i];
    if (x === y) continue;
    if (typeof x === "number" && typeof y === "number") return x - y;
    return goKeyOrder(String(x), String(y));
  }
  return a.length - b.length;
}
