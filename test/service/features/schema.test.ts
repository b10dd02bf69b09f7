import { test } from "node:test";
import assert from "node:assert/strict";
import { enums, knownObjects } from "../../../server/src/service/catalog";
import { enumOf, isRequired, referenceTable, requiredKeys, shapeAt, suggestedTable } from "../../../server/src/service/schema/keys";
import { KEY_DOCS } from "../../../server/src/service/schema/key-docs";

const known = (k: string) => {
  const [entry, key] = k.split("#");
  return !!knownObjects[entry]?.keys[key];
};

test("schema tables name only keys and enums the catalog knows", () => {
  for (const [k, e] of Object.entries(suggestedTable)) {
    assert.ok(known(k), `suggestions: ${k}`);
    assert.ok(enums[e], `enum ${e}`);
  }
  for (const k of Object.keys(referenceTable)) assert.ok(known(k), `reference table: ${k}`);
  for (const k of Object.keys(KEY_DOCS)) assert.ok(known(k), `key docs: ${k}`);
});

test("required keys come from the reference's rules", () => {
  assert.deepEqual(requiredKeys("$"), ["pack", "version", "challenges"]);
  assert.deepEqual(requiredKeys("challenges[]"), ["key", "title", "category", "difficulty"]);
  // cases / case_key have legacy alternatives (items / item_key): snippets add them, requiredness does not.
  assert.deepEqual(requiredKeys("input_sets[]"), ["key", "name"]);
  assert.deepEqual(requiredKeys("input_sets[].cases[]"), ["challenge_key"]);
  assert.deepEqual(requiredKeys("input_sets[].cases[].inputs[]"), ["key", "kind"]);
  assert.deepEqual(requiredKeys("version.evaluation_spec.validators[]"), ["key", "type", "target"]);
  // Conditional checks do not make a key required: postcondition config, defaulted enums, voice-only fields.
  assert.equal(isRequired("version.evaluation_spec.validators[]", "config"), false);
  assert.equal(isRequired("version.evaluation_spec.scorecard", "strategy"), false);
  assert.equal(isRequired("config:math_equivalence", "comparison_mode"), false);
  assert.equal(isRequired("interface_spec", "transports"), false);
  assert.equal(isRequired("security.planted_secrets[]", "location"), true);
});

test("values: the catalog's enums by key, list items included, and suggestions where the catalog links none", () => {
  assert.deepEqual(enumOf("challenges[]", "difficulty"), ["easy", "medium", "hard", "expert"]);
  assert.deepEqual(enumOf("interface_spec", "transports"), ["text_sim", "webrtc", "sip", "pstn", "websocket"]);
  assert.deepEqual(enumOf("version.evaluation_spec.scorecard.dimensions[]", "key"), ["correctness", "reliability", "latency", "cost", "behavioral"]);
  assert.equal(enumOf("challenges[]", "title"), undefined);
});

test("shapes follow YAML paths through lists, shared entries and validator configs", () => {
  assert.deepEqual(shapeAt(["input_sets", 0, "cases", 2, "expectations", 0]), { kind: "object", entry: "expectation" });
  assert.deepEqual(shapeAt(["version", "assets"]), { kind: "list", of: { kind: "object", entry: "asset" } });
  assert.deepEqual(shapeAt(["version", "evaluation_spec", "scorecard", "dimensions", 1]), {
    kind: "object",
    entry: "version.evaluation_spec.scorecard.dimensions[]",
  });
  assert.deepEqual(shapeAt(["tools", "custom", 0, "implementation"]), { kind: "object", entry: "tools.custom[].implementation" });
  assert.deepEqual(
    shapeAt(["version", "evaluation_spec", "validators", 0, "config"], () => ({ type: "bleu_score" })),
    { kind: "object", entry: "config:bleu_score" },
  );
  assert.deepEqual(shapeAt(["input_sets", 0, "cases", 0, "payload", "x"]), undefined);
  assert.deepEqual(shapeAt(["nope"]), undefined);
});
