import { test } from "node:test";
import { ServerCommands } from "../../../shared/src";
import assert from "node:assert/strict";
import { buildPackModel, codeLenses, documentLinks, documentSymbols, DocumentSymbol, foldingRanges } from "../../../server/src/service/pack";
import { marked, yaml } from "../../helpers/fixture";
import { pack, sections } from "../../helpers/packs";
import { URI } from "../../helpers/features";

/** name (detail) and children, to compare outlines by shape. */
function tree(symbols: DocumentSymbol[] | undefined): unknown[] {
  return (symbols ?? []).map((s) =>
    s.children ? [`${s.name}${s.detail ? ` (${s.detail})` : ""}`, tree(s.children)] : `${s.name}${s.detail ? ` (${s.detail})` : ""}`,
  );
}

const scoring = yaml`
  evaluation_spec:
    name: e
    version_number: 1
    judge_mode: hybrid
    validators:
      - key: exact
        type: exact_match
        target: final_output
        expected_from: challenge_input
      - key: unused
        type: contains
        target: final_output
        expected_from: challenge_input
    metrics:
      - key: tokens
        type: numeric
        collector: run_total_tokens
    llm_judges:
      - key: tone
        mode: rubric
    scorecard:
      dimensions:
        - correctness
        - key: quality
          source: validators
          validators: [exact]
        - key: style
          source: llm_judge
          judge_key: tone
        - key: strict
          source: validators
          validators: [exact]
`;

test("document symbols: the top-level sections as siblings, as the YAML reads; under them the version's assets and evaluation spec, the challenges, the input sets and their cases", () => {
  const model = buildPackModel(pack({ evaluationSpec: scoring }), URI);
  assert.deepEqual(tree(documentSymbols(model)), [
    "pack (Support Eval)",
    [
      "version (number 1)",
      [
        ["assets", ["policy_pdf (assets/policy.pdf)"]],
        [
          "evaluation_spec",
          [
            ["validators", ["exact (exact_match)", "unused (contains)"]],
            ["metrics", ["tokens (numeric)"]],
            ["llm_judges", ["tone (rubric)"]],
            ["dimensions", ["correctness (validators)", "quality (validators)", "style (llm_judge)", "strict (validators)"]],
          ],
        ],
      ],
    ],
    ["challenges", ["refund-question (Refund question · easy)"]],
    ["input_sets", [["refund-smoke (Refund Smoke)", ["refund-window-basic (refund-question)"]]]],
  ]);
});

test("document symbols: each section's range is its own lines (no section holds another), so breadcrumbs and sticky scroll show no false nesting", () => {
  const model = buildPackModel(pack({ extra: "tools:\n  custom:\n    - name: lookup\n" }), URI);
  const top = documentSymbols(model);
  assert.deepEqual(
    top.map((s) => s.name),
    ["pack", "version", "challenges", "input_sets", "tools"],
  );
  const lines = model.text.split("\n");
  for (const [i, s] of top.entries()) {
    assert.equal(lines[s.selectionRange.start.line], `${s.name}:`, `${s.name} selects its key`);
    const next = top[i + 1];
    if (next) assert.ok(s.range.end.line < next.range.start.line, `${s.name} ends before ${next.name} starts`);
  }
  // The `pack:` section is its own four lines, not the whole document.
  assert.deepEqual([top[0].range.start.line, top[0].range.end.line], [0, 3]);
});

test("document symbols follow the order sections are written in, whatever it is", () => {
  const text = [sections.inputSets, sections.challenges, sections.head, sections.version].join("");
  const names = documentSymbols(buildPackModel(text, URI)).map((s) => s.name);
  assert.deepEqual(names, ["input_sets", "challenges", "pack", "version"]);
});

test("document symbols: ranges cover the item from its dash; the selection is its key", () => {
  const src = pack({
    challenges: yaml`
      challenges:
        ⟦- key: ⟦refund-question⟧
          title: Refund question
          category: support
          difficulty: easy⟧
    `,
  });
  const m = marked(src);
  const challenge = documentSymbols(buildPackModel(m.text, URI)).find((s) => s.name === "challenges")!.children![0];
  assert.deepEqual(challenge.range, m.ranges[0]);
  assert.deepEqual(challenge.selectionRange, m.ranges[1]);
});

