import { test } from "node:test";
import assert from "node:assert/strict";
import { codeActions, completion, hover, documentDiagnostics, TextEdit } from "../../server/src/service/skill-cases";
import { applyEdits } from "../helpers/features";
import { marked, yaml } from "../helpers/fixture";
import { head, item, memoryHost, negative, positive, skillFile, skillModel } from "../helpers/skill";

/** Completion at the fixture's ‸: the labels, and the model for further checks. */
function complete(src: string, opts: Parameters<typeof skillModel>[1] = {}) {
  const m = marked(src);
  const model = skillModel(m.text, opts);
  const { items } = completion(model, model.lines.positionAt(m.cursorOffset!));
  return { items, labels: items.map((i) => i.label), text: m.text, cursor: m.cursorOffset! };
}

/** Applies a completion item's edit, replacing the snippet's tab stops by their defaults. */
function accept(text: string, item: { textEdit: TextEdit }): string {
  const plain = item.textEdit.newText.replace(/\$\{\d+:([^}]*)\}/g, "$1").replace(/\$\{\d+\}|\$\d/g, "");
  return applyEdits(text, [{ ...item.textEdit, newText: plain }]);
}

/** A case with every required field present and empty, as the snippets and quick fixes write it (under `cases:`). */
function skeleton(id: string, type: string, title: string): string {
  return item(yaml`
    - id: ${id}
      type: ${type}
      title: ${title}
      query: ""
      inputs:
        files: []
        context: {}
      expected:
        skill:
          should_use: ""
          should_not_use: []
        must_include: []
        must_not_include: []
        artifacts: []
        routing: {}
      assertions: []
  `);
}

test("completion: top-level keys that are not written yet, required first", () => {
  const { labels } = complete('version: "1.0"\n‸\n');
  assert.deepEqual(labels, ["skill", "defaults", "cases"]);
});

test("completion: defaults.mode, type, execution and output_format values", () => {
  assert.deepEqual(complete(head.replace("mode: dry-run", "mode: ‸") + positive).labels, ["dry-run", "mock", "execution"]);
  assert.deepEqual(complete(head.replace("execution: no_tool_call", "execution: n‸")).labels, ["no_tool_call"]);
  assert.deepEqual(complete(head.replace("execution: no_tool_call", "execution: no_tool_call\n  output_format: ‸")).labels, ["json", "markdown"]);
  const type = complete(head + positive.replace("type: trigger", "type: tr‸igger"));
  assert.deepEqual(type.labels, ["trigger", "plan", "contract", "edge", "failure"]);
  // The value replaces the whole word under the cursor.
  assert.equal(accept(type.text, type.items[1]).includes("    type: plan\n"), true);
});

test("completion: case keys that are missing, with their empty values", () => {
  const src = head + "  - id: trigger_003\n    type: trigger\n    ‸\n    title: x\n";
  const { labels, items, text } = complete(src);
  assert.deepEqual(labels, ["query", "inputs", "expected", "assertions", "tags"]);
  assert.equal(
    accept(
      text,
      items.find((i) => i.label === "inputs")!,
    ),
    head + "  - id: trigger_003\n    type: trigger\n    inputs:\n      files: []\n      context: {}\n    title: x\n",
  );
  assert.deepEqual(complete(head + positive.replace("      must_include: []\n", "      ‸\n")).labels, ["must_include", "synonyms"]);
  assert.deepEqual(complete(head + positive.replace("        should_not_use: []\n", "        ‸\n")).labels, ["should_not_use"]);
});

test("completion: a case with every key written has no key left, and offers nothing (never words of the file)", () => {
  const full = positive.replace(`      - "selected_skill == 'refund-helper'"\n`, `      - "selected_skill == 'refund-helper'"\n    tags: [positive]\n    ‸\n`);
  assert.ok(full.includes("‸"));
  assert.deepEqual(complete(head + full + negative).items, []);
  assert.deepEqual(complete(head + positive.replace("        should_not_use: []\n", "        should_not_use: []\n        ‸\n")).items, []);
});

test("completion and hover document a key alike, as pack keys are: name, type, required, what it is, its values", () => {
  const { items } = complete(head + "  - id: trigger_003\n    ‸\n");
  const type = items.find((i) => i.label === "type")!;
  assert.equal(type.detail, "text · required");
  const docs = (type.documentation as { value: string }).value;
  assert.match(docs, /^\*\*`type`\*\* · text · required\n\nWhat the case tests\.\n\nAllowed values:\n- `trigger` — /);
  const m = marked(skillFile({ cases: [positive.replace("    type: trigger", "    ty‸pe: trigger"), negative] }));
  const model = skillModel(m.text);
  const h = hover(model, model.lines.positionAt(m.cursorOffset!))!;
  assert.ok((h.contents as { value: string }).value.startsWith(docs.split("\n\nAllowed")[0]), JSON.stringify(h.contents));
  assert.equal(complete(head + "  - id: trigger_003\n    ‸\n").items.find((i) => i.label === "tags")?.detail, "list · optional");
});

