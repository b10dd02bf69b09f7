import { test } from "node:test";
import assert from "node:assert/strict";
import { testCases } from "../../server/src/service/skill-cases";
import { negative, positive, planCase, skillFile, skillModel } from "../helpers/skill";

test("test cases: each case with its id, type, title and where it is written; no errors in a clean file", () => {
  const text = skillFile({ extra: [planCase] });
  const found = testCases(skillModel(text));
  assert.equal(found.skill, "refund-helper");
  assert.deepEqual(found.errors, []);
  assert.deepEqual(
    found.cases.map((c) => [c.id, c.type, c.title]),
    [
      ["trigger_001", "trigger", "Refund request"],
      ["trigger_002", "trigger", "Poem request"],
      ["plan_001", "plan", "Plan a refund"],
    ],
  );
  const lines = text.split("\n");
  for (const c of found.cases) {
    assert.equal(lines[c.selectionRange.start.line].slice(c.selectionRange.start.character, c.selectionRange.end.character), c.id);
    assert.match(lines[c.range.start.line], /^ {2}- id: /, `${c.id}: the range starts at its list item`);
    assert.ok(c.range.end.line > c.selectionRange.start.line);
  }
});

test("test cases: a duplicate or unusable id is listed once or not at all, and the errors say why nothing runs", () => {
  const text = skillFile({ cases: [positive, negative, negative.replace("trigger_002", "../escape")] }).replace(
    "title: Poem request",
    "title: Poem request\n    surprise: 1",
  );
  const found = testCases(skillModel(text));
  assert.deepEqual(
    found.cases.map((c) => c.id),
    ["trigger_001", "trigger_002"],
  );
  assert.ok(found.errors.length > 0);
  for (const e of found.errors) assert.match(e, /^line \d+: .+ \[[a-z-]+\]$/);
  assert.ok(
    found.errors.some((e) => /\.\.\/escape/.test(e)),
    found.errors.join("\n"),
  );
});
