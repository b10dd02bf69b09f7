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
 * own and checked with ajv; the library's error texts are not catalogued, so ours follow Go's wording and
 * name the offending keyword.
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

/** Every value json.Unmarshal would reject, in the order it meets them (keys sorted, as the re-encoded JSON has them). */
export function jsonSchemaDecodeErrors(value: unknown): SchemaDecodeError[] {
  const v = validator();
  if (v(value)) return [];
  const byPath = new Map<string, SchemaDecodeError>();
  for (const e of v.errors ?? []) {
    const found = explain(value, e);
    if (found && !byPath.has(JSON.stringify(found.path))) byPath.set(JSON.stringify(found.path), found);
  }
  return [...byPath.values()].sort((a, b) => comparePaths(a.path, b.path));
}

/** The first decode error, the one the reference reports, or undefined when the value decodes. */
export function jsonSchemaDecodeError(value: unknown): SchemaDecodeError | undefined {
  return jsonSchemaDecodeErrors(value)[0];
}

type Walk = Shape | "stringElement";

function explain(root: unknown, e: ErrorObject): SchemaDecodeError | undefined {
  if (e.keyword === "$ref") return undefined;
  const segments =
    e.instancePath === ""
      ? []
      : e.instancePath
          .slice(1)
          .split("/")
          .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  const path: (string | number)[] = [];
  let data = root;
  // Walks the shapes down the path: only known keywords have a shape, so every error lies under one.
  let shape: Walk = "schema";
  let parent: Walk = "schema";
  let field: string[] = [];
  for (const seg of segments) {
    const key: string | number = Array.isArray(data) ? Number(seg) : seg;
    path.push(key);
    data = (data as Record<string | number, unknown>)[key];
    parent = shape;
    if (shape === "schema") field = [keywordOf(seg) ?? seg];
    else if (shape === "stringsMap" || shape === "boolMap") field.push(seg);
    shape = next(shape, seg);
  }
  const expected = expectedWords(shape);
  return { path, message: messageFor(shape, parent, field, data), ...(expected && { mismatch: { expected, kind: jsonKind(data) } }) };
}

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

function messageFor(shape: Walk, parent: Walk, field: string[], data: unknown): string {
  const kind = jsonKind(data);
  switch (shape) {
    case "int":
      if (typeof data === "number") return Number.isInteger(data) ? "integer is out of range" : "not an integer value";
      return JSON.stringify(data).includes(".") ? "not a number" : "cannot be unmarshaled into an int";
    case "type":
      return `invalid value for "type": ${goQuote(JSON.stringify(data))}`;
    case "schema":
      return `json: cannot unmarshal ${kind} into Go value of type jsonschema.Schema`;
    case "stringElement":
      return parent === "type"
        ? `json: cannot unmarshal ${kind} into Go value of type string`
        : `json: cannot unmarshal ${kind} into Go struct field Schema.${field.join(".")} of type string`;
    default:
      return `json: cannot unmarshal ${kind} into Go struct field Schema.${field.join(".")} of type ${GO_TYPE[shape]}`;
  }
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
