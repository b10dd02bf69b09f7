import { test } from "node:test";
import assert from "node:assert/strict";
import { jsonSchemaDecodeError, jsonSchemaDecodeErrors, type SchemaDecodeError } from "../../server/src/service/util/json-schema-decode";

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
    [5, [], "json: cannot unmarshal number into Go value of type jsonschema.Schema"],
    [[], [], "json: cannot unmarshal array into Go value of type jsonschema.Schema"],
    [{ type: null }, ["type"], 'invalid value for "type": "null"'],
    [{ type: ["a", 3] }, ["type", 1], "json: cannot unmarshal number into Go value of type string"],
    [{ minItems: "2" }, ["minItems"], "cannot be unmarshaled into an int"],
    [{ maxLength: 2 ** 40 }, ["maxLength"], "integer is out of range"],
    [{ properties: { a: 1 } }, ["properties", "a"], "json: cannot unmarshal number into Go value of type jsonschema.Schema"],
    [{ properties: [] }, ["properties"], "json: cannot unmarshal array into Go struct field Schema.properties of type map[string]*jsonschema.Schema"],
    [{ $vocabulary: { x: "yes" } }, ["$vocabulary", "x"], "json: cannot unmarshal string into Go struct field Schema.$vocabulary.x of type bool"],
    [{ title: 1, anyOf: [true, "x"] }, ["anyOf", 1], "json: cannot unmarshal string into Go value of type jsonschema.Schema"],
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
    ["string", [], "json: cannot unmarshal string into Go value of type jsonschema.Schema"],
    [{ type: null }, ["type"], 'invalid value for "type": "null"'],
    [{ TYPE: 5 }, ["TYPE"], 'invalid value for "type": "5"'],
    [{ minLength: 2147483648 }, ["minLength"], "integer is out of range"],
    [{ MaxLength: "2" }, ["MaxLength"], "cannot be unmarshaled into an int"],
    [{ items: [{}] }, ["items"], "json: cannot unmarshal array into Go value of type jsonschema.Schema"],
    [{ required: [1] }, ["required", 0], "json: cannot unmarshal number into Go struct field Schema.required of type string"],
    [{ Properties: { a: "x" } }, ["Properties", "a"], "json: cannot unmarshal string into Go value of type jsonschema.Schema"],
    [{ deprecated: "yes" }, ["deprecated"], "json: cannot unmarshal string into Go struct field Schema.deprecated of type bool"],
    [{ Minimum: "x" }, ["Minimum"], "json: cannot unmarshal string into Go struct field Schema.minimum of type float64"],
    [{ $vocabulary: { x: "y" } }, ["$vocabulary", "x"], "json: cannot unmarshal string into Go struct field Schema.$vocabulary.x of type bool"],
  ];
  for (const [s, path, message] of rejected) assert.deepEqual(jsonSchemaDecodeErrors(s).map(pathAndMessage), [{ path, message }], JSON.stringify(s));
});

test("JSON Schema decode: every rejected value, in the order Go meets them (keys sorted bytewise)", () => {
  assert.deepEqual(jsonSchemaDecodeErrors({ title: 1, Minimum: "low", anyOf: [true, "x"], maxItems: 1.5 }), [
    {
      path: ["Minimum"],
      message: "json: cannot unmarshal string into Go struct field Schema.minimum of type float64",
      mismatch: { expected: "a number", kind: "string" },
    },
    {
      path: ["anyOf", 1],
      message: "json: cannot unmarshal string into Go value of type jsonschema.Schema",
      mismatch: { expected: "a JSON Schema (a mapping, true or false)", kind: "string" },
    },
    { path: ["maxItems"], message: "not an integer value" }, // names no Go type: no author's text needed
    {
      path: ["title"],
      message: "json: cannot unmarshal number into Go struct field Schema.title of type string",
      mismatch: { expected: "a string", kind: "number" },
    },
  ]);
  assert.deepEqual(pathAndMessage(jsonSchemaDecodeError({ title: 1, Minimum: "low", deprecated: "x" })), {
    path: ["Minimum"],
    message: "json: cannot unmarshal string into Go struct field Schema.minimum of type float64",
  });
});

/** The reference's side of a decode error (the author's words are checked in the third test and type-error-words). */
function pathAndMessage(e: SchemaDecodeError | undefined): Pick<SchemaDecodeError, "path" | "message"> | undefined {
  return e && { path: e.path, message: e.message };
}
