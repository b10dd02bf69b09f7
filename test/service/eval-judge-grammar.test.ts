import { test } from "node:test";
import assert from "node:assert/strict";
import { isSupportedEvidenceReference } from "../../server/src/service/rules/evaluation-spec/evidence-reference";
import { judgeProvider } from "../../server/src/service/rules/evaluation-spec/judge-providers";
import { jsonSchemaDecodeError } from "../../server/src/service/util/json-schema-decode";

test("evidence references (§14): exact forms, dotted prefixes, file:, literal:, transcript.last_n:", () => {
  const accepted = [
    "final_output", "run.final_output", "challenge_input", "case.payload", "transcript.full", "transcript.from_mismatch",
    "turn.expectations", "case.payload.a.b", "case.payload. a ", "case.inputs.prompt", "case.expectations.x", "artifact.pdf",
    "file:report", "literal:", "literal:anything", "transcript.last_n:3", "transcript.last_n: +7 ", "transcript.last_n:007",
  ];
  const rejected = [
    "", "tool_calls", "Final_output", " final_output", "case.inputs", "artifact", "case.payload.", "case.payload.a..b",
    "artifact.x. ", "file:", "file:  ", "transcript.last_n:0", "transcript.last_n:-1", "transcript.last_n:1.5",
    "transcript.last_n:99999999999999999999", "transcript.last_n:",
  ];
  for (const r of accepted) assert.equal(isSupportedEvidenceReference(r), true, r);
  for (const r of rejected) assert.equal(isSupportedEvidenceReference(r), false, r);
});

test("judge provider inference (§15): trimmed, lowercased, first matching prefix", () => {
  const cases: [string, string | undefined][] = [
    ["claude-sonnet-4-6", "anthropic"],
    [" GPT-4o ", "openai"],
    ["o1x", "openai"],
    ["o3-mini", "openai"],
    ["o4-mini", "openai"],
    ["text-embedding-3", "openai"],
    ["gemini-2.5-pro", "gemini"],
    ["grok-4", "xai"],
    ["mistral-large", "mistral"],
    ["meta-llama/llama-3", "openrouter"],
    ["claude", undefined],
    ["llama-3", undefined],
    ["", undefined],
  ];
  for (const [model, provider] of cases) assert.equal(judgeProvider(model), provider, model);
});

test("JSON Schema decode (jsonschema-go v0.3.0): structure only, first error in sorted key order", () => {
  for (const ok of [true, false, null, {}, { type: "strng" }, { type: ["string", null] }, { enum: [1, "a"] }, { $defs: { a: true } }, { minLength: 2 }, { unknown: { deep: 1 } }]) {
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
  for (const [schema, path, message] of cases) assert.deepEqual(jsonSchemaDecodeError(schema), { path, message }, JSON.stringify(schema));
});
