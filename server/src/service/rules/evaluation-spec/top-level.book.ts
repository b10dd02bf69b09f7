import type { RuleBook } from "../../types";
import { pair } from "../../util/excerpt";
import { spec } from "./excerpts";

/** A runtime limit set to a value. */
const limit = (key: string, wrong: string, right: string) =>
  pair(`evaluation_spec:\n  runtime_limits:\n    ${key}: ${wrong}\n`, `evaluation_spec:\n  runtime_limits:\n    ${key}: ${right}\n`);

/** The rules of `top-level.ts`: their pages' text and the examples that show and test them. */
export const specTopLevelBook: RuleBook = [
  { code: "eval-name-required", wrong: 'version:\n  evaluation_spec:\n    name: ⟦""⟧', right: "version:\n  evaluation_spec:\n    name: refund-support" },
  {
    code: "eval-version-number-positive",
    wrong: "version:\n  evaluation_spec:\n    version_number: ⟦0⟧",
    right: "version:\n  evaluation_spec:\n    version_number: 1",
  },
  {
    code: "eval-judge-mode-invalid",
    checks: "`evaluation_spec.judge_mode` is required and must be `deterministic`, `llm_judge` or `hybrid`.",
    why: "The judge mode decides whether runs are scored by validators, by LLM judges, or by both.",
    fix: "Use `deterministic` when only validators score, `llm_judge` when only judges do, `hybrid` for both.",
    wrong: "evaluation_spec:\n  judge_mode: ⟦validators⟧",
    right: "evaluation_spec:\n  judge_mode: deterministic",
  },
  {
    code: "eval-validators-empty",
    ...spec("validators: ⟦[]⟧\n", "validators:\n  - key: exact\n    type: exact_match\n    target: final_output\n    expected_from: challenge_input\n"),
  },
  { code: "eval-dimensions-empty", ...spec("scorecard:\n  dimensions: ⟦[]⟧\n", "scorecard:\n  dimensions: [correctness]\n") },
  {
    code: "eval-strategy-invalid",
    wrong: "version:\n  evaluation_spec:\n    scorecard:\n      strategy: ⟦weightedx⟧",
    right: "version:\n  evaluation_spec:\n    scorecard:\n      strategy: weighted",
  },
  {
    code: "eval-max-total-tokens-positive",
    wrong: "version:\n  evaluation_spec:\n    runtime_limits:\n      max_total_tokens: ⟦0⟧",
    right: "version:\n  evaluation_spec:\n    runtime_limits:\n      max_total_tokens: 1",
  },
  { code: "eval-max-total-tokens-positive", ...limit("max_total_tokens", "⟦0⟧", "1") },
  { code: "eval-max-total-tokens-positive", ...limit("max_total_tokens", "⟦-5⟧", "~") },
  {
    code: "eval-max-cost-usd-positive",
    wrong: "version:\n  evaluation_spec:\n    runtime_limits:\n      max_cost_usd: ⟦0⟧",
    right: "version:\n  evaluation_spec:\n    runtime_limits:\n      max_cost_usd: 1",
  },
  { code: "eval-max-cost-usd-positive", ...limit("max_cost_usd", "⟦0⟧", "0.01") },
  { code: "eval-max-cost-usd-positive", ...limit("max_cost_usd", "⟦-0.5⟧", "0.01") },
  {
    code: "eval-max-duration-ms-positive",
    wrong: "version:\n  evaluation_spec:\n    runtime_limits:\n      max_duration_ms: ⟦0⟧",
    right: "version:\n  evaluation_spec:\n    runtime_limits:\n      max_duration_ms: 1",
  },
  { code: "eval-max-duration-ms-positive", ...limit("max_duration_ms", "⟦0⟧", "60000") },
  { code: "eval-max-duration-ms-positive", ...limit("max_duration_ms", "⟦-1⟧", "60000") },
  {
    code: "eval-max-iterations-range",
    wrong: "version:\n  evaluation_spec:\n    runtime_limits:\n      max_iterations: ⟦0⟧",
    right: "version:\n  evaluation_spec:\n    runtime_limits:\n      max_iterations: 50",
  },
  { code: "eval-max-iterations-range", ...limit("max_iterations", "⟦0⟧", "1") },
  { code: "eval-max-iterations-range", ...limit("max_iterations", "⟦-1⟧", "1000") },
  { code: "eval-max-iterations-range", ...limit("max_iterations", "⟦1001⟧", "1000") },
];
