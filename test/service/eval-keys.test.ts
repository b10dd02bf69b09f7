import { test } from "node:test";
import assert from "node:assert/strict";
import { DeclaredKeys, keyRegistry } from "../../server/src/service/rules/evaluation-spec/keys";

test("DeclaredKeys: the first declaration wins and is returned for every later one", () => {
  const keys = new DeclaredKeys();
  assert.equal(keys.declare("exact", { start: 10, end: 15 }), undefined);
  assert.deepEqual(keys.declare("exact", { start: 40, end: 45 }), { start: 10, end: 15 });
  assert.equal(keys.has("exact"), true);
  assert.equal(keys.has("Exact"), false);
  assert.deepEqual(keys.at("exact"), { start: 10, end: 15 });
  assert.equal(keys.at("other"), undefined);
});

test("keyRegistry: one registry per spec, shared by the stages that validate it", () => {
  const spec = {};
  keyRegistry(spec).validators.declare("exact", { start: 0, end: 5 });
  keyRegistry(spec).metrics.declare("latency", { start: 6, end: 13 });
  assert.equal(keyRegistry(spec).validators.has("exact"), true);
  assert.equal(keyRegistry(spec).metrics.has("exact"), false);
  assert.equal(keyRegistry({}).validators.has("exact"), false);
});
