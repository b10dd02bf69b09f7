import { test } from "node:test";
import assert from "node:assert/strict";
import * as svc from "../../server/src/service/pack";
import { rng } from "./mutate";
import { updatePackModel } from "../../server/src/service/incremental/update";
import { pack } from "../helpers/packs";
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
    checkPackFeatures(text, rng(1), 20, undefined);
  }
});

test("fuzz regression (crash): Skill case-file key completion with lone CR line breaks (`\\r\\r\\n`)", () => {
  const text = 'version: "1.0"\r\r\nskill:\r\r\n  name: refund-helper\r\r\n  \r\ncases: []\r\n';
  const model = skill.buildSkillModel(text, SKILL_URI, skill.emptyHost);
  const offset = text.indexOf("  \r\ncases") + 2;
  const labels = skill.completion(model, model.lines.positionAt(offset)).items.map((i) => i.label);
  assert.ok(labels.includes("description"), labels.join(", "));
  assert.ok(!labels.includes("name"), "name is already written in skill:");
  checkSkillFeatures(text, rng(1), 20, undefined);
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
    checkPackFeatures(text, rng(7), 30, undefined);
  }
});

test("regression: incremental updates keep the nesting limit (a spliced unit is pruned and reported as a fresh build does)", () => {
  const same = (m: svc.PackModel) => assert.deepEqual(svc.packDiagnostics(m), svc.packDiagnostics(svc.buildPackModel(m.text)));
  const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
  const at = (m: svc.PackModel, needle: string) => m.lines.positionAt(m.text.indexOf(needle));
  // A document that already nests too deep, then edits elsewhere: the finding stays.
  let m = svc.buildPackModel(pack({ extra: `tools:\n  deep: ${deep(600)}\n  other: 1\n` }));
  assert.ok(svc.packDiagnostics(m).some((d) => d.code === "yaml-nesting-too-deep"));
  for (let i = 0; i < 3; i++) {
    const p = at(m, "other: 1");
    m = updatePackModel(m, [{ range: { start: p, end: p }, text: "x" }]);
    same(m);
  }
  // An edit that creates the nesting inside one unit, then one that removes it.
  m = svc.buildPackModel(pack({ extra: "tools:\n  deep: 1\n  other: 1\n" }));
  const p = at(m, "1\n  other");
  m = updatePackModel(m, [{ range: { start: p, end: { line: p.line, character: p.character + 1 } }, text: deep(600) }]);
  same(m);
  assert.ok(svc.packDiagnostics(m).some((d) => d.code === "yaml-nesting-too-deep"));
  const q = at(m, "[");
  m = updatePackModel(m, [{ range: { start: q, end: m.lines.positionAt(m.text.indexOf("\n", m.text.indexOf("["))) }, text: "2" }]);
  same(m);
});

test("regression: an incremental update whose range lies past the end gives the diagnostics of a fresh build", () => {
  const m0 = svc.buildPackModel(pack());
  const lines = m0.lines.lineCount;
  // As many line breaks inserted as the range spans lines: the library then writes its line table at those lines.
  const m1 = updatePackModel(m0, [{ range: { start: { line: lines + 10, character: 6 }, end: { line: lines + 11, character: 8 } }, text: "extra: [\r\n" }]);
  assert.equal(m1.lines.lineCount, m1.text.split(/\r\n|\r|\n/).length);
  assert.deepEqual(svc.packDiagnostics(m1), svc.packDiagnostics(svc.buildPackModel(m1.text)));
});
