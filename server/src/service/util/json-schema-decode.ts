import Ajv, { ErrorObject, ValidateFunction } from "ajv";
import { goQuote } from "./go-quote";

/**
 * Whether JSON-like data decodes as a JSON Schema the way the reference's library
 * (google/jsonschema-go v0.3.0, `json.Unmarshal` into `jsonschema.Schema`) decodes it.
 * That decode is structural only: every known keyword must have its Go type (strings, numbers,
 * 32-bit integers, schemas, lists and maps of schemas…), while unknown keywords and unknown type
 * names (`type: strng`) pass. A boolean or null is a schema. The structure is described as a
 * JSON Schema of its own and checked with ajv; the library's error texts are not catalogued, so
 * ours follow Go's wording and name the offending keyword.
 * Known gap: Go matches keywords case-insensitively (`Minimum:` sets minimum); here they are exact.
 */

type Shape = "string" | "number" | "bool" | "int" | "list" | "stringList" | "schema" | "schemaMap" | "schemaList" | "boolMap" | "stringListMap" | "type";

const KEYWORDS: Record<string, Shape> = {
  $id: "string", $schema: "string", $ref: "string", $comment: "string", $anchor: "string",
  $dynamicAnchor: "string", $dynamicRef: "string", title: "string", description: "string",
  pattern: "string", contentEncoding: "string", contentMediaType: "string", format: "string",
  $defs: "schemaMap", definitions: "schemaMap", properties: "schemaMap", patternProperties: "schemaMap",
  dependentSchemas: "schemaMap",
  $vocabulary: "boolMap",
  deprecated: "bool", readOnly: "bool", writeOnly: "bool", uniqueItems: "bool",
  examples: "list", enum: "list",
  multipleOf: "number", minimum: "number", maximum: "number", exclusiveMinimum: "number", exclusiveMaximum: "number",
  minLength: "int", maxLength: "int", minItems: "int", maxItems: "int",
  minProperties: "int", maxProperties: "int", minContains: "int", maxContains: "int",
  required: "stringList", dependentRequired: "stringListMap",
  prefixItems: "schemaList", allOf: "schemaList", anyOf: "schemaList", oneOf: "schemaList",
  items: "schema", additionalItems: "schema", contains: "schema", unevaluatedItems: "schema",
  additionalProperties: "schema", propertyNames: "schema", unevaluatedProperties: "schema",
  not: "schema", if: "schema", then: "schema", else: "schema", contentSchema: "schema",
  type: "type",
};

const GO_TYPE: Record<Exclude<Shape, "int" | "type">, string> = {
  string: "string",
  number: "float64",
  bool: "bool",
  list: "[]interface {}",
  stringList: "[]string",
  schema: "jsonschema.Schema",
  schemaMap: "map[string]*jsonschema.Schema",
  schemaList: "[]*jsonschema.Schema",
  boolMap: "map[string]bool",
  stringListMap: "map[string][]string",
};

const INT32 = { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 };

function shapeSchema(shape: Shape): object {
  const nullable = (t: string) => ({ type: [t, "null"] });
  switch (shape) {
    case "string": return nullable("string");
    case "number": return nullable("number");
    case "bool": return nullable("boolean");
    case "int": return { ...nullable("integer"), ...INT32 };
    case "list": return nullable("array");
    case "stringList": return { ...nullable("array"), items: nullable("string") };
    case "schema": return { $ref: "#" };
    case "schemaMap": return { ...nullable("object"), additionalProperties: { $ref: "#" } };
    case "schemaList": return { ...nullable("array"), items: { $ref: "#" } };
    case "boolMap": return { ...nullable("object"), additionalProperties: nullable("boolean") };
    case "stringListMap": return { ...nullable("object"), additionalProperties: shapeSchema("stringList") };
    case "type": return { type: ["string", "array"], items: nullable("string") };
  }
}

let validate: ValidateFunction | undefined;
function validator(): ValidateFunction {
  validate ??= new Ajv({ allErrors: true, strict: false }).compile({
    type: ["object", "boolean", "null"],
    properties: Object.fromEntries(Object.entries(KEYWORDS).map(([k, s]) => [k, shapeSchema(s)])),
  });
  return validate;
}

export interface SchemaDecodeError {
  /** Keys and indexes from the schema's root to the offending value. */
  path: (string | number)[];
  message: string;
}

/** The first decode error (keys in sorted order, as Go reads the re-encoded JSON), or undefined. */
export function jsonSchemaDecodeError(value: unknown): SchemaDecodeError | undefined {
  const v = validator();
  if (v(value)) return undefined;
  const found = (v.errors ?? []).map((e) => explain(value, e)).filter((e): e is SchemaDecodeError => e !== undefined);
  found.sort((a, b) => comparePaths(a.path, b.path));
  return found[0];
}

function explain(root: unknown, e: ErrorObject): SchemaDecodeError | undefined {
  if (e.keyword === "$ref") return undefined;
  const segments = e.instancePath === "" ? [] : e.instancePath.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  const path: (string | number)[] = [];
  let data = root;
  // Walks the shape down the path: only known keywords have a shape, so every error lies under one.
  let shape: Shape | "stringElement" = "schema";
  let parent: Shape | "stringElement" = "schema";
  let field: string[] = [];
  for (const seg of segments) {
    const key: string | number = Array.isArray(data) ? Number(seg) : seg;
    path.push(key);
    data = (data as Record<string | number, unknown>)[key];
    parent = shape;
    if (shape === "schema") field = [seg];
    else if (shape === "stringListMap" || shape === "boolMap") field.push(seg);
    shape = next(shape, seg);
  }
  return { path, message: messageFor(shape, parent, field, data) };
}

function next(shape: Shape | "stringElement", seg: string): Shape | "stringElement" {
  switch (shape) {
    case "schema": return KEYWORDS[seg] ?? "list";
    case "schemaMap":
    case "schemaList": return "schema";
    case "stringListMap": return "stringList";
    case "boolMap": return "bool";
    default: return "stringElement";
  }
}

function messageFor(shape: Shape | "stringElement", parent: Shape | "stringElement", field: string[], data: unknown): string {
  const kind = goKind(data);
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

function goKind(v: unknown): string {
  if (Array.isArray(v)) return "array";
  if (v === null) return "null";
  if (typeof v === "boolean") return "bool";
  return typeof v === "object" ? "object" : typeof v;
}

function comparePaths(a: (string | number)[], b: (string | number)[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i], y = b[i];
    if (x === y) continue;
    if (typeof x === "number" && typeof y === "number") return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return a.length - b.length;
}
