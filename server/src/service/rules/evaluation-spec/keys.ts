import type { EvalSpec } from "./spec";
import type { Obj } from "./read";
import { FirstSeen } from "../unique-keys";

/** A judge registered in the shared key namespace: what dimensions may reference (`ValidateEvaluationSpec`, runtime/scoring/validation_judges.go). */
export interface RegisteredJudge {
  mode: string;
  judge: Obj;
}

/**
 * Validator, metric and judge keys share one namespace (`ValidateEvaluationSpec`, runtime/scoring/validation_judges.go). As in the reference, the validator stage
 * (step 2) and the metric stage (step 5) declare their trimmed, non-blank keys here, the judge stage
 * (step 8) registers every judge whose key it accepts, and later stages (judges, dimensions) read them.
 */
export interface KeyRegistry {
  validators: FirstSeen;
  metrics: FirstSeen;
  judges: Map<string, RegisteredJudge>;
}

const registries = new WeakMap<EvalSpec, KeyRegistry>();

/** The key registry of one spec, shared by every stage that validates it. */
export function keyRegistry(spec: EvalSpec): KeyRegistry {
  let r = registries.get(spec);
  if (!r) registries.set(spec, (r = { validators: new FirstSeen(), metrics: new FirstSeen(), judges: new Map() }));
  return r;
}
