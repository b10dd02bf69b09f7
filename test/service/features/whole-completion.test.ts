import { test } from "node:test";
import assert from "node:assert/strict";
import { parseDocument } from "yaml";
import { completion, CompletionItem } from "../../../server/src/service/pack";
import { pack, sections } from "../../helpers/packs";
import { applyEdits, atCursor } from "../../helpers/features";

/** Completion that keeps the pack whole (issue 17): the typed token is replaced, flow collections get flow values. */

function complete(src: string): { items: CompletionItem[]; text: string } {
  const { model, position } = atCursor(src);
  return { items: completion(model, position).items, text: model.text };
}

const labels = (items: CompletionItem[]) => items.map((i) => i.label);
const sorted = (items: CompletionItem[]) => [...items].sort((a, b) => ((a.sortText ?? a.label) < (b.sortText ?? b.label) ? -1 : 1));

/** The text after accepting `label`, with snippet tab stops replaced by their defaults. */
function accept(src: string, label: string): string {
  const { items, text } = complete(src);
  const item = items.find((i) => i.label === label);
  assert.ok(item, `no item ${label} in ${labels(items).join(", ")}`);
  const newText =
    item.insertTextFormat === 2
      ? item.textEdit.newText.replace(/\$\{\d+\|([^,|]*)[^}]*\}|\$\{\d+:([^}]*)\}|\$\d+/g, (_, c, d) => c ?? d ?? "")
      : item.textEdit.newText;
  return applyEdits(text, [{ ...item.textEdit, newText }]);
}

function parsesClean(text: string): void {
  const doc = parseDocument(text, { uniqueKeys: true });
  assert.deepEqual(
    doc.errors.map((e) => e.message),
    [],
  );
}

for (const [typed, label, written] of [
  ["input:‸", "input:prompt", "source: input:prompt\n"],
  ["artifact:‸", "artifact:policy_pdf", "source: artifact:policy_pdf\n"],
  ["inp‸ut:", "input:prompt", "source: input:prompt\n"],
  ["input:pr‸", "input:prompt", "source: input:prompt\n"],
] as const) {
  test(`completion: a typed source token \`${typed.replace("‸", "")}\` is replaced whole`, () => {
    const src = pack({ inputSets: sections.inputSets.replace("source: input:prompt", `source: ${typed}`) });
    const out = accept(src, label);
    assert.ok(out.includes(written), out);
    parsesClean(out);
  });
}

test("completion: right after `source:` the value gets its space", () => {
  const out = accept(pack({ inputSets: sections.inputSets.replace("source: input:prompt", "source:‸") }), "input:prompt");
  assert.ok(out.includes("source: input:prompt\n"));
  parsesClean(out);
});

test("completion: in a flow list of dimensions only plain values, no dash and no block snippet", () => {
  const src = pack({ evaluationSpec: sections.evaluationSpec.replace("dimensions: [correctness]", "dimensions: [correctness, ‸]") });
  const { items } = complete(src);
  assert.ok(items.length > 0);
  for (const i of items) assert.ok(!/^-|\n/.test(i.textEdit.newText), `${i.label}: ${JSON.stringify(i.textEdit.newText)}`);
  assert.ok(!labels(items).includes("new dimension"));
  parsesClean(accept(src, "reliability"));
});

test("completion: in a flow list of a dimension's validators, validator keys without a dash", () => {
  const spec = sections.evaluationSpec.replace(
    "dimensions: [correctness]",
    "dimensions:\n      - key: correctness\n        source: validators\n        validators: [exact, ‸]",
  );
  const src = pack({
    evaluationSpec: spec.replace(
      "validators:\n    - key: exact",
      "validators:\n    - key: exact-answer\n      type: exact_match\n      target: final_output\n      expected_from: challenge_input\n    - key: exact",
    ),
  });
  const { items } = complete(src);
  assert.ok(labels(items).includes("exact-answer"), labels(items).join(", "));
  for (const i of items) assert.ok(!/^-|\n/.test(i.textEdit.newText), i.textEdit.newText);
  const out = accept(src, "exact-answer");
  assert.ok(out.includes("validators: [exact, exact-answer]"));
  parsesClean(out);
});

test("completion: keys in a flow map stay on one line", () => {
  const src = pack({ challenges: sections.challenges.replace("difficulty: easy", "difficulty: easy\n    artifact_refs: [{‸}]") });
  const { items } = complete(src);
  for (const i of items) assert.ok(!i.textEdit.newText.includes("\n"), `${i.label}: ${JSON.stringify(i.textEdit.newText)}`);
});

test("completion: the legacy item_key is not offered beside case_key; in a pack of legacy items, last and never preselected", () => {
  const beside = labels(
    complete(pack({ inputSets: sections.inputSets.replace("        case_key: refund-window-basic\n", "        case_key: refund-window-basic\n        ‸\n") }))
      .items,
  );
  assert.ok(!beside.includes("item_key"));
  // A pack that writes legacy items: a case without case_key may take item_key, offered last.
  const legacy = sections.inputSets.replace("        case_key: refund-window-basic\n", "        item_key: refund-window-basic\n");
  const { items } = complete(pack({ inputSets: legacy + "  - key: more\n    name: More\n    cases:\n      - challenge_key: refund-question\n        ‸\n" }));
  const order = labels(sorted(items));
  assert.equal(order[order.length - 1], "item_key");
  assert.ok(items.every((i) => !i.preselect));
});

test("completion: the legacy items key only in a pack of legacy items, after cases", () => {
  const at = (inputSets: string) =>
    labels(
      sorted(
        complete(
          pack({
            inputSets: inputSets.replace("    name: Refund Smoke\n", "    name: Refund Smoke\n    ‸\n").replace("    cases:", "    description: d\n    cases:"),
          }),
        ).items,
      ),
    );
  assert.ok(!at(sections.inputSets).includes("items"));
  const legacy = "  - key: old\n    name: Old\n    items:\n      - challenge_key: refund-question\n        item_key: old-1\n";
  const newSet = "  - key: fresh\n    name: Refund Smoke\n    cases:\n      - challenge_key: refund-question\n        case_key: c\n";
  const order = at("input_sets:\n" + legacy + newSet.replace("    cases:\n      - challenge_key: refund-question\n        case_key: c\n", ""));
  assert.ok(order.includes("items"), order.join(", "));
  assert.equal(order[order.length - 1], "items");
});

test("completion: input and expectation kind values, the default first, then the pack's own kinds", () => {
  const withJson = sections.inputSets.replace(
    "        expectations:",
    "          - key: doc\n            kind: json\n            value: {}\n        expectations:",
  );
  const input = complete(pack({ inputSets: withJson.replace("key: prompt\n            kind: text", "key: prompt\n            kind: ‸") })).items;
  assert.deepEqual(labels(input), ["text", "json"]);
  const expectation = complete(
    pack({ inputSets: sections.inputSets.replace("key: policy_reference\n            kind: text", "key: policy_reference\n            kind: t‸") }),
  ).items;
  assert.deepEqual(labels(expectation), ["text"]);
  assert.ok(expectation[0].textEdit.range.start.character < expectation[0].textEdit.range.end.character, "the typed prefix is replaced");
});
