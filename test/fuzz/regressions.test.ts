import { test } from "node:test";
import assert from "node:assert/strict";
import * as svc from "../../server/src/service";
import { rng } from "./mutate";
import * as skill from "../../server/src/service/skill-cases";
import { checkPackFeatures, checkSkillFeatures, PACK_URI, SKILL_URI } from "./check-features";

/** Each failure the fuzzers found, as the smallest document that showed it. */

test("fuzz regression: completion inside a multi-line plain scalar edits the cursor's line only, around the cursor", () => {
  const cases: [string, svc.Position][] = [
    ["version:\n  number: 1\n  evalu\n    version_number: 1\n", { line: 3, character: 10 }],
    ["pack:\n  slug: a\n  na\n   me: x\n", { line: 3, character: 3 }],
  ];
  for (const [text, position] of cases) {
    const items = svc.completion(svc.buildPackModel(text, "file:///pack.yaml"), position).items;
    assert.ok(items.length > 0, text);
    for (const item of items) {
      const r = item.textEdit.range;
      assert.equal(r.start.line, position.line, `${item.label}: ${JSON.stringify(r)}`);
      assert.equal(r.end.line, position.line, `${item.label}: ${JSON.stringify(r)}`);
      assert.ok(r.start.character <= position.character && position.character <= r.end.character, `${item.label}: ${JSON.stringify(r)}`);
      // The indentation of the continuation line stays.
      assert.ok(r.start.character >= /^ */.exec(text.split("\n")[position.line])![0].length);
    }
    checkPackFeatures(text, rng(1), 20, 5_000);
  }
});

test("fuzz regression (crash): Skill case-file key completion with lone CR line breaks (`\\r\\r\\n`)", () => {
  const text = 'version: "1.0"\r\r\nskill:\r\r\n  name: refund-helper\r\r\n  \r\ncases: []\r\n';
  const model = skill.buildSkillModel(text, SKILL_URI, skill.emptyHost);
  const offset = text.indexOf("  \r\ncases") + 2;
  const labels = skill.completion(model, offset).map((i) => i.label);
  assert.ok(labels.includes("description"), labels.join(", "));
  assert.ok(!labels.includes("name"), "name is already written in skill:");
  checkSkillFeatures(text, rng(1), 20, 5_000);
});

test("fuzz regression (crash): keys named like Object.prototype members in completion, hover and code actions", () => {
  // `constructor` or `toString` as a key found Object.prototype's members in the catalog's tables.
  for (const key of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
    const text = `pack:\n  slug: s\n  name: n\n  family: f\n  ${key}: \nversion:\n  ${key}:\n    x: 1\n`;
    const model = svc.buildPackModel(text, PACK_URI);
    for (let line = 0; line < 8; line++) {
      for (const character of [0, 2, 4, key.length + 2, key.length + 4]) {
        svc.completion(model, { line, character });
        svc.hover(model, { line, character });
      }
    }
    checkPackFeatures(text, rng(7), 30, 5_000);
  }
});
