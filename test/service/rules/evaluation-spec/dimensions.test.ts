import { test } from "node:test";
import assert from "node:assert/strict";
import { marked, yaml } from "../../../helpers/fixture";
import { diagnose, expectDiagnostics, expectValid } from "../../../helpers/expect";
import { dimensionsSpec } from "../../../helpers/eval-spec";

const D = "version.evaluation_spec.scorecard.dimensions";

const JUDGE = yaml`
  llm_judges:
    - key: tone
      mode: rubric
      rubric: Rate it
      model: claude-sonnet-4-6
`;
const METRIC = yaml`
  metrics:
    - key: latency_ms
      type: numeric
      collector: run_total_latency_ms
`;
const BEHAVIORAL = yaml`
  behavioral:
    signals:
      - key: recovery_behavior
        weight: 1
`;

test("dimension-key-required: a null element and an object without key are empty-key dimensions", () => {
  expectDiagnostics(dimensionsSpec("- correctness\n⟦- ~⟧\n⟦-⟧ source: validators\n"), { code: "dimension-key-required", message: "is required" });
});

test("dimension-key-duplicate: the first dimension is related information; nothing else is checked", () => {
  const m = marked(dimensionsSpec("- ⟦correctness⟧\n- key: ⟦correctness⟧\n  source: bogus\n"));
  const got = diagnose(m.text).filter((d) => d.severity === "error");
  assert.deepEqual(
    got.map((d) => d.code),
    ["dimension-key-duplicate"],
  );
  assert.deepEqual(got[0].range, m.ranges[1]);
  assert.deepEqual(got[0].related?.[0].range, m.ranges[0]);
});

test("legacy normalization: a missing max falls back to runtime_limits, and errors point where the value came from", () => {
  expectDiagnostics(
    dimensionsSpec("- latency\n", {
      spec: "runtime_limits:\n  max_duration_ms: ⟦500⟧\n",
      scorecard: "normalization:\n  latency:\n    target_ms: 1000\n",
    }),
    {
      code: "dimension-normalization-max-not-greater",
      field: `${D}[0].normalization.max`,
      message: "must be greater than target when better_direction is lower",
    },
  );
  expectValid(
    dimensionsSpec("- latency\n", { spec: "runtime_limits:\n  max_duration_ms: 5000\n", scorecard: "normalization:\n  latency:\n    target_ms: 1000\n" }),
  );
});

test("legacy normalization fills only built-in dimensions whose source was expanded", () => {
  const src = dimensionsSpec("⟦-⟧ key: latency\n  source: latency\n", { scorecard: "normalization:\n  latency: {target_ms: 1000, max_ms: 5000}\n" });
  expectDiagnostics(src, { code: "dimension-normalization-required-latency", field: `${D}[0].normalization` });
  expectDiagnostics(src, { code: "dimension-direction-invalid", field: `${D}[0].better_direction` });
  // Expanded latency is forced to lower, so an explicit higher is overridden.
  expectValid(dimensionsSpec("- key: latency\n  better_direction: higher\n", { scorecard: "normalization:\n  latency: {target_ms: 1000, max_ms: 5000}\n" }));
});

test("binary strategy: every dimension needs a pass_threshold, string dimensions included", () => {
  expectDiagnostics(dimensionsSpec("- ⟦correctness⟧\n- key: reliability\n  pass_threshold: 0.9\n", { scorecard: "strategy: binary\n" }), {
    code: "dimension-pass-threshold-required",
    field: `${D}[0].pass_threshold`,
  });
});

test("string, object and mixed dimensions of every source together are valid", () => {
  expectValid(
    dimensionsSpec(
      yaml`
        - correctness
        - " reliability "
        - key: speed
          source: metric
          metric: latency_ms
          better_direction: lower
          normalization: {target: 100, max: 1000}
          weight: 2
        - key: tone_dim
          source: llm_judge
          judge_key: tone
          gate: true
          pass_threshold: 0.6
        - behavioral
        - key: preference
          source: human_preference
        - latency
        - cost
      `,
      {
        spec: JUDGE + METRIC + BEHAVIORAL + "runtime_limits:\n  max_cost_usd: 2\n",
        scorecard: "strategy: hybrid\nnormalization:\n  latency: {target_ms: 1000, max_ms: 5000}\n  cost: {target_usd: 0.1}\n",
      },
    ),
  );
});
