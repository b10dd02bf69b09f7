import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPackModel, toRange } from "../../../../server/src/service/pack-model";
import type { SymbolEntry } from "../../../../server/src/service/model/symbols";
import { marked, yaml } from "../../../helpers/fixture";
import { withSpec } from "../../../helpers/eval-spec";

/** Each marked range, in order, is one declaration or reference (in document order). */
function symbolsOf(src: string) {
  const m = marked(src);
  const model = buildPackModel(m.text);
  const show = (e: SymbolEntry) => ({ kind: e.kind, name: e.name, field: e.field, range: toRange(model.lines, e.span) });
  const spec = (e: SymbolEntry) => e.field.startsWith("version.evaluation_spec");
  return {
    m,
    model,
    declarations: model.symbols.declarations.filter(spec).map(show),
    references: model.symbols.references.filter(spec).map(show),
  };
}

const S = "version.evaluation_spec";

test("evaluation_spec keys are declared: validators, metrics, judges, checks and dimensions (string or object)", () => {
  const { m, declarations } = symbolsOf(
    withSpec(yaml`
      name: nav
      version_number: 1
      judge_mode: hybrid
      validators:
        - key: ⟦exact⟧
          type: exact_match
          target: final_output
          expected_from: challenge_input
      post_execution_checks:
        - key: " ⟦report⟧ "
          type: file_capture
          path: /work/report.json
      metrics:
        - key: ⟦latency_ms⟧
          type: numeric
          collector: run_total_latency_ms
      llm_judges:
        - key: ⟦tone⟧
          mode: rubric
          rubric: Rate it
          model: claude-sonnet-4-6
      scorecard:
        dimensions:
          - ⟦correctness⟧
          - key: ⟦tone_dim⟧
            source: llm_judge
            judge_key: tone
    `),
  );
  const byKind = (kind: string) => declarations.filter((d) => d.kind === kind);
  assert.deepEqual(
    byKind("validator").map((d) => [d.name, d.field]),
    [["exact", `${S}.validators[0].key`]],
  );
  assert.deepEqual(
    byKind("check").map((d) => [d.name, d.field]),
    [["report", `${S}.post_execution_checks[0].key`]],
  );
  assert.deepEqual(
    byKind("metric").map((d) => d.name),
    ["latency_ms"],
  );
  assert.deepEqual(
    byKind("judge").map((d) => d.name),
    ["tone"],
  );
  assert.deepEqual(
    byKind("dimension").map((d) => [d.name, d.field]),
    [
      ["correctness", `${S}.scorecard.dimensions[0].key`],
      ["tone_dim", `${S}.scorecard.dimensions[1].key`],
    ],
  );
  const ranges = [...declarations].sort((a, b) => a.range.start.line - b.range.start.line).map((d) => d.range);
  assert.deepEqual(ranges, m.ranges);
});

test("references inside evaluation_spec: dimension validators[], metric, judge_key, and file: targets naming checks", () => {
  const { m, references, model } = symbolsOf(
    withSpec(yaml`
      name: nav
      version_number: 1
      judge_mode: hybrid
      validators:
        - key: exact
          type: exact_match
          target: final_output
          expected_from: challenge_input
        - key: report_exists
          type: file_exists
          target: file:⟦report⟧
        - key: tests
          type: code_execution
          target: ⟦report⟧
          config: {test_command: pytest}
      post_execution_checks:
        - key: report
          type: file_capture
          path: /work/report.json
      metrics:
        - key: latency_ms
          type: numeric
          collector: run_total_latency_ms
      llm_judges:
        - key: tone
          mode: rubric
          rubric: Rate it
          model: claude-sonnet-4-6
      scorecard:
        dimensions:
          - key: accuracy
            source: validators
            validators: [⟦exact⟧, ⟦missing⟧]
          - key: speed
            source: metric
            metric: " ⟦latency_ms⟧"
            better_direction: lower
            normalization: {target: 100, max: 1000}
          - key: tone_dim
            source: llm_judge
            judge_key: ⟦tone⟧
    `),
  );
  assert.deepEqual(
    references.map((r) => [r.kind, r.name, r.field]),
    [
      ["check", "report", `${S}.validators[1].target`],
      ["check", "report", `${S}.validators[2].target`],
      ["validator", "exact", `${S}.scorecard.dimensions[0].validators[0]`],
      ["validator", "missing", `${S}.scorecard.dimensions[0].validators[1]`],
      ["metric", "latency_ms", `${S}.scorecard.dimensions[1].metric`],
      ["judge", "tone", `${S}.scorecard.dimensions[2].judge_key`],
    ],
  );
  assert.deepEqual(
    references.map((r) => r.range),
    m.ranges,
  );
  // Navigation finds the declaration from a reference.
  const judgeRef = model.symbols.references.find((r) => r.kind === "judge")!;
  const found = model.symbols.at(judgeRef.span.start);
  assert.equal(found?.name, "tone");
  assert.equal(model.symbols.occurrences("judge", "tone", "").declarations.length, 1);
});

test("a pack without evaluation_spec, or with wrong-typed parts, has no evaluation_spec symbols and does not crash", () => {
  assert.deepEqual(symbolsOf(withSpec("name: x\nvalidators: 5\nscorecard: {dimensions: [1, [2], {key: 3}]}\n")).declarations, []);
});
