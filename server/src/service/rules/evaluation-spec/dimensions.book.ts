import type { RuleBook } from "../../types";
import { markIn } from "../../util/excerpt";
import { spec, judge, RUBRIC, MODEL, METRIC, dimension, dimensions, withDimensions } from "./excerpts";

const JUDGE = "llm_judges:\n  - key: tone\n    mode: rubric\n    rubric: Rate it\n    model: claude-sonnet-4-6\n";
const BEHAVIORAL = "behavioral:\n  signals:\n    - key: recovery_behavior\n      weight: 1\n";

/** The rules of `dimensions.ts`: their pages' text and the examples that show and test them. */
export const dimensionsBook: RuleBook = [
  {
    code: "dimension-key-required",
    wrong: 'version:\n  evaluation_spec:\n    scorecard:\n      dimensions:\n        - key: ⟦""⟧',
    right: "version:\n  evaluation_spec:\n    scorecard:\n      dimensions:\n        - key: refund-question",
  },
  { code: "dimension-key-required", ...withDimensions('- correctness\n- ⟦""⟧\n', "- correctness\n- reliability\n") },
  {
    code: "dimension-key-duplicate",
    ...spec("scorecard:\n  dimensions: [correctness, ⟦correctness⟧]\n", "scorecard:\n  dimensions: [correctness, reliability]\n"),
  },
  {
    code: "dimension-key-duplicate",
    ...withDimensions('- correctness\n- key: " ⟦correctness⟧"\n  source: validators\n', "- correctness\n- key: accuracy\n  source: validators\n"),
  },
  { code: "dimension-source-invalid", ...dimensions("source: ⟦judges⟧\n", "source: validators\n") },
  { code: "dimension-source-invalid", ...withDimensions("- ⟦accuracy⟧\n", "- key: accuracy\n  source: human_preference\n  better_direction: sideways\n") },
  {
    code: "dimension-validator-unknown",
    checks: "Every validator key listed by a scorecard dimension must be the key of a declared validator.",
    why: "The dimension's score is made from those validators' results; a missing one leaves the score undefined.",
    fix: "Correct the key, or declare the validator under `evaluation_spec.validators`.",
    wrong:
      "validators:\n  - key: mentions-window\n# …\nscorecard:\n  dimensions:\n    - key: accuracy\n      source: validators\n      validators: [⟦mentions-windw⟧]",
    right:
      "validators:\n  - key: mentions-window\n# …\nscorecard:\n  dimensions:\n    - key: accuracy\n      source: validators\n      validators: [mentions-window]",
  },
  {
    code: "dimension-validator-unknown",
    ...withDimensions(
      '- key: accuracy\n  source: validators\n  validators:\n    - exact\n    - ⟦" exact"⟧\n',
      "- key: accuracy\n  source: validators\n  validators: [exact]\n",
    ),
    message: 'references unknown validator key " exact"',
  },
  {
    code: "dimension-metric-required",
    ...markIn(
      dimensions(
        "source: metric\nbetter_direction: lower\nnormalization:\n  target: 1000\n  max: 5000\n",
        "source: metric\nmetric: latency_ms\nbetter_direction: lower\nnormalization:\n  target: 1000\n  max: 5000\n",
        METRIC,
      ),
      "- key: quality",
      "-",
    ),
  },
  {
    code: "dimension-metric-required",
    ...withDimensions(
      "⟦-⟧ key: speed\n  source: metric\n  better_direction: lower\n  normalization: {target: 100, max: 1000}\n",
      '- key: speed\n  source: metric\n  metric: " latency_ms "\n  better_direction: lower\n  normalization: {target: 100, max: 1000}\n',
      { spec: METRIC },
    ),
  },
  {
    code: "dimension-metric-unknown",
    ...dimensions(
      "source: metric\nmetric: ⟦latency⟧\nbetter_direction: lower\nnormalization:\n  target: 1000\n  max: 5000\n",
      "source: metric\nmetric: latency_ms\nbetter_direction: lower\nnormalization:\n  target: 1000\n  max: 5000\n",
      METRIC,
    ),
  },
  {
    code: "dimension-metric-unknown",
    ...withDimensions(
      "- key: speed\n  source: metric\n  metric: ⟦latency⟧\n  better_direction: lower\n  normalization: {target: 100, max: 1000}\n",
      "- key: speed\n  source: metric\n  metric: latency_ms\n  better_direction: lower\n  normalization: {target: 100, max: 1000}\n",
      { spec: METRIC },
    ),
    message: 'references unknown metric key "latency"',
  },
  {
    code: "dimension-normalization-required-metric",
    ...markIn(
      dimensions(
        "source: metric\nmetric: latency_ms\nbetter_direction: lower\n",
        "source: metric\nmetric: latency_ms\nbetter_direction: lower\nnormalization:\n  target: 1000\n  max: 5000\n",
        METRIC,
      ),
      "- key: quality",
      "-",
    ),
  },
  {
    code: "dimension-normalization-required-metric",
    ...withDimensions(
      "⟦-⟧ key: speed\n  source: metric\n  metric: latency_ms\n  better_direction: lower\n",
      "- key: speed\n  source: metric\n  metric: latency_ms\n  better_direction: lower\n  normalization: {target: 100, max: 1000}\n",
      { spec: METRIC },
    ),
  },
  {
    code: "dimension-normalization-required-latency",
    ...markIn(
      dimensions("source: latency\nbetter_direction: lower\n", "source: latency\nbetter_direction: lower\nnormalization:\n  target: 1000\n  max: 5000\n"),
      "- key: quality",
      "-",
    ),
  },
  {
    code: "dimension-normalization-required-latency",
    ...withDimensions("- correctness\n- ⟦latency⟧\n", "- correctness\n- key: latency\n  normalization: {target: 1000, max: 5000}\n"),
  },
  {
    code: "dimension-normalization-required-cost",
    ...markIn(
      dimensions("source: cost\nbetter_direction: lower\n", "source: cost\nbetter_direction: lower\nnormalization:\n  target: 0.01\n  max: 0.1\n"),
      "- key: quality",
      "-",
    ),
  },
  {
    code: "dimension-normalization-required-cost",
    ...withDimensions(
      "⟦-⟧ key: spend\n  source: cost\n  better_direction: lower\n",
      "- key: spend\n  source: cost\n  better_direction: lower\n  normalization: {target: 0.01, max: 1}\n",
    ),
  },
  {
    code: "dimension-behavioral-config-required",
    ...spec(dimension("source: ⟦behavioral⟧\n"), dimension("source: behavioral\n", "behavioral:\n  signals:\n    - key: recovery_behavior\n")),
  },
  { code: "dimension-behavioral-config-required", ...withDimensions("- ⟦behavioral⟧\n", "- behavioral\n", { goodSpec: BEHAVIORAL }) },
  {
    code: "dimension-judge-key-required",
    ...markIn(dimensions("source: llm_judge\n", "source: llm_judge\njudge_key: tone\n", judge(RUBRIC + MODEL)), "- key: quality", "-"),
  },
  {
    code: "dimension-judge-key-required",
    ...withDimensions('- key: tone_dim\n  source: llm_judge\n  judge_key: ⟦" "⟧\n', '- key: tone_dim\n  source: llm_judge\n  judge_key: " tone"\n', {
      spec: JUDGE,
    }),
  },
  {
    code: "dimension-judge-key-unknown",
    ...dimensions("source: llm_judge\njudge_key: ⟦tnoe⟧\n", "source: llm_judge\njudge_key: tone\n", judge(RUBRIC + MODEL)),
  },
  {
    code: "dimension-judge-key-unknown",
    ...withDimensions("- key: tone_dim\n  source: llm_judge\n  judge_key: ⟦tones⟧\n", "- key: tone_dim\n  source: llm_judge\n  judge_key: tone\n", {
      spec: JUDGE,
    }),
    message: 'references unknown judge key "tones"',
  },
  {
    code: "dimension-judge-not-numeric",
    ...spec(
      dimension("source: llm_judge\njudge_key: ⟦tone⟧\n", judge("rubric: Is the reply polite?\n" + MODEL)),
      dimension("source: llm_judge\njudge_key: tone\n", judge(RUBRIC + MODEL)),
    ),
  },
  {
    code: "dimension-judge-not-numeric",
    ...withDimensions("- key: tone_dim\n  source: llm_judge\n  judge_key: ⟦tone⟧\n", "- key: tone_dim\n  source: llm_judge\n  judge_key: tone\n", {
      spec: "llm_judges:\n  - key: tone\n    rubric: Rate it\n    model: claude-sonnet-4-6\n",
      goodSpec: JUDGE,
    }),
    message: 'judge "tone" mode "" does not produce a numeric score usable as a dimension',
  },
  {
    code: "dimension-direction-llm-judge",
    ...dimensions(
      "source: llm_judge\njudge_key: tone\nbetter_direction: ⟦lower⟧\n",
      "source: llm_judge\njudge_key: tone\nbetter_direction: higher\n",
      judge(RUBRIC + MODEL),
    ),
  },
  {
    code: "dimension-direction-llm-judge",
    ...withDimensions(
      "- key: tone_dim\n  source: llm_judge\n  judge_key: tone\n  better_direction: ⟦lower⟧\n",
      "- key: tone_dim\n  source: llm_judge\n  judge_key: tone\n  better_direction: higher\n",
      { spec: JUDGE },
    ),
    message: 'must be "higher" for llm_judge source (got "lower")',
  },
  {
    code: "dimension-direction-behavioral",
    wrong: dimension("source: behavioral\nbetter_direction: ⟦lower⟧\n", "behavioral:\n  signals:\n    - key: recovery_behavior\n"),
    right: dimension("source: behavioral\nbetter_direction: higher\n", "behavioral:\n  signals:\n    - key: recovery_behavior\n"),
  },
  {
    code: "dimension-direction-behavioral",
    ...withDimensions('- key: conduct\n  source: behavioral\n  better_direction: ⟦" higher"⟧\n', "- key: behavioral\n  better_direction: lower\n", {
      spec: BEHAVIORAL,
    }),
    message: 'must be "higher" for behavioral source (got " higher")',
  },
  { code: "dimension-judge-key-forbidden", ...dimensions("source: validators\njudge_key: ⟦tone⟧\n", "source: validators\n") },
  {
    code: "dimension-judge-key-forbidden",
    ...withDimensions("- key: accuracy\n  source: validators\n  judge_key: ⟦tone⟧\n", '- key: accuracy\n  source: validators\n  judge_key: " "\n', {
      spec: JUDGE,
    }),
  },
  {
    code: "dimension-direction-validators-reliability",
    ...dimensions("source: validators\nbetter_direction: ⟦lower⟧\n", "source: validators\nbetter_direction: higher\n"),
  },
  {
    code: "dimension-direction-validators-reliability",
    ...withDimensions("- key: steady\n  source: reliability\n  better_direction: ⟦lower⟧\n", "- key: reliability\n  better_direction: lower\n"),
    message: 'must be "higher" for reliability source (got "lower")',
  },
  {
    code: "dimension-direction-invalid",
    ...dimensions(
      "source: latency\nbetter_direction: ⟦faster⟧\nnormalization:\n  target: 1000\n  max: 5000\n",
      "source: latency\nbetter_direction: lower\nnormalization:\n  target: 1000\n  max: 5000\n",
    ),
  },
  {
    code: "dimension-direction-invalid",
    ...withDimensions(
      "- key: spend\n  source: cost\n  better_direction: ⟦Lower⟧\n  normalization: {target: 0.01, max: 1}\n",
      "- key: spend\n  source: cost\n  better_direction: lower\n  normalization: {target: 0.01, max: 1}\n",
    ),
  },
  {
    code: "dimension-normalization-target-required",
    ...dimensions(
      "source: latency\nbetter_direction: lower\n⟦normalization⟧:\n  max: 5000\n",
      "source: latency\nbetter_direction: lower\nnormalization:\n  target: 1000\n  max: 5000\n",
    ),
  },
  {
    code: "dimension-normalization-target-required",
    ...withDimensions(
      "- key: spend\n  source: cost\n  better_direction: lower\n  ⟦normalization⟧: {max: 1}\n",
      "- key: spend\n  source: cost\n  better_direction: lower\n  normalization: {max: 1, target: 0}\n",
    ),
  },
  {
    code: "dimension-normalization-max-required",
    ...dimensions(
      "source: latency\nbetter_direction: lower\n⟦normalization⟧:\n  target: 1000\n",
      "source: latency\nbetter_direction: lower\nnormalization:\n  target: 1000\n  max: 5000\n",
    ),
  },
  {
    code: "dimension-normalization-max-required",
    ...withDimensions("- correctness\n- cost\n", "- correctness\n- cost\n", {
      goodSpec: "runtime_limits:\n  max_cost_usd: 5\n",
      scorecard: "normalization:\n  ⟦cost⟧:\n    target_usd: 1\n",
    }),
  },
  {
    code: "dimension-normalization-max-not-greater",
    ...dimensions(
      "source: latency\nbetter_direction: lower\nnormalization:\n  target: 5000\n  max: ⟦1000⟧\n",
      "source: latency\nbetter_direction: lower\nnormalization:\n  target: 1000\n  max: 5000\n",
    ),
  },
  {
    code: "dimension-normalization-max-not-greater",
    ...withDimensions(
      "- key: spend\n  source: cost\n  better_direction: lower\n  normalization: {target: 0.01, max: ⟦0.01⟧}\n",
      "- key: spend\n  source: cost\n  better_direction: lower\n  normalization: {target: 0.01, max: 0.02}\n",
    ),
  },
  {
    code: "dimension-normalization-max-not-less",
    ...dimensions(
      "source: metric\nmetric: latency_ms\nbetter_direction: higher\nnormalization:\n  target: 10\n  max: ⟦50⟧\n",
      "source: metric\nmetric: latency_ms\nbetter_direction: higher\nnormalization:\n  target: 50\n  max: 10\n",
      METRIC,
    ),
  },
  {
    code: "dimension-normalization-max-not-less",
    ...withDimensions(
      "- key: speed\n  source: metric\n  metric: latency_ms\n  better_direction: higher\n  normalization: {target: 100, max: ⟦1000⟧}\n",
      "- key: speed\n  source: metric\n  metric: latency_ms\n  better_direction: higher\n  normalization: {target: 1000, max: 100}\n",
      { spec: METRIC },
    ),
  },
  { code: "dimension-weight-negative", ...dimensions("source: validators\nweight: ⟦-1⟧\n", "source: validators\nweight: 2\n") },
  { code: "dimension-weight-negative", ...withDimensions("- key: correctness\n  weight: ⟦-1⟧\n", "- key: correctness\n  weight: 0\n") },
  {
    code: "dimension-pass-threshold-required",
    ...markIn(dimensions("source: validators\ngate: true\n", "source: validators\ngate: true\npass_threshold: 0.8\n"), "- key: quality", "-"),
  },
  {
    code: "dimension-pass-threshold-required",
    ...withDimensions("⟦-⟧ key: correctness\n  gate: true\n", "- key: correctness\n  gate: true\n  pass_threshold: 0.8\n"),
  },
  { code: "dimension-pass-threshold-range", ...dimensions("source: validators\npass_threshold: ⟦80⟧\n", "source: validators\npass_threshold: 0.8\n") },
  { code: "dimension-pass-threshold-range", ...withDimensions("- key: correctness\n  pass_threshold: ⟦-0.1⟧\n", "- key: correctness\n  pass_threshold: 0\n") },
];
