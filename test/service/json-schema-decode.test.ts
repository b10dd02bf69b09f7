import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildPackModel, packDiagnostics } from "../../server/src/service/pack-model";
import { ANONYMOUS_SCHEMA, jsonSchemaDecodeError, jsonSchemaDecodeErrors, type SchemaDecodeError } from "../../server/src/service/util/json-schema-decode";

test("JSON Schema decode (jsonschema-go v0.3.0): structure only, first error in sorted key order", () => {
  for (const ok of [
    true,
    false,
    null,
    {},
    { type: "strng" },
    { type: ["string", null] },
    { enum: [1, "a"] },
    { $defs: { a: true } },
    { minLength: 2 },
    { unknown: { deep: 1 } },
  ]) {
    assert.equal(jsonSchemaDecodeError(ok), undefined, JSON.stringify(ok));
  }
  const cases: [unknown, (string | number)[], string][] = [
    [5, [], "json: cannot unmarshal number into Go value of type " + ANONYMOUS_SCHEMA],
    [[], [], "json: cannot unmarshal array into Go value of type " + ANONYMOUS_SCHEMA],
    [{ type: null }, ["type"], 'invalid value for "type": "null"'],
    [{ type: ["a", 3] }, ["type", 1], "json: cannot unmarshal number into Go value of type string"],
    [{ minItems: "2" }, ["minItems"], "cannot be unmarshaled into an int"],
    [{ maxLength: 2 ** 40 }, ["maxLength"], "integer is out of range"],
    [
      { properties: { a: 1 } },
      ["properties", "a"],
      "json: cannot unmarshal number into Go struct field .schemaWithoutMethods.properties of type " + ANONYMOUS_SCHEMA,
    ],
    [
      { properties: [] },
      ["properties"],
      "json: cannot unmarshal array into Go struct field .schemaWithoutMethods.properties of type map[string]*jsonschema.Schema",
    ],
    [{ $vocabulary: { x: "yes" } }, ["$vocabulary", "x"], "json: cannot unmarshal string into Go struct field .schemaWithoutMethods.$vocabulary of type bool"],
    [
      { title: 1, anyOf: [true, "x"] },
      ["anyOf", 1],
      "json: cannot unmarshal string into Go struct field .schemaWithoutMethods.anyOf of type " + ANONYMOUS_SCHEMA,
    ],
  ];
  for (const [schema, path, message] of cases) assert.deepEqual(pathAndMessage(jsonSchemaDecodeError(schema)), { path, message }, JSON.stringify(schema));
});

test("JSON Schema decode: keywords match case-insensitively, as encoding/json matches struct fields", () => {
  const accepted: unknown[] = [
    null,
    true,
    { type: "strng", minLength: -1, unknownKeyword: { any: 1 } },
    { type: ["string", null], required: ["a", "a"], enum: [], const: null },
    { properties: { a: false, b: null }, items: true, $defs: {} },
    { minLength: 1.0, maximum: 1.5, dependentRequired: { a: ["b"] }, $vocabulary: { x: true } },
    { MINIMUM: 1, Properties: { a: { TYPE: "string" } }, "\u017fchema": {} },
  ];
  for (const s of accepted) assert.deepEqual(jsonSchemaDecodeErrors(s), [], JSON.stringify(s));
  const rejected: [unknown, (string | number)[], string][] = [
    ["string", [], "json: cannot unmarshal string into Go value of type " + ANONYMOUS_SCHEMA],
    [{ type: null }, ["type"], 'invalid value for "type": "null"'],
    [{ TYPE: 5 }, ["TYPE"], 'invalid value for "type": "5"'],
    [{ minLength: 2147483648 }, ["minLength"], "integer is out of range"],
    [{ MaxLength: "2" }, ["MaxLength"], "cannot be unmarshaled into an int"],
    [{ items: [{}] }, ["items"], "json: cannot unmarshal array into Go struct field .schemaWithoutMethods.items of type " + ANONYMOUS_SCHEMA],
    [{ required: [1] }, ["required", 0], "json: cannot unmarshal number into Go struct field .schemaWithoutMethods.required of type string"],
    [
      { Properties: { a: "x" } },
      ["Properties", "a"],
      "json: cannot unmarshal string into Go struct field .schemaWithoutMethods.properties of type " + ANONYMOUS_SCHEMA,
    ],
    [{ deprecated: "yes" }, ["deprecated"], "json: cannot unmarshal string into Go struct field .schemaWithoutMethods.deprecated of type bool"],
    [{ Minimum: "x" }, ["Minimum"], "json: cannot unmarshal string into Go struct field .schemaWithoutMethods.minimum of type float64"],
    [{ $vocabulary: { x: "y" } }, ["$vocabulary", "x"], "json: cannot unmarshal string into Go struct field .schemaWithoutMethods.$vocabulary of type bool"],
  ];
  for (const [s, path, message] of rejected) assert.deepEqual(jsonSchemaDecodeErrors(s).map(pathAndMessage), [{ path, message }], JSON.stringify(s));
});

test("JSON Schema decode: every rejected value, in the order Go meets them (keys sorted bytewise)", () => {
  assert.deepEqual(jsonSchemaDecodeErrors({ title: 1, Minimum: "low", anyOf: [true, "x"], maxItems: 1.5 }), [
    {
      path: ["Minimum"],
      message: "json: cannot unmarshal string into Go struct field .schemaWithoutMethods.minimum of type float64",
      mismatch: { expected: "a number", kind: "string" },
    },
    {
      path: ["anyOf", 1],
      message: "json: cannot unmarshal string into Go struct field .schemaWithoutMethods.anyOf of type " + ANONYMOUS_SCHEMA,
      mismatch: { expected: "a JSON Schema (a mapping, true or false)", kind: "string" },
    },
    { path: ["maxItems"], message: "not an integer value" }, // names no Go type: no author's text needed
    {
      path: ["title"],
      message: "json: cannot unmarshal number into Go struct field .schemaWithoutMethods.title of type string",
      mismatch: { expected: "a string", kind: "number" },
    },
  ]);
  assert.deepEqual(pathAndMessage(jsonSchemaDecodeError({ title: 1, Minimum: "low", deprecated: "x" })), {
    path: ["Minimum"],
    message: "json: cannot unmarshal string into Go struct field .schemaWithoutMethods.minimum of type float64",
  });
});

