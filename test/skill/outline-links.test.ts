import { test } from "node:test";
import assert from "node:assert/strict";
import { codeActions, documentDiagnostics, documentLinks, documentSymbols } from "../../server/src/service/skill-cases";
import { languages } from "../../server/src/service/languages";
import type { Range } from "../../server/src/service/pack";
import { compactCase, memoryHost, negative, positive, planCase, skillFile, skillModel } from "../helpers/skill";
import { yaml } from "../helpers/fixture";

const FILE_URI = "file:///s/refund-helper/tests/skill_cases.yaml";

const edgeCase = compactCase(yaml`
  - id: edge_001
    type: edge
    title: Missing order number
    query: Refund my order.
`);
const oddCase = compactCase(yaml`
  - id: odd_001
    type: trigggger
    title: Misspelt type
    query: Refund please.
`);

test("outline: skill and defaults, then the cases grouped by type in the specification's order, named by id", () => {
  // Written order: trigger, plan, trigger, edge, odd; the outline groups trigger cases together.
  const text = skillFile({
    cases: [positive, planCase.replace(/^(?=.)/gm, "  "), negative, edgeCase.replace(/^(?=.)/gm, "  "), oddCase.replace(/^(?=.)/gm, "  ")],
  });
  const model = skillModel(text);
  const symbols = documentSymbols(model);
  assert.deepEqual(
    symbols.map((s) => [s.name, s.detail, (s.children ?? []).map((c) => [c.name, c.detail])]),
    [
      ["skill", "refund-helper", []],
      ["defaults", "dry-run", []],
      [
        "trigger",
        "2 cases",
        [
          ["trigger_001", "Refund request"],
          ["trigger_002", "Poem request"],
        ],
      ],
      ["plan", "1 case", [["plan_001", "Plan a refund"]]],
      ["edge", "1 case", [["edge_001", "Missing order number"]]],
      ["trigggger", "1 case", [["odd_001", "Misspelt type"]]],
    ],
  );
  const offset = (p: Range["start"]) => model.lines.offsetAt(p);
  const inside = (inner: Range, outer: Range) => offset(inner.start) >= offset(outer.start) && offset(inner.end) <= offset(outer.end);
  for (const group of symbols) {
    assert.ok(inside(group.selectionRange, group.range), group.name);
    for (const c of group.children ?? []) {
      assert.ok(inside(c.range, group.range) && inside(c.selectionRange, c.range), c.name);
      assert.equal(text.slice(offset(c.selectionRange.start), offset(c.selectionRange.end)), c.name, "the id is selected");
    }
  }
  const second = symbols[2].children![1];
  assert.equal(text.slice(offset(second.range.start), offset(second.range.start) + 15), "- id: trigger_0", "a case's range starts at its dash");
  assert.deepEqual(documentSymbols(skillModel("")), []);
});

test("document links: inputs.files entries that exist in the Skill directory, through the model's host", () => {
  const host = { ...memoryHost({ "/s/refund-helper/references/policy.md": "policy", "/etc/passwd": "root" }), outside: (p: string) => !p.startsWith("/s/") };
  const text = skillFile({
    cases: [positive.replace("files: []", 'files: [references/policy.md, "references/missing.md", "references/*.md", /etc/passwd]'), negative],
  });
  const model = skillModel(text, { uri: FILE_URI, host });
  const links = documentLinks(model);
  const at = text.indexOf("references/policy.md");
  assert.deepEqual(links, [
    {
      range: { start: model.lines.positionAt(at), end: model.lines.positionAt(at + "references/policy.md".length) },
      target: "file:///s/refund-helper/references/policy.md",
      tooltip: "Open references/policy.md",
    },
  ]);
  // No folder (untitled), or a host that has nothing: no links.
  assert.deepEqual(documentLinks(skillModel(text, { host })), []);
  assert.deepEqual(documentLinks(skillModel(text, { uri: FILE_URI })), []);
});

test("code actions: only for the diagnostics the range touches; none at a place without any", () => {
  const text = skillFile({ cases: [positive.replace("type: trigger", "type: trigerr"), negative.replace("type: trigger", "type: plann")] });
  const model = skillModel(text);
  const all = documentDiagnostics(model);
  const types = all.filter((d) => d.code === "skill-case-type-unknown");
  assert.equal(types.length, 2);
  const nowhere: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  assert.deepEqual(codeActions(model, nowhere), []);
  const second = codeActions(model, types[1].range);
  assert.ok(second.length > 0);
  assert.ok(
    second.every((a) => a.diagnostics?.every((d) => JSON.stringify(d.range) === JSON.stringify(types[1].range))),
    JSON.stringify(second.map((a) => a.title)),
  );
  assert.equal(second[0].title, 'Change to "plan"');
  // The same through the document session the server uses.
  const session = languages["skill-cases"].open(text, FILE_URI, { skillHost: memoryHost({}) });
  assert.deepEqual(session.codeActions!(nowhere, {}), []);
  assert.deepEqual(session.codeActions!(types[0].range, {}).map((a) => a.title)[0], 'Change to "trigger"');
  assert.equal(session.symbols!().length, 4);
});