test("completion: should_use offers the Skill's name (skill.name and SKILL.md's name) and \"\"", () => {
  const host = memoryHost({ "/s/refund-helper/SKILL.md": "---\nname: refund-assistant\n---\n" });
  const { labels } = complete(head + positive.replace("should_use: refund-helper", "should_use: ‸") + negative, {
    uri: "file:///s/refund-helper/tests/skill_cases.yaml",
    host,
  });
  assert.deepEqual(labels, ["refund-helper", "refund-assistant", '""']);
  assert.deepEqual(complete(head + negative.replace("should_not_use: [refund-helper]", "should_not_use:\n          - ‸")).labels, ["refund-helper"]);
});

test("completion: routing keys and targets", () => {
  const keys = complete(head + positive.replace("      routing: {}", "      routing:\n        on_success: finish\n        ‸"));
  assert.deepEqual(keys.labels, ["on_failure", "on_blocked", "on_case_failure", "on_code_failure", "on_env_failure"]);
  assert.equal(keys.items[1].textEdit.newText, "on_blocked: ${1:human_confirm}$0");
  const targets = complete(head + positive.replace("      routing: {}", "      routing:\n        on_failure: ‸"));
  assert.deepEqual(targets.labels, ["finish", "human_confirm", "skill-author", "testcase-agent", "coding-agent", "env-agent"]);
});

test("completion: assertion snippets filled from the case", () => {
  const { items, text } = complete(
    head + positive.replace("      artifacts: []", "      artifacts: [refund_summary.md]").replace(`      - "selected_skill == 'refund-helper'"`, "      - ‸"),
  );
  assert.deepEqual(
    items.map((i) => i.label),
    [
      "selected_skill == '…'",
      "selected_skill != '…'",
      "'…' in artifacts",
      "artifact_exists('…')",
      "status in ['BLOCKED', 'NEEDS_CONFIRMATION']",
      "routing['…'] == '…'",
      "next_action != ''",
    ],
  );
  assert.ok(accept(text, items[0]).includes(`      - "selected_skill == 'refund-helper'"\n`));
  assert.ok(accept(text, items[2]).includes(`      - "'refund_summary.md' in artifacts"\n`));
  // On a line without a dash the snippet starts the list item itself.
  const bare = complete(head + positive.replace(`      - "selected_skill == 'refund-helper'"`, "      ‸"));
  assert.ok(accept(bare.text, bare.items[4]).includes(`    assertions:\n      - "status in ['BLOCKED', 'NEEDS_CONFIRMATION']"\n`));
});

test("completion: a snippet per case type, every required field present and empty, with the next free id", () => {
  const { items, text } = complete(head + positive + negative + "  - ‸\n");
  assert.deepEqual(
    items.map((i) => i.label),
    ["trigger case", "plan case", "contract case", "edge case", "failure case"],
  );
  assert.equal(accept(text, items[0]), head + positive + negative + skeleton("trigger_003", "trigger", '""'));
  assert.ok(accept(text, items[4]).includes("  - id: failure_001\n    type: failure\n"));
});

test("completion: nothing inside comments or block scalar text", () => {
  assert.deepEqual(complete(head + "  # a comment ‸\n").labels, []);
  assert.deepEqual(complete(head + "  - id: plan_001\n    query: |\n      first line\n      ‸\n").labels, []);
});