test("JSON Schema decode: Go 1.25's words, the embedded struct and every nested schema on the field's path", () => {
  const cases: [unknown, (string | number)[], string][] = [
    [{ title: 5 }, ["title"], "json: cannot unmarshal number into Go struct field .schemaWithoutMethods.title of type string"],
    [
      { properties: { a: { properties: { b: { minimum: "x" } } } } },
      ["properties", "a", "properties", "b", "minimum"],
      "json: cannot unmarshal string into Go struct field .schemaWithoutMethods.properties.schemaWithoutMethods.properties.schemaWithoutMethods.minimum of type float64",
    ],
    [
      { $defs: { a: { items: { title: 2 } } } },
      ["$defs", "a", "items", "title"],
      "json: cannot unmarshal number into Go struct field .schemaWithoutMethods.$defs.schemaWithoutMethods.items.schemaWithoutMethods.title of type string",
    ],
    [
      { allOf: [{ required: ["a", 1] }] },
      ["allOf", 0, "required", 1],
      "json: cannot unmarshal number into Go struct field .schemaWithoutMethods.allOf.schemaWithoutMethods.required of type string",
    ],
    [
      { dependentRequired: { a: ["b", 1] } },
      ["dependentRequired", "a", 1],
      "json: cannot unmarshal number into Go struct field .schemaWithoutMethods.dependentRequired of type string",
    ],
    // `type` is decoded on its own: a list item of the wrong kind has no field at the root, the outer schema's below it.
    [{ type: ["a", 3] }, ["type", 1], "json: cannot unmarshal number into Go value of type string"],
    [
      { properties: { a: { type: ["string", 1] } } },
      ["properties", "a", "type", 1],
      "json: cannot unmarshal number into Go struct field .schemaWithoutMethods.properties of type string",
    ],
    // The library's integers say what they say, at any depth.
    [{ properties: { a: { minLength: 1.5 } } }, ["properties", "a", "minLength"], "not an integer value"],
    [{ minLength: 1e-7 }, ["minLength"], "cannot be unmarshaled into an int"],
    [{ maxItems: 2 ** 40 }, ["maxItems"], "integer is out of range"],
  ];
  for (const [schema, path, message] of cases) assert.deepEqual(pathAndMessage(jsonSchemaDecodeError(schema)), { path, message }, JSON.stringify(schema));
});

test("JSON Schema decode: the reference's error is the first a nested schema or an integer returns, else the first kept type error", () => {
  // A nested schema's error ends the decode: it wins over a type error met before it.
  assert.deepEqual(jsonSchemaDecodeError({ description: 5, properties: { a: { title: 5 } } })?.path, ["properties", "a", "title"]);
  assert.deepEqual(jsonSchemaDecodeError({ description: 5, items: "x" })?.path, ["items"]);
  // So does an integer keyword's.
  assert.deepEqual(jsonSchemaDecodeError({ description: 5, minLength: "x" })?.path, ["minLength"]);
  // Type errors are kept in key order; a map or list of the wrong kind is one of them.
  assert.deepEqual(jsonSchemaDecodeError({ title: 1, properties: [] })?.path, ["properties"]);
  // `type` is looked at last.
  assert.deepEqual(jsonSchemaDecodeError({ type: 5, title: 1 })?.path, ["title"]);
  assert.deepEqual(jsonSchemaDecodeError({ type: 5, title: "t" })?.path, ["type"]);
  // Every rejected value is listed, the reference's among them.
  assert.deepEqual(
    jsonSchemaDecodeErrors({ description: 5, properties: { a: { title: 5 } } }).map((e) => e.path),
    [["description"], ["properties", "a", "title"]],
  );
});

const FIXTURES = join(__dirname, "../../../test/fixtures/json-schema-types");

test("JSON Schema decode: tool parameters and judge output schemas get the reference's errors, word for word", () => {
  const verdicts = JSON.parse(readFileSync(join(FIXTURES, "reference-verdicts.json"), "utf8")) as Record<string, string[]>;
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith(".yaml"));
  assert.equal(files.length, Object.keys(verdicts).length);
  for (const file of files) {
    const errors = packDiagnostics(buildPackModel(readFileSync(join(FIXTURES, file), "utf8")))
      .filter((d) => d.severity === "error")
      .map((d) => `${d.field} ${d.message}`);
    const expected = verdicts[file];
    assert.ok(expected.length > 0, file);
    for (const e of expected) assert.ok(errors.includes(e), `${file}: ${e}\nnot among\n${errors.join("\n")}`);
    // Beyond the reference's one, a tool's every other rejected value is shown too (each at its place).
    for (const e of errors) if (!expected.includes(e)) assert.match(e, /^tools\.custom\[\d+\]\.parameters must be a valid JSON Schema: /, file);
  }
});

/** The reference's side of a decode error (the author's words are checked in the third test and type-error-words). */
function pathAndMessage(e: SchemaDecodeError | undefined): Pick<SchemaDecodeError, "path" | "message"> | undefined {
  return e && { path: e.path, message: e.message };
}