test("document symbols: legacy items are listed as cases by their item_key", () => {
  const model = buildPackModel(
    pack({
      inputSets: yaml`
    input_sets:
      - key: old
        name: Old
        items:
          - challenge_key: refund-question
            item_key: legacy-1
  `,
    }),
    URI,
  );
  const sets = documentSymbols(model).find((s) => s.name === "input_sets")!;
  assert.deepEqual(tree(sets.children), [["old (Old)", ["legacy-1 (refund-question)"]]]);
});

test("folding ranges: blocks from their key or dash to their last line, block scalars, comment runs", () => {
  const text = yaml`
    # header one
    # header two
    pack:
      slug: x
      description: |
        line one
        line two
    challenges:
      - key: a
        title: A
      - key: b
  `;
  assert.deepEqual(foldingRanges(buildPackModel(text, URI)), [
    { startLine: 0, endLine: 1, kind: "comment" },
    { startLine: 2, endLine: 6 },
    { startLine: 4, endLine: 6 },
    { startLine: 7, endLine: 10 },
    { startLine: 8, endLine: 9 },
  ]);
});

test("code lens: cases per challenge, dimensions per validator and judge (a validators dimension with no list reads all), with the locations to show", () => {
  const model = buildPackModel(
    pack({ evaluationSpec: scoring, inputSets: sections.inputSets + sections.inputSets.replace("input_sets:\n", "").replace("refund-smoke", "refund-full") }),
    URI,
  );
  const lenses = codeLenses(model, ServerCommands)
    .filter((l) => l.command.command === "packlint.showReferences")
    .map((l) => [l.range.start.line, l.command.title, l.command.command, (l.command.arguments![2] as unknown[]).length]);
  const line = (needle: string) => model.text.split("\n").findIndex((l) => l.includes(needle));
  assert.deepEqual(
    lenses,
    [
      [line("- key: exact"), "used by 3 dimensions", "packlint.showReferences", 3],
      [line("- key: unused"), "used by 1 dimension", "packlint.showReferences", 1],
      [line("- key: tone"), "used by 1 dimension", "packlint.showReferences", 1],
      [line("- key: refund-question"), "2 cases in 2 input sets", "packlint.showReferences", 2],
      [line("- key: refund-smoke"), "1 case", "packlint.showReferences", 1],
      [line("- key: refund-full"), "1 case", "packlint.showReferences", 1],
    ].sort((a, b) => (a[0] as number) - (b[0] as number)),
  );
});

test("code lens on input sets: its cases (shown on click) and the eval command, offered (never run) through packlint.runInputSet", () => {
  const src = pack({
    inputSets: sections.inputSets
      .replace("key: refund-smoke", "key: ⟦refund-smoke⟧")
      .replace("case_key: refund-window-basic", "case_key: ⟦refund-window-basic⟧"),
  });
  const m = marked(src);
  const lenses = codeLenses(buildPackModel(m.text, URI), ServerCommands).filter((l) => l.range.start.line === m.ranges[0].start.line);
  assert.deepEqual(lenses, [
    {
      range: m.ranges[0],
      command: { title: "1 case", command: "packlint.showReferences", arguments: [URI, m.ranges[0].start, [{ uri: URI, range: m.ranges[1] }]] },
    },
    {
      range: m.ranges[0],
      command: {
        title: "▶ agentclash eval start --input-set refund-smoke",
        command: "packlint.runInputSet",
        arguments: ["agentclash eval start --input-set refund-smoke"],
      },
    },
  ]);
});

test("document links: asset paths that exist link to their file; others do not", () => {
  const src = pack({
    version: yaml`
      version:
        number: 1
        assets:
          - key: policy_pdf
            path: "⟦assets/policy.pdf⟧"
          - key: missing
            path: assets/missing.pdf
    `,
  });
  const m = marked(src);
  const links = documentLinks(buildPackModel(m.text, URI), (p) => (p === "assets/policy.pdf" ? "file:///work/assets/policy.pdf" : undefined));
  assert.deepEqual(links, [{ range: m.ranges[0], target: "file:///work/assets/policy.pdf", tooltip: "Open assets/policy.pdf" }]);
});

test("document symbols: a top-level key named like an Object property is a plain section", () => {
  const top = documentSymbols(buildPackModel(pack({ extra: "constructor:\n  x: 1\ntoString: y\n" }), URI));
  const extra = top.filter((s) => s.name === "constructor" || s.name === "toString");
  assert.deepEqual(
    extra.map((s) => [s.name, s.children]),
    [
      ["constructor", undefined],
      ["toString", undefined],
    ],
  );
});
