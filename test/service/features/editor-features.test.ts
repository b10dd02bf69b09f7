import { test } from "node:test";
import assert from "node:assert/strict";
import {
  buildPackModel,
  foldingRanges,
  inlayHints,
  keySymbols,
  MAX_HINT_LENGTH,
  SEMANTIC_TOKENS_LEGEND,
  selectionRanges,
  semanticTokenList,
  semanticTokens,
  type SelectionRange,
} from "../../../server/src/service/pack";
import { marked, yaml } from "../../helpers/fixture";
import { pack, sections } from "../../helpers/packs";
import { URI } from "../../helpers/features";
import { skillModel } from "../../helpers/skill";

/** Each token as [text, type, modifiers]. */
function tokens(text: string): [string, string, string][] {
  const model = buildPackModel(text, URI);
  return semanticTokenList(model).map((t) => [text.slice(t.span.start, t.span.end), t.type, t.modifiers.join(" ")]);
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
        expected_from: case.inputs.prompt
      - key: in-file
        type: contains
        target: file:report
        expected_from: "artifact.policy_pdf"
    metrics:
      - key: tokens
        type: numeric
        collector: run_total_tokens
    llm_judges:
      - key: tone
        mode: rubric
        reference_from: case.expectations.answer
        context_from: [transcript.last_n:3, case.payload.ticket]
    post_execution_checks:
      - key: report
        type: file_capture
        path: /workspace/report.md
    scorecard:
      dimensions:
        - key: quality
          source: validators
          validators: [exact]
        - key: cost
          source: metric
          metric: tokens
        - key: style
          source: llm_judge
          judge_key: tone
`;

test("semantic tokens: declarations and references of every key graph, source prefixes, evidence parts, unknown keys", () => {
  const text = pack({
    evaluationSpec: scoring,
    inputSets: sections.inputSets.replace("source: input:prompt", "source: 'input:prompt'\n            colour: red"),
  });
  assert.deepEqual(tokens(text), [
    ["policy_pdf", "variable", "readonly declaration"],
    ["exact", "function", "declaration"],
    ["final_output", "enumMember", "defaultLibrary"],
    ["case.inputs.", "keyword", ""],
    ["prompt", "parameter", ""],
    ["in-file", "function", "declaration"],
    ["file:", "keyword", ""],
    ["report", "function", ""],
    ["artifact.", "keyword", ""],
    ["policy_pdf", "variable", "readonly"],
    ["tokens", "event", "declaration"],
    ["tone", "method", "declaration"],
    ["case.expectations.", "keyword", ""],
    ["answer", "property", ""],
    ["transcript.last_n:", "keyword", ""],
    ["3", "number", ""],
    ["case.payload.", "keyword", ""],
    ["ticket", "property", ""],
    ["report", "function", "declaration"],
    ["quality", "type", "declaration"],
    ["exact", "function", ""],
    ["cost", "type", "declaration"],
    ["tokens", "event", ""],
    ["style", "type", "declaration"],
    ["tone", "method", ""],
    ["refund-question", "class", "declaration"],
    ["refund-smoke", "namespace", "declaration"],
    ["refund-question", "class", ""],
    ["refund-window-basic", "enumMember", "declaration"],
    ["prompt", "parameter", "declaration"],
    ["policy_reference", "property", "declaration"],
    ["input:", "keyword", ""],
    ["prompt", "parameter", ""],
    ["colour", "unknownKey", ""],
  ]);
});

test("semantic tokens: the artifact: prefix, and a reference to an undeclared key is still a reference", () => {
  const text = pack({
    inputSets: sections.inputSets
      .replace("source: input:prompt", "source: artifact:nowhere")
      .replace("challenge_key: refund-question", "challenge_key: missing"),
  });
  const found = tokens(text).filter(([, , m]) => m === "" || m === "readonly");
  assert.deepEqual(found, [
    ["missing", "class", ""],
    ["artifact:", "keyword", ""],
    ["nowhere", "variable", "readonly"],
  ]);
});

test("semantic tokens are encoded relative to the previous one, in UTF-16 units; a range keeps those on its lines", () => {
  const text = yaml`
    challenges:
      - key: "é𝄞-q"
        title: T
    input_sets:
      - key: s
        cases:
          - challenge_key: é𝄞-q
  `;
  const model = buildPackModel(text, URI);
  const { tokenTypes, tokenModifiers } = SEMANTIC_TOKENS_LEGEND;
  const cls = tokenTypes.indexOf("class");
  const ns = tokenTypes.indexOf("namespace");
  const decl = 1 << tokenModifiers.indexOf("declaration");
  assert.deepEqual(semanticTokens(model).data, [1, 10, 5, cls, decl, 3, 9, 1, ns, decl, 2, 23, 5, cls, 0]);
  assert.deepEqual(semanticTokens(model, { start: { line: 4, character: 0 }, end: { line: 5, character: 0 } }).data, [4, 9, 1, ns, decl]);
});

test("semantic tokens: a broken or empty document has none and no crash; a multi-line name is left out", () => {
  for (const text of ["", "pack: [\n", 'challenges:\n  - key: "a\n    b"\n', "- 1\n- 2\n"]) {
    const found = semanticTokenList(buildPackModel(text, URI));
    for (const t of found) assert.ok(!/[\r\n]/.test(text.slice(t.span.start, t.span.end)), JSON.stringify(text));
  }
  assert.deepEqual(tokens('challenges:\n  - key: "a\n    b"\n'), []);
});

test("inlay hints: the challenge's title after challenge_key, the input's value or file after source, the asset's path", () => {
  const text = pack({
    inputSets: yaml`
      input_sets:
        - key: refund-smoke
          name: Refund Smoke
          cases:
            - challenge_key: refund-question
              case_key: one
              inputs:
                - key: prompt
                  kind: text
                  value: "Can I get a refund\\n after 14 days, even though the box was opened and the receipt is lost?"
                - key: doc
                  kind: file
                  path: docs/q.md
              expectations:
                - key: a
                  kind: text
                  source: input:prompt
                - key: b
                  kind: file
                  source: input:doc
                - key: c
                  kind: file
                  source: artifact:policy_pdf
                - key: d
                  kind: text
                  source: input:missing
            - challenge_key: nowhere
              case_key: two
    `,
  });
  const lines = text.split("\n");
  const shown = inlayHints(buildPackModel(text, URI)).map((h) => [lines[h.position.line].slice(0, h.position.character).trim(), h.label, h.paddingLeft]);
  assert.deepEqual(shown, [
    ["- challenge_key: refund-question", "Refund question", true],
    ["source: input:prompt", "= Can I get a refund after 14 days, eve…", true],
    ["source: input:doc", "docs/q.md", true],
    ["source: artifact:policy_pdf", "assets/policy.pdf", true],
  ]);
  assert.equal([..."= Can I get a refund after 14 days, eve…"].length, MAX_HINT_LENGTH);
  const model = buildPackModel(text, URI);
  const sourceLine = lines.findIndex((l) => l.includes("source: input:doc"));
  assert.deepEqual(
    inlayHints(model, { start: { line: sourceLine, character: 0 }, end: { line: sourceLine, character: 0 } }).map((h) => h.label),
    ["docs/q.md"],
    "a range keeps the hints on its lines",
  );
});

/** The ranges of a selection, innermost first, as the text they select. */
function chain(text: string, r: SelectionRange | undefined): string[] {
  const lines = text.split("\n");
  const out: string[] = [];
  const offset = (p: { line: number; character: number }) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  for (; r; r = r.parent) out.push(text.slice(offset(r.range.start), offset(r.range.end)));
  return out;
}

test("selection ranges: a name inside a value, the value, the pair, the item with its dash, the list, up to the document", () => {
  const m = marked(pack().replace("source: input:prompt", "source: input:pro‸mpt"));
  const [r] = selectionRanges(
    buildPackModel(m.text, URI),
    [m.cursor!],
    buildPackModel(m.text, URI).symbols.references.map((e) => e.span),
  );
  const got = chain(m.text, r);
  assert.deepEqual(got.slice(0, 3), ["prompt", "input:prompt", "source: input:prompt"]);
  assert.match(got[3], /^key: policy_reference\n\s+kind: text\n\s+source: input:prompt$/);
  assert.match(got[4], /^- key: policy_reference/);
  assert.match(got[5], /^expectations:\n/);
  assert.equal(got.at(-1), m.text.trimEnd());
  for (let i = 1; i < got.length; i++) assert.ok(got[i].includes(got[i - 1]) && got[i] !== got[i - 1], `range ${i} strictly contains the one inside it`);
});

test("selection ranges: quotes, keys, flow lists, comments after a block, one answer per position", () => {
  const text = yaml`
    pack:
      slug: "my-pack"
      tags: [a, bb]
      # a comment under the block
    challenges: []
  `;
  const model = buildPackModel(text, URI);
  const at = (needle: string, delta = 0) => {
    const i = text.indexOf(needle) + delta;
    const before = text.slice(0, i).split("\n");
    return { line: before.length - 1, character: before.at(-1)!.length };
  };
  const [quoted, key, flow] = selectionRanges(model, [at("my-pack", 1), at("slug", 1), at("bb", 1)]);
  assert.deepEqual(chain(text, quoted).slice(0, 4), ["my-pack", '"my-pack"', 'slug: "my-pack"', 'slug: "my-pack"\n  tags: [a, bb]']);
  assert.deepEqual(chain(text, key).slice(0, 2), ["slug", 'slug: "my-pack"']);
  assert.deepEqual(chain(text, flow).slice(0, 3), ["bb", "[a, bb]", "tags: [a, bb]"]);
  assert.equal(selectionRanges(buildPackModel("", URI), [{ line: 0, character: 0 }]).length, 1, "an empty document: the position itself");
  const block = "pack:\n  description: |\n    # not a comment\n  # a comment\nchallenges: []\n";
  const [inBlock] = selectionRanges(buildPackModel(block, URI), [{ line: 2, character: 6 }]);
  assert.deepEqual(chain(block, inBlock).slice(0, 3), [
    "|\n    # not a comment",
    "description: |\n    # not a comment",
    "pack:\n  description: |\n    # not a comment",
  ]);
});

test("case files: folding (blocks and comment runs) and selection ranges from their YAML", () => {
  const text = yaml`
    # cases for the refund helper
    # written by hand
    skill:
      name: refund-helper
    cases:
      - id: one
        query: "Refund?"
  `;
  const model = skillModel(text);
  assert.deepEqual(foldingRanges(model), [
    { startLine: 0, endLine: 1, kind: "comment" },
    { startLine: 2, endLine: 3 },
    { startLine: 4, endLine: 6 },
    { startLine: 5, endLine: 6 },
  ]);
  const [r] = selectionRanges(model, [{ line: 6, character: 12 }]);
  assert.deepEqual(chain(text, r).slice(0, 4), ["Refund?", '"Refund?"', 'query: "Refund?"', 'id: one\n    query: "Refund?"']);
});

test("key symbols: the pack itself, assets, validators, metrics, judges, dimensions and checks too, at their names", () => {
  const text = pack({ evaluationSpec: scoring });
  const lines = text.split("\n");
  const shown = keySymbols(buildPackModel(text, URI)).map((s) => [
    s.kind,
    s.name,
    s.container,
    lines[s.range.start.line].slice(s.range.start.character, s.range.end.character),
  ]);
  assert.deepEqual(shown, [
    ["pack", "support-eval", "Support Eval", "support-eval"],
    ["asset", "policy_pdf", "support-eval", "policy_pdf"],
    ["challenge", "refund-question", "support-eval", "refund-question"],
    ["input-set", "refund-smoke", "support-eval", "refund-smoke"],
    ["case", "refund-window-basic", "support-eval › refund-smoke", "refund-window-basic"],
    ["validator", "exact", "support-eval", "exact"],
    ["validator", "in-file", "support-eval", "in-file"],
    ["metric", "tokens", "support-eval", "tokens"],
    ["judge", "tone", "support-eval", "tone"],
    ["check", "report", "support-eval", "report"],
    ["dimension", "quality", "support-eval", "quality"],
    ["dimension", "cost", "support-eval", "cost"],
    ["dimension", "style", "support-eval", "style"],
  ]);
  const unnamed = keySymbols(buildPackModel(pack({ head: "pack:\n  name: Only A Name\n  family: f\n" }), URI));
  assert.deepEqual(
    unnamed.filter((s) => s.kind === "pack").map((s) => [s.name, s.container]),
    [["Only A Name", ""]],
  );
});
