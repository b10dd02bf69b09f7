import type { RuleBook } from "../../types";
import { indent, markIn } from "../../util/excerpt";
import { spec, judges, RUBRIC, MODEL, ASSERTION, withJudges } from "./excerpts";

/** A valid rubric judge. */
const TONE = "- key: tone\n  mode: rubric\n  rubric: Rate it\n  model: claude-sonnet-4-6\n";

/** The rules of `judges.ts`: their pages' text and the examples that show and test them. */
export const judgesBook: RuleBook = [
  {
    code: "judge-key-required",
    wrong: 'version:\n  evaluation_spec:\n    llm_judges:\n      - key: ⟦""⟧',
    right: "version:\n  evaluation_spec:\n    llm_judges:\n      - key: refund-question",
  },
  { code: "judge-key-required", ...withJudges("⟦-⟧ mode: rubric\n  rubric: Rate it\n  model: claude-sonnet-4-6\n", TONE) },
  {
    code: "judge-key-duplicate",
    wrong: "version:\n  evaluation_spec:\n    llm_judges:\n      - key: refund-question\n      - key: ⟦refund-question⟧",
    right: "version:\n  evaluation_spec:\n    llm_judges:\n      - key: refund-question\n      - key: billing-question",
  },
  {
    code: "judge-key-collides-validator",
    ...spec(
      `validators:\n  - key: exact\n    type: exact_match\n    target: final_output\n    expected_from: challenge_input\njudge_mode: hybrid\nllm_judges:\n  - key: ⟦exact⟧\n${indent(RUBRIC + MODEL, 4)}`,
      `validators:\n  - key: exact\n    type: exact_match\n    target: final_output\n    expected_from: challenge_input\njudge_mode: hybrid\nllm_judges:\n  - key: tone\n${indent(RUBRIC + MODEL, 4)}`,
    ),
  },
  {
    code: "judge-key-collides-validator",
    ...withJudges(
      "- key: ⟦exact⟧\n  mode: rubric\n  rubric: Rate it\n  model: claude-sonnet-4-6\n",
      "- key: exactness\n  mode: rubric\n  rubric: Rate it\n  model: claude-sonnet-4-6\n",
    ),
    message: 'collides with validator key "exact"',
  },
  {
    code: "judge-key-collides-metric",
    ...spec(
      `judge_mode: hybrid\nmetrics:\n  - key: tone\n    type: numeric\n    collector: run_total_latency_ms\nllm_judges:\n  - key: ⟦tone⟧\n${indent(RUBRIC + MODEL, 4)}`,
      `judge_mode: hybrid\nmetrics:\n  - key: latency_ms\n    type: numeric\n    collector: run_total_latency_ms\nllm_judges:\n  - key: tone\n${indent(RUBRIC + MODEL, 4)}`,
    ),
  },
  {
    code: "judge-key-collides-metric",
    ...withJudges(
      '- key: " ⟦latency_ms⟧"\n  mode: rubric\n  rubric: Rate it\n  model: claude-sonnet-4-6\n',
      "- key: latency_judge\n  mode: rubric\n  rubric: Rate it\n  model: claude-sonnet-4-6\n",
      "metrics:\n  - key: latency_ms\n    type: numeric\n    collector: run_total_latency_ms\n",
    ),
    message: 'collides with metric key "latency_ms"',
  },
  { code: "judge-mode-invalid", ...judges("mode: ⟦score⟧\nrubric: Is the reply polite?\n" + MODEL, RUBRIC + MODEL) },
  { code: "judge-mode-invalid", ...withJudges("- key: tone\n  mode: ⟦Rubric⟧\n  rubric: Rate it\n  model: claude-sonnet-4-6\n", TONE) },
  { code: "judge-rubric-required-rubric-mode", ...markIn(judges("mode: rubric\n" + MODEL, RUBRIC + MODEL), "- key: tone", "-") },
  { code: "judge-rubric-required-rubric-mode", ...withJudges('- key: tone\n  mode: rubric\n  rubric: ⟦"  "⟧\n  model: claude-sonnet-4-6\n', TONE) },
  {
    code: "judge-rubric-required-reference-mode",
    ...markIn(
      judges(
        "mode: reference\nreference_from: case.expectations.policy_reference\n" + MODEL,
        "mode: reference\nrubric: Does the reply match the policy?\nreference_from: case.expectations.policy_reference\n" + MODEL,
      ),
      "- key: tone",
      "-",
    ),
  },
  {
    code: "judge-rubric-required-reference-mode",
    ...withJudges(
      "⟦-⟧ key: match\n  mode: reference\n  reference_from: case.payload.answer\n  model: claude-sonnet-4-6\n",
      "- key: match\n  mode: reference\n  rubric: Same meaning as the reference?\n  reference_from: case.payload.answer\n  model: claude-sonnet-4-6\n",
    ),
  },
  {
    code: "judge-reference-from-required",
    ...markIn(
      judges(
        "mode: reference\nrubric: Does the reply match the policy?\n" + MODEL,
        "mode: reference\nrubric: Does the reply match the policy?\nreference_from: case.expectations.policy_reference\n" + MODEL,
      ),
      "- key: tone",
      "-",
    ),
  },
  {
    code: "judge-reference-from-required",
    ...withJudges(
      '- key: match\n  mode: reference\n  rubric: Same meaning as the reference?\n  reference_from: ⟦" "⟧\n  model: claude-sonnet-4-6\n',
      '- key: match\n  mode: reference\n  rubric: Same meaning as the reference?\n  reference_from: " case.payload.answer "\n  model: claude-sonnet-4-6\n',
    ),
  },
  {
    code: "judge-reference-from-unsupported",
    ...judges(
      "mode: reference\nrubric: Does the reply match the policy?\nreference_from: ⟦expectations.policy_reference⟧\n" + MODEL,
      "mode: reference\nrubric: Does the reply match the policy?\nreference_from: case.expectations.policy_reference\n" + MODEL,
    ),
  },
  {
    code: "judge-reference-from-unsupported",
    ...withJudges(
      "- key: match\n  mode: reference\n  rubric: Same meaning as the reference?\n  reference_from: ⟦case.inputs⟧\n  model: claude-sonnet-4-6\n",
      "- key: match\n  mode: reference\n  rubric: Same meaning as the reference?\n  reference_from: case.inputs.answer\n  model: claude-sonnet-4-6\n",
    ),
  },
  {
    code: "judge-assertion-required",
    ...markIn(judges("mode: assertion\n" + MODEL, "mode: assertion\nassertion: The reply cites the refund window.\n" + MODEL), "- key: tone", "-"),
  },
  {
    code: "judge-assertion-required",
    ...withJudges(
      "⟦-⟧ key: polite\n  mode: assertion\n  model: gpt-4o\n",
      "- key: polite\n  mode: assertion\n  assertion: The answer is polite.\n  model: gpt-4o\n",
    ),
  },
  {
    code: "judge-prompt-required",
    ...markIn(judges("mode: n_wise\n" + MODEL, "mode: n_wise\nprompt: Which reply explains the policy best?\n" + MODEL), "- key: tone", "-"),
  },
  {
    code: "judge-prompt-required",
    ...withJudges(
      '- key: best\n  mode: n_wise\n  prompt: ⟦""⟧\n  model: gemini-2.5-pro\n',
      "- key: best\n  mode: n_wise\n  prompt: Which answer is best?\n  model: gemini-2.5-pro\n",
    ),
  },
  { code: "judge-model-missing", ...markIn(judges(RUBRIC, RUBRIC + MODEL), "- key: tone", "-") },
  {
    code: "judge-model-missing",
    ...withJudges(
      '- key: tone\n  mode: rubric\n  rubric: Rate it\n  model: ⟦" "⟧\n  models: []\n',
      "- key: tone\n  mode: rubric\n  rubric: Rate it\n  models: [grok-4]\n",
    ),
  },
  {
    code: "judge-model-both",
    ...judges(RUBRIC + MODEL + "⟦models⟧: [gpt-4o, claude-sonnet-4-6]\n", RUBRIC + "models: [gpt-4o, claude-sonnet-4-6]\nconsensus:\n  aggregation: median\n"),
  },
  { code: "judge-model-both", ...withJudges(TONE + "  ⟦models⟧: [gpt-4o]\n", TONE) },
  {
    code: "judge-models-entry-empty",
    ...judges(
      RUBRIC + 'models: [gpt-4o, ⟦""⟧]\nconsensus:\n  aggregation: median\n',
      RUBRIC + "models: [gpt-4o, claude-sonnet-4-6]\nconsensus:\n  aggregation: median\n",
    ),
  },
  {
    code: "judge-models-entry-empty",
    ...withJudges(
      '- key: tone\n  mode: rubric\n  rubric: Rate it\n  models: [claude-sonnet-4-6, ⟦" "⟧]\n  consensus: {aggregation: median}\n',
      '- key: tone\n  mode: rubric\n  rubric: Rate it\n  models: [claude-sonnet-4-6, " mistral-large "]\n  consensus: {aggregation: median}\n',
    ),
  },
  {
    code: "judge-models-entry-provider-unknown",
    ...judges(
      RUBRIC + "models: [gpt-4o, ⟦llama-3⟧]\nconsensus:\n  aggregation: median\n",
      RUBRIC + "models: [gpt-4o, meta-llama/llama-3-70b]\nconsensus:\n  aggregation: median\n",
    ),
  },
  {
    code: "judge-models-entry-provider-unknown",
    ...withJudges(
      "- key: tone\n  mode: rubric\n  rubric: Rate it\n  models:\n    - ⟦llama-3-70b⟧\n",
      "- key: tone\n  mode: rubric\n  rubric: Rate it\n  models:\n    - meta-llama/llama-3-70b\n",
    ),
  },
  { code: "judge-model-provider-unknown", ...judges(RUBRIC + "model: ⟦sonnet⟧\n", RUBRIC + MODEL) },
  {
    code: "judge-model-provider-unknown",
    ...withJudges("- key: tone\n  mode: rubric\n  rubric: Rate it\n  model: ⟦sonnet⟧\n", "- key: tone\n  mode: rubric\n  rubric: Rate it\n  model: o3-mini\n"),
  },
  { code: "judge-samples-negative", ...judges(RUBRIC + MODEL + "samples: ⟦-1⟧\n", RUBRIC + MODEL + "samples: 3\n") },
  { code: "judge-samples-negative", ...withJudges(TONE + "  samples: ⟦-1⟧\n", TONE + "  samples: 0\n") },
  { code: "judge-samples-ceiling", ...judges(RUBRIC + MODEL + "samples: ⟦20⟧\n", RUBRIC + MODEL + "samples: 5\n") },
  { code: "judge-samples-ceiling", ...withJudges(TONE + "  samples: ⟦11⟧\n", TONE + "  samples: 10\n") },
  {
    code: "judge-consensus-required",
    ...markIn(
      judges(RUBRIC + "models: [gpt-4o, claude-sonnet-4-6]\n", RUBRIC + "models: [gpt-4o, claude-sonnet-4-6]\nconsensus:\n  aggregation: median\n"),
      "- key: tone",
      "-",
    ),
  },
  {
    code: "judge-consensus-required",
    ...withJudges(
      "⟦-⟧ key: tone\n  mode: rubric\n  rubric: Rate it\n  models: [claude-sonnet-4-6, gpt-4o]\n",
      "- key: tone\n  mode: rubric\n  rubric: Rate it\n  models: [claude-sonnet-4-6, gpt-4o]\n  consensus:\n    aggregation: median\n",
    ),
  },
  {
    code: "judge-consensus-aggregation-invalid",
    ...judges(
      RUBRIC + "models: [gpt-4o, claude-sonnet-4-6]\nconsensus:\n  aggregation: ⟦average⟧\n",
      RUBRIC + "models: [gpt-4o, claude-sonnet-4-6]\nconsensus:\n  aggregation: mean\n",
    ),
  },
  {
    code: "judge-consensus-aggregation-invalid",
    ...withJudges(
      '- key: tone\n  mode: rubric\n  rubric: Rate it\n  models: [claude-sonnet-4-6, gpt-4o]\n  consensus:\n    aggregation: ⟦" median"⟧\n    min_agreement_threshold: 7\n',
      "- key: tone\n  mode: rubric\n  rubric: Rate it\n  models: [claude-sonnet-4-6, gpt-4o]\n  consensus:\n    aggregation: unanimous\n",
    ),
  },
  {
    code: "judge-consensus-numeric-only",
    ...judges(
      ASSERTION + "models: [gpt-4o, claude-sonnet-4-6]\nconsensus:\n  aggregation: ⟦median⟧\n",
      ASSERTION + "models: [gpt-4o, claude-sonnet-4-6]\nconsensus:\n  aggregation: majority_vote\n",
    ),
  },
  {
    code: "judge-consensus-numeric-only",
    ...withJudges(
      "- key: polite\n  mode: assertion\n  assertion: The answer is polite.\n  models: [claude-sonnet-4-6, gpt-4o]\n  consensus: {aggregation: ⟦mean⟧}\n",
      "- key: polite\n  mode: assertion\n  assertion: The answer is polite.\n  models: [claude-sonnet-4-6, gpt-4o]\n  consensus: {aggregation: majority_vote}\n",
    ),
    message: '"mean" aggregation is only valid for numeric modes (rubric, reference, n_wise)',
  },
  {
    code: "judge-consensus-majority-assertion-only",
    ...judges(
      RUBRIC + "models: [gpt-4o, claude-sonnet-4-6]\nconsensus:\n  aggregation: ⟦majority_vote⟧\n",
      RUBRIC + "models: [gpt-4o, claude-sonnet-4-6]\nconsensus:\n  aggregation: median\n",
    ),
  },
  {
    code: "judge-consensus-majority-assertion-only",
    ...withJudges(
      "- key: tone\n  mode: rubric\n  rubric: Rate it\n  models: [claude-sonnet-4-6, gpt-4o]\n  consensus: {aggregation: ⟦majority_vote⟧}\n",
      "- key: tone\n  mode: rubric\n  rubric: Rate it\n  models: [claude-sonnet-4-6, gpt-4o]\n  consensus: {aggregation: mean}\n",
    ),
  },
  {
    code: "judge-consensus-threshold-range",
    ...judges(
      RUBRIC + "models: [gpt-4o, claude-sonnet-4-6]\nconsensus:\n  aggregation: median\n  min_agreement_threshold: ⟦75⟧\n",
      RUBRIC + "models: [gpt-4o, claude-sonnet-4-6]\nconsensus:\n  aggregation: median\n  min_agreement_threshold: 0.75\n",
    ),
  },
  {
    code: "judge-consensus-threshold-range",
    ...withJudges(
      "- key: tone\n  mode: rubric\n  rubric: Rate it\n  models: [claude-sonnet-4-6, gpt-4o]\n  consensus:\n    aggregation: median\n    min_agreement_threshold: ⟦1.5⟧\n",
      "- key: tone\n  mode: rubric\n  rubric: Rate it\n  models: [claude-sonnet-4-6, gpt-4o]\n  consensus:\n    aggregation: median\n    min_agreement_threshold: 1\n",
    ),
  },
  { code: "judge-consensus-single-model", ...judges(RUBRIC + MODEL + "⟦consensus⟧:\n  aggregation: median\n", RUBRIC + MODEL) },
  {
    code: "judge-consensus-single-model",
    ...withJudges(
      "- key: tone\n  mode: rubric\n  rubric: Rate it\n  models: [claude-sonnet-4-6]\n  ⟦consensus⟧:\n    aggregation: median\n",
      "- key: tone\n  mode: rubric\n  rubric: Rate it\n  models: [claude-sonnet-4-6]\n  consensus: ~\n",
    ),
  },
  {
    code: "judge-context-from-unsupported",
    ...judges(
      RUBRIC + MODEL + "context_from: [final_output, ⟦policy⟧]\n",
      RUBRIC + MODEL + "context_from: [final_output, case.expectations.policy_reference]\n",
    ),
  },
  {
    code: "judge-context-from-unsupported",
    ...withJudges(
      TONE + '  context_from:\n    - final_output\n    - ⟦" case.payload"⟧\n',
      TONE + '  context_from:\n    - final_output\n    - transcript.last_n:+3\n    - "literal:"\n',
    ),
  },
  { code: "judge-output-schema-invalid", ...judges(RUBRIC + MODEL + "output_schema:\n  type: ⟦5⟧\n", RUBRIC + MODEL + "output_schema:\n  type: object\n") },
  {
    code: "judge-output-schema-invalid",
    ...withJudges(
      TONE + "  output_schema:\n    $schema: ⟦http://json-schema.org/draft-04/schema#⟧\n    type: object\n",
      TONE + "  output_schema:\n    $schema: http://json-schema.org/draft-07/schema#\n    type: object\n",
    ),
    message: 'must be valid JSON Schema: unsupported JSON schema draft "http://json-schema.org/draft-04/schema#"',
  },
  { code: "judge-rubric-secret-reference", ...judges("mode: rubric\nrubric: Compare with ⟦${secrets.⟧ANSWER_KEY}.\n" + MODEL, RUBRIC + MODEL) },
  {
    code: "judge-rubric-secret-reference",
    ...withJudges(
      "- key: tone\n  mode: rubric\n  rubric: Compare with ⟦${secrets.⟧EXPECTED}\n  model: claude-sonnet-4-6\n",
      "- key: tone\n  mode: rubric\n  rubric: Compare with ${inputs.expected}\n  model: claude-sonnet-4-6\n",
    ),
  },
  {
    code: "judge-assertion-secret-reference",
    ...judges(
      "mode: assertion\nassertion: The reply never shows ⟦${secrets.⟧API_TOKEN}.\n" + MODEL,
      "mode: assertion\nassertion: The reply never shows an API token.\n" + MODEL,
    ),
  },
  {
    code: "judge-assertion-secret-reference",
    ...withJudges(
      "- key: tone\n  mode: rubric\n  rubric: Rate it\n  assertion: Never prints ⟦${ secrets.⟧TOKEN }\n  model: claude-sonnet-4-6\n",
      "- key: tone\n  mode: rubric\n  rubric: Rate it\n  assertion: Never prints a token\n  model: claude-sonnet-4-6\n",
    ),
  },
  {
    code: "judge-prompt-secret-reference",
    ...judges(
      "mode: n_wise\nprompt: Rank the replies against ⟦${secrets.⟧ANSWER_KEY}.\n" + MODEL,
      "mode: n_wise\nprompt: Which reply explains the policy best?\n" + MODEL,
    ),
  },
  {
    code: "judge-prompt-secret-reference",
    ...withJudges(
      "- key: best\n  mode: n_wise\n  prompt: Pick one; key is ⟦${secrets .⟧KEY}\n  model: claude-sonnet-4-6\n",
      "- key: best\n  mode: n_wise\n  prompt: Pick one; key is ${secretsKEY}\n  model: claude-sonnet-4-6\n",
    ),
  },
  {
    code: "judge-score-scale-invalid",
    ...judges(RUBRIC + MODEL + "⟦score_scale⟧:\n  min: 5\n  max: 1\n", RUBRIC + MODEL + "score_scale:\n  min: 1\n  max: 5\n"),
  },
  { code: "judge-score-scale-invalid", ...withJudges(TONE + "  ⟦score_scale⟧: {min: 5, max: 5}\n", TONE + "  score_scale: {min: 1, max: 5}\n") },
  { code: "judge-timeout-positive", ...judges(RUBRIC + MODEL + "timeout_ms: ⟦0⟧\n", RUBRIC + MODEL + "timeout_ms: 30000\n") },
  { code: "judge-timeout-positive", ...withJudges(TONE + "  timeout_ms: ⟦0⟧\n", TONE + "  timeout_ms: 30000\n") },
  {
    code: "judge-limits-max-samples-range",
    wrong: "version:\n  evaluation_spec:\n    scorecard:\n      judge_limits:\n        max_samples_per_judge: ⟦11⟧",
    right: "version:\n  evaluation_spec:\n    scorecard:\n      judge_limits:\n        max_samples_per_judge: 4",
  },
  {
    code: "judge-limits-max-calls-usd-negative",
    wrong: "version:\n  evaluation_spec:\n    scorecard:\n      judge_limits:\n        max_calls_usd: ⟦-1⟧",
    right: "version:\n  evaluation_spec:\n    scorecard:\n      judge_limits:\n        max_calls_usd: 1",
  },
  {
    code: "judge-limits-max-tokens-negative",
    wrong: "version:\n  evaluation_spec:\n    scorecard:\n      judge_limits:\n        max_tokens: ⟦-1⟧",
    right: "version:\n  evaluation_spec:\n    scorecard:\n      judge_limits:\n        max_tokens: 1",
  },
];
