import type { Rule, RuleContext } from "../context";
import type { EvalSpec } from "./spec";
import { decodeEvaluationSpec } from "./decode";
import { validatorConfigStage } from "./validator-config";
import { fileTargetReferenceStage, normalizePostExecutionChecks, postExecutionCheckStage } from "./post-execution-checks";

/**
 * V13: the evaluation spec. The reference validates a normalized copy (§9.1), in a fixed order:
 * normalizers run first, then the stages. Each area's module adds its functions to these lists.
 * Every field is reported with the `version.` prefix (`version.evaluation_spec.validators[0].key`).
 */
export type EvalStage = (ctx: RuleContext, spec: EvalSpec) => void;

/** §9.1 normalization, each area trimming and defaulting its own objects (in place, keeping sources). */
const normalizers: EvalStage[] = [
  normalizePostExecutionChecks,
];

/** §9.1 "Order inside V13", steps (1)–(12). */
const stages: EvalStage[] = [
  validatorConfigStage, // (2) config by type, code_execution/postcondition check references
  postExecutionCheckStage, // (3)
  fileTargetReferenceStage, // (4)
];

export const evaluationSpecRules: Rule = (ctx) => {
  const spec = decodeEvaluationSpec(ctx);
  for (const n of normalizers) n(ctx, spec);
  for (const s of stages) s(ctx, spec);
};