test("hover: field docs, enum values, routes, assertions and the case's dry-run prompt", () => {
  const at = (src: string) => {
    const m = marked(src);
    const model = skillModel(m.text);
    const h = hover(model, model.lines.positionAt(m.cursorOffset!));
    return { value: h?.contents.value ?? "", range: h?.range, ranges: m.ranges };
  };
  const mode = at(skillFile({ head: head.replace("mode: dry-run", "⟦mo‸de⟧: dry-run") }));
  assert.match(mode.value, /^\*\*`mode`\*\* · text · required\n\nTest mode\. .*\n\nIn `defaults\.mode`\.\n\nAllowed values:\n/);
  assert.match(mode.value, /- `mock` — Half-real/);
  assert.deepEqual(mode.range, mode.ranges[0]);
  assert.match(at(skillFile({ head: head.replace("mode: dry-run", "mode: dry‸-run") })).value, /^\*\*dry-run\*\* — Recommended\./);
  const query = at(skillFile({ cases: [positive.replace("    query:", "    qu‸ery:"), negative] }));
  assert.match(query.value, /^\*\*`query`\*\* · text · required\n\n.*\n\nIn `cases\[\]\.query`\./);
  assert.ok(
    query.value.includes(
      "```text\nIf the user's query is: I want my money back for order 1042., which skill will you use to handle it?\nDo not actually execute tools or modify files. Only output the name of the skill you select along with a brief reason.\n```",
    ),
  );
  assert.match(
    at(skillFile({ cases: [positive.replace("      routing: {}", "      routing:\n        on_blo‸cked: human_confirm"), negative] })).value,
    /^\*\*on_blocked\*\* — route: Where a blocked case goes/,
  );
  assert.match(
    at(skillFile({ cases: [positive.replace(`"selected_skill ==`, `"selected_sk‸ill ==`), negative] })).value,
    /^\*\*Assertion\*\* — evaluated by the checker/,
  );
  assert.match(
    at(skillFile({ cases: [positive.replace(`"selected_skill == 'refund-helper'"`, `"the answer is ‸polite"`), negative] })).value,
    /needs judgement/,
  );
  assert.match(
    at(skillFile({ cases: [positive.replace("id: trigger_001", "id: trig‸ger_001"), negative] })).value,
    /Response file: `tests\/tmp\/response\/trigger_001\.md`/,
  );
  assert.equal(at(skillFile() + "‸").value, "");
});

/** The fixes offered for the diagnostics with `code`, applied one by one. */
function fixes(src: string, code: string) {
  const model = skillModel(src);
  const all = documentDiagnostics(model);
  const d = all.find((x) => x.code === code);
  assert.ok(d, `no ${code} in ${JSON.stringify(all)}`);
  const actions = codeActions(model, d.range);
  return actions.map((a) => ({ title: a.title, result: applyEdits(src, a.edit.changes[model.uri]), preferred: a.isPreferred === true }));
}

test("quick fix: add a missing field with its empty value, at its place in the specification's order", () => {
  const src = skillFile({ cases: [positive.replace("      must_not_include: []\n", ""), negative] });
  const [fix] = fixes(src, "skill-field-required");
  assert.equal(fix.title, "Add must_not_include (empty)");
  assert.equal(fix.preferred, true);
  assert.equal(fix.result, skillFile());
  // A missing first key goes before the key on the item's dash line.
  const noId = skillFile({ cases: [positive.replace("  - id: trigger_001\n    type: trigger", "  - type: trigger"), negative] });
  assert.equal(fixes(noId, "skill-field-required")[0].result, skillFile({ cases: [positive.replace("id: trigger_001", 'id: ""'), negative] }));
  // Under an empty key, and inside a flow map.
  const emptyInputs = skillFile({ cases: [positive.replace("    inputs:\n      files: []\n      context: {}\n", "    inputs:\n"), negative] });
  assert.equal(fixes(emptyInputs, "skill-field-required")[0].result.includes("    inputs:\n      files: []\n    expected:"), true);
  const flow = skillFile({ cases: [positive.replace("    inputs:\n      files: []\n      context: {}\n", "    inputs: {files: []}\n"), negative] });
  assert.equal(fixes(flow, "skill-field-required")[0].result.includes("    inputs: {files: [], context: {}}\n"), true);
});

test("quick fix: add all missing fields of a case at once", () => {
  const src = head + positive + negative + "  - id: plan_001\n    type: plan\n    title: Plan\n";
  const all = fixes(src, "skill-field-required").find((f) => f.title === "Add all missing fields to cases[2]");
  assert.ok(all);
  assert.equal(all.result, head + positive + negative + skeleton("plan_001", "plan", "Plan"));
  // What is left is the text only the author can write.
  assert.deepEqual(
    documentDiagnostics(skillModel(all.result))
      .filter((d) => d.severity === "error")
      .map((d) => [d.code, d.field]),
    [["skill-field-empty", "cases[2].query"]],
  );
});

test("quick fix: write the empty value of an empty list or map", () => {
  const src = skillFile({ cases: [positive.replace("      must_include: []", "      must_include:"), negative] });
  const [fix] = fixes(src, "skill-field-type");
  assert.equal(fix.title, "Write []");
  assert.equal(fix.result, skillFile());
});

