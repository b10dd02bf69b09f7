import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPackModel, packDiagnostics } from "../../server/src/service/pack";
import { displayMessage } from "../../server/src/service/diagnostic-text";
import { goTypeWords, pathBelow, typeMismatchText } from "../../server/src/service/util/go-json";
import { pack } from "../helpers/packs";

test("Go types and JSON kinds in an author's words", () => {
  const cases: [string, string][] = [
    ["bool", "true or false"],
    ["[]main.CustomTool", "a list"],
    ["map[string]json.RawMessage", "a mapping"],
    ["int32", "a whole number"],
    ["*float64", "a number"],
    ["string", "a string"],
    ["*jsonschema.Schema", "a JSON Schema (a mapping, true or false)"],
    ["struct { Type string }", "a mapping"],
    ["scoring.Mode", "a value of another kind"],
  ];
  for (const [goType, words] of cases) assert.equal(goTypeWords(goType), words, goType);
  assert.equal(typeMismatchText("f", "a whole number", "number 1.5"), "f: expected a whole number, got a number (`1.5`)");
  assert.equal(typeMismatchText("f", "a list", "object"), "f: expected a list, got a mapping");
  assert.equal(pathBelow("tools.custom[0].parameters", ["properties", "x", "enum", 2]), "tools.custom[0].parameters.properties.x.enum[2]");
});

/** Each makes the reference report a JSON type error in Go's words, in a different part of the pack. */
const TYPE_ERRORS: { name: string; extra: string; where: RegExp }[] = [
  { name: "custom not a list", extra: "tools:\n  custom: 5\n", where: /^tools\.custom: expected a list, got a number$/ },
  { name: "a tool not a mapping", extra: "tools:\n  custom:\n    - 5\n", where: /^tools\.custom\[0\]: expected a mapping, got a number$/ },
  { name: "a tool's name", extra: "tools:\n  custom:\n    - name: [a]\n", where: /^tools\.custom\[0\]\.name: expected a string, got a list$/ },
  {
    name: "implementation not a mapping",
    extra: "tools:\n  custom:\n    - name: t\n      implementation: 5\n",
    where: /^tools\.custom\[0\]\.implementation: expected a mapping, got a number$/,
  },
  {
    name: "a primitive not a string",
    extra: "tools:\n  custom:\n    - name: t\n      implementation: {type: http, primitive: 5}\n",
    where: /^tools\.custom\[0\]\.implementation\.primitive: expected a string, got a number$/,
  },
  {
    name: "args not a mapping",
    extra: "tools:\n  custom:\n    - name: t\n      implementation: {type: http, primitive: p, args: [1]}\n",
    where: /^tools\.custom\[0\]\.implementation\.args: expected a mapping, got a list$/,
  },
  {
    name: "properties not a mapping",
    extra: "tools:\n  custom:\n    - name: t\n      parameters: {type: object, properties: [1]}\n      implementation: {type: http, primitive: p, args: {}}\n",
    where: /^tools\.custom\[0\]\.parameters\.properties: expected a mapping, got a list$/,
  },
  {
    name: "a schema keyword of the wrong kind",
    extra: "tools:\n  custom:\n    - name: t\n      parameters: {type: object, required: 5}\n      implementation: {type: http, primitive: p, args: {}}\n",
    where: /^tools\.custom\[0\]\.parameters\.required: expected a list, got a number$/,
  },
];

for (const { name, extra, where } of TYPE_ERRORS) {
  test(`a type error is shown in an author's words, its message staying the reference's: ${name}`, () => {
    const found = packDiagnostics(buildPackModel(pack({ extra }), "file:///t.pack.yaml"));
    const goWords = found.filter((d) => /cannot unmarshal .* into Go/.test(d.message));
    assert.ok(goWords.length > 0, JSON.stringify(found.map((d) => d.message)));
    for (const d of goWords) {
      const shown = displayMessage(d);
      assert.match(shown, where);
      assert.doesNotMatch(shown, /Go (struct|value)|json\.|\[\]|map\[|of type/);
    }
  });
}

test("a judge's output schema of the wrong kind is shown in an author's words", () => {
  const evaluationSpec = [
    "evaluation_spec:",
    "  name: support-v1",
    "  version_number: 1",
    "  judge_mode: llm_judge",
    "  llm_judges:",
    "    - key: tone",
    "      mode: rubric",
    "      rubric: Is it polite?",
    "      model: gpt-4o",
    "      output_schema: {type: object, required: 5}",
    "  scorecard:",
    "    dimensions: [correctness]",
    "",
  ].join("\n");
  const found = packDiagnostics(buildPackModel(pack({ evaluationSpec }), "file:///t.pack.yaml"));
  const schemaError = found.find((d) => d.code === "judge-output-schema-invalid");
  assert.ok(schemaError, JSON.stringify(found.map((d) => [d.code, d.message])));
  assert.match(schemaError.message, /Go (struct field|value)/);
  assert.equal(displayMessage(schemaError), "version.evaluation_spec.llm_judges[0].output_schema.required: expected a list, got a number");
});

test("a field set twice through an alias key: yaml.v3's message stays, the author reads which key", () => {
  const text = pack().replace("family: support", "family: &k family\n  *k : x");
  const found = packDiagnostics(buildPackModel(text, "file:///t.pack.yaml"));
  const twice = found.find((d) => /already set in type/.test(d.message));
  assert.ok(twice, JSON.stringify(found.map((d) => d.message)));
  assert.equal(twice.message, "field family already set in type challengepack.PackMetadata");
  assert.equal(displayMessage(twice), '"family" is set twice in this mapping (a key and an alias key that name the same field): keep one');
});
