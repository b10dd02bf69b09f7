import type { RuleBook } from "../../types";
import { indent } from "../../util/excerpt";
import { spec, RUBRIC, MODEL } from "./excerpts";

/** The rules of `scorecard.ts`: their pages' text and the examples that show and test them. */
export const scorecardBook: RuleBook = [
  {
    code: "scorecard-pass-threshold-binary",
    ...spec(
      "scorecard:\n  strategy: binary\n  pass_threshold: ⟦0.8⟧\n  dimensions:\n    - key: quality\n      source: validators\n      pass_threshold: 0.8\n",
      "scorecard:\n  strategy: binary\n  dimensions:\n    - key: quality\n      source: validators\n      pass_threshold: 0.8\n",
    ),
  },
  {
    code: "scorecard-pass-threshold-range",
    wrong: "version:\n  evaluation_spec:\n    scorecard:\n      pass_threshold: ⟦1.5⟧",
    right: "version:\n  evaluation_spec:\n    scorecard:\n      pass_threshold: 0.8",
  },
  {
    code: "scorecard-hybrid-requires-gate",
    ...spec(
      "scorecard:\n  strategy: ⟦hybrid⟧\n  dimensions:\n    - key: quality\n      source: validators\n",
      "scorecard:\n  strategy: hybrid\n  dimensions:\n    - key: quality\n      source: validators\n      gate: true\n      pass_threshold: 0.8\n",
    ),
  },
  {
    code: "judge-mode-deterministic-has-judges",
    ...spec(
      `judge_mode: deterministic\n⟦llm_judges⟧:\n  - key: tone\n${indent(RUBRIC + MODEL, 4)}`,
      `judge_mode: hybrid\nllm_judges:\n  - key: tone\n${indent(RUBRIC + MODEL, 4)}`,
    ),
  },
  {
    code: "judge-mode-llm-judge-needs-judges",
    ...spec("judge_mode: llm_judge\nllm_judges: ⟦[]⟧\n", `judge_mode: llm_judge\nllm_judges:\n  - key: tone\n${indent(RUBRIC + MODEL, 4)}`),
  },
  {
    code: "judge-mode-hybrid-needs-judges",
    ...spec("judge_mode: hybrid\nllm_judges: ⟦[]⟧\n", `judge_mode: hybrid\nllm_judges:\n  - key: tone\n${indent(RUBRIC + MODEL, 4)}`),
  },
];