test("quick fix: pick a valid value, rename an unknown key, take SKILL.md's name, add a missing route", () => {
  const type = fixes(skillFile({ cases: [positive.replace("type: trigger", "type: Trigger"), negative] }), "skill-case-type-unknown");
  assert.equal(type[0].title, 'Change to "trigger"');
  assert.equal(type[0].result, skillFile());
  assert.ok(type.length <= 3);
  // A typo is offered its near value only, never the far ones beside it (issue 33).
  const typo = fixes(skillFile({ cases: [positive.replace("type: trigger", "type: trigerr"), negative] }), "skill-case-type-unknown");
  assert.deepEqual(
    typo.map((f) => f.title),
    ['Change to "trigger"'],
  );
  // Nothing near: every value, closest first, at most three.
  const far = fixes(skillFile({ cases: [positive.replace("type: trigger", "type: zzzzzzzz"), negative] }), "skill-case-type-unknown");
  assert.equal(far.length, 3);
  const quoted = fixes(skillFile({ head: head.replace("mode: dry-run", 'mode: "dry_run"') }), "skill-mode-unknown");
  assert.equal(quoted[0].result, skillFile({ head: head.replace("mode: dry-run", 'mode: "dry-run"') }));
  const key = fixes(skillFile({ cases: [positive.replace("    assertions:", "    assertion:"), negative] }), "skill-unknown-key");
  assert.deepEqual(
    key.map((f) => f.title),
    ['Rename to "assertions"'],
  );
  assert.equal(key[0].result, skillFile());

  const host = memoryHost({ "/s/refund-helper/SKILL.md": "---\nname: refund-assistant\n---\n" });
  const model = skillModel(skillFile(), { uri: "file:///s/refund-helper/tests/skill_cases.yaml", host });
  const d = documentDiagnostics(model).find((x) => x.code === "skill-name-mismatch")!;
  const [name] = codeActions(model, d.range);
  assert.equal(name.title, 'Change to "refund-assistant"');

  const edge = yaml`
    - id: edge_001
      type: edge
      title: No order
      query: "I want a refund."
      inputs: {files: [], context: {}}
      expected:
        skill: {should_use: refund-helper, should_not_use: []}
        must_include: [NEEDS_CONFIRMATION]
        must_not_include: []
        artifacts: []
        routing:
          on_success: finish
      assertions: []
  `;
  const route = fixes(skillFile({ extra: [edge] }), "skill-blocked-route-missing");
  assert.equal(route[0].title, "Add route on_blocked: human_confirm");
  assert.ok(route[0].result.includes("      routing:\n        on_success: finish\n        on_blocked: human_confirm\n"));
  const flowRoute = fixes(skillFile({ extra: [edge.replace(/routing:\n\s+on_success: finish/, "routing: {}")] }), "skill-blocked-route-missing");
  assert.ok(flowRoute[0].result.includes("      routing: {on_blocked: human_confirm}\n"));
});

test("renumber ids: <type>_NNN per type in written order, keeping quotes; offered on an id or with id diagnostics", () => {
  const src = skillFile({
    cases: [positive.replace("id: trigger_001", 'id: "t-one"'), negative.replace("id: trigger_002", "id: trigger_001")],
    extra: [],
  });
  const model = skillModel(src);
  const idLine = model.lines.positionAt(src.indexOf('"t-one"'));
  const [action] = codeActions(model, { start: idLine, end: idLine });
  assert.equal(action.title, "Renumber case ids as <type>_NNN");
  assert.equal(action.kind, "quickfix");
  assert.equal(applyEdits(src, action.edit.changes[model.uri]), skillFile({ cases: [positive.replace("id: trigger_001", 'id: "trigger_001"'), negative] }));
  // Ids that follow the convention but not the written order: a refactoring, offered on an id.
  const swapped = skillFile({ cases: [positive.replace("id: trigger_001", "id: trigger_002"), negative.replace("id: trigger_002", "id: trigger_001")] });
  const swappedModel = skillModel(swapped);
  const swappedId = swappedModel.lines.positionAt(swapped.indexOf("trigger_002"));
  const [refactor] = codeActions(swappedModel, { start: swappedId, end: swappedId });
  assert.equal(refactor.kind, "refactor.rewrite");
  assert.equal(applyEdits(swapped, refactor.edit.changes[swappedModel.uri]), skillFile());
  const viaDiagnostic = fixes(src, "skill-id-convention").find((f) => f.title.startsWith("Renumber"));
  assert.ok(viaDiagnostic);
  const dup = skillFile({ cases: [positive, negative.replace("id: trigger_002", "id: trigger_001")] });
  const renumbered = fixes(dup, "skill-id-duplicate").find((f) => f.title.startsWith("Renumber"));
  assert.equal(renumbered?.result, skillFile());
  // Nothing to offer away from ids when the ids are already in order.
  const clean = skillModel(skillFile());
  assert.deepEqual(codeActions(clean, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }), []);
});
