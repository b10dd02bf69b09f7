import { mock, test } from "node:test";
import * as levenshtein from "fastest-levenshtein";
import assert from "node:assert/strict";
import { matchScore, searchSymbols } from "../../server/src/workspace/symbol-search";
import { buildPackModel, keySymbols, type KeySymbol } from "../../server/src/service/pack";
import { pack } from "../helpers/packs";

test("symbol matching: whole key, prefix, substring, characters in order, a typo; nothing else", () => {
  const key = "refund-window-smoke";
  assert.deepEqual(
    ["refund-window-smoke", "REFUND", "window", "rws", "refund-windwo-smoke", "", "billing", "smoke-refund", "rfw-x"].map((q) => matchScore(q, key)),
    [0, 1, 2, 3, 4, 0, undefined, undefined, undefined],
  );
  assert.equal(matchScore("rfd", "rf"), undefined, "a query longer than the key");
  assert.equal(matchScore("abcd", "abce"), 4, "one edit in four characters");
  assert.equal(matchScore("abc", "abd"), undefined, "no typo tolerance under four characters");
});

test("symbol search: best matches first, then shorter keys; the list is cut at the limit", () => {
  const at = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
  const sym = (name: string): KeySymbol => ({ name, kind: "challenge", range: at, container: "p" });
  const files = [{ uri: "file:///a.pack.yaml", symbols: ["xrefund", "refund-question", "refund", "r-e-f-u-n-d"].map(sym) }];
  assert.deepEqual(
    searchSymbols(files, "refund").map((s) => s.name),
    ["refund", "refund-question", "xrefund", "r-e-f-u-n-d"],
  );
  assert.deepEqual(
    searchSymbols(files, "refund", 2).map((s) => s.name),
    ["refund", "refund-question"],
  );
  assert.deepEqual(searchSymbols(files, "refund")[0], { name: "refund", kind: 5, location: { uri: "file:///a.pack.yaml", range: at }, containerName: "p" });
});

test("key symbols of a pack: the pack, assets, challenges, input sets, cases (in their set) and validators, at their names", () => {
  const text = pack();
  const found = keySymbols(buildPackModel(text));
  const shown = found.map((s) => {
    const line = text.split("\n")[s.range.start.line];
    return [s.kind, s.name, s.container, line.slice(s.range.start.character, s.range.end.character)];
  });
  assert.deepEqual(shown, [
    ["pack", "support-eval", "Support Eval", "support-eval"],
    ["asset", "policy_pdf", "support-eval", "policy_pdf"],
    ["challenge", "refund-question", "support-eval", "refund-question"],
    ["input-set", "refund-smoke", "support-eval", "refund-smoke"],
    ["case", "refund-window-basic", "support-eval › refund-smoke", "refund-window-basic"],
    ["validator", "exact", "support-eval", "exact"],
    ["dimension", "correctness", "support-eval", "correctness"],
  ]);
  assert.deepEqual(keySymbols(buildPackModel("pack: [\n")), [], "a broken pack has none, and no crash");
});

test("symbol search: a huge query measures no edit distance it cannot match", () => {
  const at = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
  const symbols: KeySymbol[] = Array.from({ length: 5000 }, (_, i) => ({ name: `case-${i}`, kind: "case", range: at, container: "p" }));
  const measured = mock.method(levenshtein, "distance");
  try {
    assert.deepEqual(searchSymbols([{ uri: "file:///a.pack.yaml", symbols }], "x".repeat(100_000)), []);
    assert.equal(measured.mock.callCount(), 0);
    assert.equal(searchSymbols([{ uri: "file:///a.pack.yaml", symbols }], "case-12x").length > 0, true);
    assert.ok(measured.mock.callCount() > 0 && measured.mock.callCount() <= symbols.length, "one distance at most per symbol");
  } finally {
    measured.mock.restore();
  }
});
