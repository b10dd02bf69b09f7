import type { RuleContext } from "../context";
import type { EvalSpec } from "./spec";

/**
 * The evaluation_spec as data for the V13 stages. Lenient for now: the YAML-decoded map as written.
 * (The reference's strict JSON decode, with unknown-field and type errors and case-insensitive keys, goes here.)
 */
export function decodeEvaluationSpec(ctx: RuleContext): EvalSpec {
  return (ctx.bundle.version.evaluation_spec ?? {}) as EvalSpec;
}
