import { test } from "node:test";
import assert from "node:assert/strict";
import { marked, yaml } from "../helpers/fixture";
import { diagnose, expectDiagnostics, expectValid, RuleCase, ruleTests } from "../helpers/expect";
import { dimensionsSpec } from "../helpers/eval-spec";

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

/** `bad` dimensions (with ⟦ranges⟧) fire the rule with this field and message; `good` ones are valid. */
interface Case extends RuleCase {
  /** Other top-level spec keys and scorecard keys, for both (or `goodSpec` for the good one). */
  spec?: string;
  goodSpec?: string;
  scorecard?: string;
}

const cases: Case[] = [
  {
    code: "dimension-key-required",
    field: `${D}[1].key`,
    message: "is required",
    bad: `- correctness\n- ⟦""⟧\n`,
    good: `- correctness\n- reliability\n`,
  },
  {
    code: "dimension-key-duplicate",
    field: `${D}[1]`,
    message: "must be unique",
    bad: `- correctness\n- key: " ⟦correctness⟧"\n  source: validators\n`,
    good: `- correctness\n- key: accuracy\n  source: validators\n`,
  },
  {
    code: "dimension-source-invalid",
    field: `${D}[0].source`,
    message: "must be one of validators, metric, reliability, latency, cost, behavioral, llm_judge",
    bad: `- ⟦accuracy⟧\n`,
    good: `- key: accuracy\n  source: human_preference\n  better_direction: sideways\n`,
  },
  {
    code: "dimension-validator-unknown",
    field: `${D}[0].validators[1]`,
    message: 'references unknown validator key " exact"',
    bad: `- key: accuracy\n  source: validators\n  validators:\n    - exact\n    - ⟦" exact"⟧\n`,
    good: `- key: accuracy\n  source: validators\n  validators: [exact]\n`,
  },
  {
    code: "dimension-metric-required",
    field: `${D}[0].metric`,
    message: "is required when source is metric",
    bad: `⟦-⟧ key: speed\n  source: metric\n  better_direction: lower\n  normalization: {target: 100, max: 1000}\n`,
    good: `- key: speed\n  source: metric\n  metric: " latency_ms "\n  better_direction: lower\n  normalization: {target: 100, max: 1000}\n`,
    spec: METRIC,
  },
  {
    code: "dimension-metric-unknown",
    field: `${D}[0].metric`,
    message: 'references unknown metric key "latency"',
    bad: `- key: speed\n  source: metric\n  metric: ⟦latency⟧\n  better_direction: lower\n  normalization: {target: 100, max: 1000}\n`,
    good: `- key: speed\n  source: metric\n  metric: latency_ms\n  better_direction: lower\n  normalization: {target: 100, max: 1000}\n`,
    spec: METRIC,
  },
  {
    code: "dimension-normalization-required-metric",
    field: `${D}[0].normalization`,
    message: "is required when source is metric",
    bad: `⟦-⟧ key: speed\n  source: metric\n  metric: latency_ms\n  better_direction: lower\n`,
    good: `- key: speed\n  source: metric\n  metric: latency_ms\n  better_direction: lower\n  normalization: {target: 100, max: 1000}\n`,
    spec: METRIC,
  },
  {
    code: "dimension-normalization-required-latency",
    field: `${D}[1].normalization`,
    message: "is required when source is latency",
    bad: `- correctness\n- ⟦latency⟧\n`,
    good: `- correctness\n- key: latency\n  normalization: {target: 1000, max: 5000}\n`,
  },
  {
    code: "dimension-normalization-required-cost",
    field: `${D}[0].normalization`,
    message: "is required when source is cost",
    bad: `⟦-⟧ key: spend\n  source: cost\n  better_direction: lower\n`,
    good: `- key: spend\n  source: cost\n  better_direction: lower\n  normalization: {target: 0.01, max: 1}\n`,
  },
  {
    code: "dimension-behavioral-config-required",
    field: "version.evaluation_spec.behavioral",
    message: "is required when a scorecard dimension uses source behavioral",
    bad: `- ⟦behavioral⟧\n`,
    good: `- behavioral\n`,
    goodSpec: BEHAVIORAL,
  },
  {
    code: "dimension-judge-key-required",
    field: `${D}[0].judge_key`,
    message: "is required when source is llm_judge",
    bad: `- key: tone_dim\n  source: llm_judge\n  judge_key: ⟦" "⟧\n`,
    good: `- key: tone_dim\n  source: llm_judge\n  judge_key: " tone"\n`,
    spec: JUDGE,
  },
  {
    code: "dimension-judge-key-unknown",
    field: `${D}[0].judge_key`,
    message: 'references unknown judge key "tones"',
    bad: `- key: tone_dim\n  source: llm_judge\n  judge_key: ⟦tones⟧\n`,
    good: `- key: tone_dim\n  source: llm_judge\n  judge_key: tone\n`,
    spec: JUDGE,
  },
  {
    code: "dimension-judge-not-numeric",
    field: `${D}[0].judge_key`,
    message: 'judge "tone" mode "" does not produce a numeric score usable as a dimension',
    bad: `- key: tone_dim\n  source: llm_judge\n  judge_key: ⟦tone⟧\n`,
    good: `- key: tone_dim\n  source: llm_judge\n  judge_key: tone\n`,
    spec: JUDGE.replace("    mode: rubric\n", ""),
    goodSpec: JUDGE,
  },
  {
    code: "dimension-direction-llm-judge",
    field: `${D}[0].better_direction`,
    message: 'must be "higher" for llm_judge source (got "lower")',
    bad: `- key: tone_dim\n  source: llm_judge\n  judge_key: tone\n  better_direction: ⟦lower⟧\n`,
    good: `- key: tone_dim\n  source: llm_judge\n  judge_key: tone\n  better_direction: higher\n`,
    spec: JUDGE,
  },
  {
    code: "dimension-direction-behavioral",
    field: `${D}[0].better_direction`,
    message: 'must be "higher" for behavioral source (got " higher")',
    bad: `- key: conduct\n  source: behavioral\n  better_direction: ⟦" higher"⟧\n`,
    // A built-in key without source is forced to its direction, whatever is written.
    good: `- key: behavioral\n  better_direction: lower\n`,
    spec: BEHAVIORAL,
  },
  {
    code: "dimension-judge-key-forbidden",
    field: `${D}[0].judge_key`,
    message: "must be empty unless source is llm_judge",
    bad: `- key: accuracy\n  source: validators\n  judge_key: ⟦tone⟧\n`,
    good: `- key: accuracy\n  source: validators\n  judge_key: " "\n`,
    spec: JUDGE,
  },
  {
    code: "dimension-direction-validators-reliability",
    field: `${D}[0].better_direction`,
    message: 'must be "higher" for reliability source (got "lower")',
    bad: `- key: steady\n  source: reliability\n  better_direction: ⟦lower⟧\n`,
    good: `- key: reliability\n  better_direction: lower\n`,
  },
  {
    code: "dimension-direction-invalid",
    field: `${D}[0].better_direction`,
    message: "must be higher or lower",
    bad: `- key: spend\n  source: cost\n  better_direction: ⟦Lower⟧\n  normalization: {target: 0.01, max: 1}\n`,
    good: `- key: spend\n  source: cost\n  better_direction: lower\n  normalization: {target: 0.01, max: 1}\n`,
  },
  {
    code: "dimension-normalization-target-required",
    field: `${D}[0].normalization.target`,
    message: "is required",
    bad: `- key: spend\n  source: cost\n  better_direction: lower\n  ⟦normalization⟧: {max: 1}\n`,
    good: `- key: spend\n  source: cost\n  better_direction: lower\n  normalization: {max: 1, target: 0}\n`,
  },
  {
    code: "dimension-normalization-max-required",
    field: `${D}[1].normalization.max`,
    message: "is required",
    bad: `- correctness\n- cost\n`,
    good: `- correctness\n- cost\n`,
    scorecard: `normalization:\n  ⟦cost⟧:\n    target_usd: 1\n`,
    goodSpec: `runtime_limits:\n  max_cost_usd: 5\n`,
  },
  {
    code: "dimension-normalization-max-not-greater",
    field: `${D}[0].normalization.max`,
    message: "must be greater than target when better_direction is lower",
    bad: `- key: spend\n  source: cost\n  better_direction: lower\n  normalization: {target: 0.01, max: ⟦0.01⟧}\n`,
    good: `- key: spend\n  source: cost\n  better_direction: lower\n  normalization: {target: 0.01, max: 0.02}\n`,
  },
  {
    code: "dimension-normalization-max-not-less",
    field: `${D}[0].normalization.max`,
    message: "must be less than target when better_direction is higher",
    bad: `- key: speed\n  source: metric\n  metric: latency_ms\n  better_direction: higher\n  normalization: {target: 100, max: ⟦1000⟧}\n`,
    good: `- key: speed\n  source: metric\n  metric: latency_ms\n  better_direction: higher\n  normalization: {target: 1000, max: 100}\n`,
    spec: METRIC,
  },
  {
    code: "dimension-weight-negative",
    field: `${D}[0].weight`,
    message: "must be greater than or equal to 0",
    bad: `- key: correctness\n  weight: ⟦-1⟧\n`,
    good: `- key: correctness\n  weight: 0\n`,
  },
  {
    code: "dimension-pass-threshold-required",
    field: `${D}[0].pass_threshold`,
    message: "is required when the dimension is gated or strategy is binary",
    bad: `⟦-⟧ key: correctness\n  gate: true\n`,
    good: `- key: correctness\n  gate: true\n  pass_threshold: 0.8\n`,
  },
  {
    code: "dimension-pass-threshold-range",
    field: `${D}[0].pass_threshold`,
    message: "must be between 0 and 1",
    bad: `- key: correctness\n  pass_threshold: ⟦-0.1⟧\n`,
    good: `- key: correctness\n  pass_threshold: 0\n`,
  },
];

ruleTests(
  cases.map((c) => ({
    ...c,
    bad: dimensionsSpec(c.bad, { spec: c.spec, scorecard: c.scorecard }),
    good: dimensionsSpec(c.good, { spec: c.goodSpec ?? c.spec, scorecard: c.scorecard?.replace(/[⟦⟧]/g, "") }),
  })),
  "valid",
);

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
