import type { Rule } from "../context";
import type { EvalStage } from "./spec";
import { decodeEvaluationSpec } from "./decode";
import { normalizeCoreFields } from "./normalize";
import { topLevelRules } from "./top-level";
import { validatorRules } from "./validators";
import { metricRules } from "./metrics";
import { behavioralRules } from "./behavioral";
import { pricingRules } from "./pricing";
import { judgeRules, normalizeJudges } from "./judges";
import { dimensionRules, normalizeDimensions } from "./dimensions";
import { normalizeStrategy, scorecardRules } from "./scorecard";
import { validatorConfigStage } from "./validator-config";
import { fileTargetReferenceStage, normalizePostExecutionChecks, postExecutionCheckStage } from "./post-execution-checks";

/**
 * V13: the evaluation spec. The reference validates a normalized copy (`ValidateEvaluationSpec`, runtime/scoring/validation.go), in a fixed order:
 * normalizers run first, then the stages. Each area's module adds its functions to these lists.
 * Every field is reported with the `version.` prefix (`version.evaluation_spec.validators[0].key`).
 */

/** The normalization `ValidateEvaluationSpec`, runtime/scoring/validation.go applies first, each area trimming and defaulting its own objects (in place, keeping sources). */
const normalizers: EvalStage[] = [normalizeCoreFields, normalizePostExecutionChecks, normalizeJudges, normalizeStrategy, normalizeDimensions];

/** The order of `ValidateEvaluationSpec`, runtime/scoring/validation.go: steps (1)–(12) of V13. */
const stages: EvalStage[] = [
  topLevelRules, // (1)
  validatorRules, // (2)
  validatorConfigStage, // (2) config by type, code_execution/postcondition check references
  postExecutionCheckStage, // (3)
  fileTargetReferenceStage, // (4)
  metricRules, // (5)
  behavioralRules, // (6)
  pricingRules, // (7)
  judgeRules, // (8) llm_judges, judge_limits
  dimensionRules, // (9)
  scorecardRules, // (10)–(12)
];

export const evaluationSpecRules: Rule = (ctx) => {
  const spec = decodeEvaluationSpec(ctx);
  for (const n of normalizers) n(ctx, spec);
  for (const s of stages) s(ctx, spec);
};
