import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPackModel, updatePackModel } from "../../server/src/service/pack";
import { CacheSlot, ModelCache } from "../../server/src/service/model/model-cache";
import { symbolIndex } from "../../server/src/service/features/symbol-index";
import { updateInfo } from "../../server/src/service/incremental/update";
import { pack } from "../helpers/packs";

test("ModelCache: a slot's value is made once, at first use", () => {
  const cache = new ModelCache();
  const slot = new CacheSlot<{ n: number }>("test");
  let made = 0;
  assert.equal(cache.peek(slot), undefined);
  const first = cache.get(slot, () => ({ n: ++made }));
  assert.equal(
    cache.get(slot, () => ({ n: ++made })),
    first,
  );
  assert.equal(made, 1);
  assert.equal(cache.peek(slot), first);
  assert.equal(new ModelCache().peek(slot), undefined, "another cache has its own entries");
});

test("model caches: each version has its own, made with it; an update does not see the previous version's", () => {
  const text = pack();
  const a = buildPackModel(text, "file:///a.pack.yaml");
  const b = buildPackModel(text, "file:///b.pack.yaml");
  assert.notEqual(a.cache, b.cache);
  assert.equal(symbolIndex(a), symbolIndex(a), "worked out once per model");
  assert.notEqual(symbolIndex(a), symbolIndex(b));
  assert.equal(updateInfo(a), undefined, "built from scratch");

  const before = symbolIndex(a);
  assert.ok(before.declaredAnywhere("challenge").length > 0);
  const at = a.lines.positionAt(text.indexOf("key: refund-question") + "key: ".length);
  const end = { line: at.line, character: at.character + "refund-question".length };
  const next = updatePackModel(a, [{ range: { start: at, end }, text: "renamed-question" }]);
  assert.notEqual(next.cache, a.cache);
  assert.ok(updateInfo(next), "the update is recorded on the new model");
  const names = symbolIndex(next)
    .declaredAnywhere("challenge")
    .map((d) => d.name);
  assert.ok(names.includes("renamed-question"), names.join(", "));
  assert.ok(!names.includes("refund-question"), "the previous version's index is not reused");
});
