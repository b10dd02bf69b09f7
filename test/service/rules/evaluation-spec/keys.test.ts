import { test } from "node:test";
import assert from "node:assert/strict";
import { FirstSeen } from "../../../../server/src/service/rules/unique-keys";
import { keyRegistry } from "../../../../server/src/service/rules/evaluation-spec/keys";
import { ModelCache } from "../../../../server/src/service/model/model-cache";
import type { RuleContext } from "../../../../server/src/service/rules/context";

/** A rule context for one build: what keyRegistry reads of it is its model's cache. */
const build = () => ({ cache: new ModelCache() }) as unknown as RuleContext;

test("FirstSeen: the first occurrence wins and is returned for every later one", () => {
  const keys = new FirstSeen();
  assert.equal(keys.check("exact", { start: 10, end: 15 }), undefined);
  assert.deepEqual(keys.check("exact", { start: 40, end: 45 }), { start: 10, end: 15 });
  assert.equal(keys.has("exact"), true);
  assert.equal(keys.has("Exact"), false);
  assert.deepEqual(keys.at("exact"), { start: 10, end: 15 });
  assert.equal(keys.at("other"), undefined);
});

test("keyRegistry: one registry per build, shared by the stages that validate the spec", () => {
  const ctx = build();
  keyRegistry(ctx).validators.check("exact", { start: 0, end: 5 });
  keyRegistry(ctx).metrics.check("latency", { start: 6, end: 13 });
  keyRegistry(ctx).judges.set("tone", { mode: "rubric", judge: {} });
  assert.equal(keyRegistry(ctx).validators.has("exact"), true);
  assert.equal(keyRegistry(ctx).metrics.has("exact"), false);
  assert.equal(keyRegistry(ctx).judges.get("tone")?.mode, "rubric");
  const next = build();
  assert.equal(keyRegistry(next).validators.has("exact"), false);
  assert.equal(keyRegistry(next).judges.size, 0);
});
