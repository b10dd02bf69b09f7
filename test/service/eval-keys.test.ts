import { test } from "node:test";
import assert from "node:assert/strict";
import { FirstSeen } from "../../server/src/service/rules/unique-keys";
import { keyRegistry } from "../../server/src/service/rules/evaluation-spec/keys";

test("FirstSeen: the first occurrence wins and is returned for every later one", () => {
  const keys = new FirstSeen();
  assert.equal(keys.check("exact", { start: 10, end: 15 }), undefined);
  assert.deepEqual(keys.check("exact", { start: 40, end: 45 }), { start: 10, end: 15 });
  assert.equal(keys.has("exact"), true);
  assert.equal(keys.has("Exact"), false);
  assert.deepEqual(keys.at("exact"), { start: 10, end: 15 });
  assert.equal(keys.at("other"), undefined);
});

test("keyRegistry: one registry per spec, shared by the stages that validate it", () => {
  const spec = {};
  keyRegistry(spec).validators.check("exact", { start: 0, end: 5 });
  keyRegistry(spec).metrics.check("latency", { start: 6, end: 13 });
  keyRegistry(spec).judges.set("tone", { mode: "rubric", judge: {} });
  assert.equal(keyRegistry(spec).validators.has("exact"), true);
  assert.equal(keyRegistry(spec).metrics.has("exact"), false);
  assert.equal(keyRegistry(spec).judges.get("tone")?.mode, "rubric");
  assert.equal(keyRegistry({}).validators.has("exact"), false);
  assert.equal(keyRegistry({}).judges.size, 0);
});
