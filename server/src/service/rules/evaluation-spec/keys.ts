import type { Obj } from "./read";
import type { RuleContext } from "../context";
import { FirstSeen } from "../unique-keys";
import { CacheSlot } from "../../model/model-cache";

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

const KEY_REGISTRY = new CacheSlot<KeyRegistry>("evaluation_spec key registry");

/** The key registry of the pack's evaluation_spec, shared by every stage that validates it in one build. */
export function keyRegistry(ctx: RuleContext): KeyRegistry {
  return ctx.cache.get(KEY_REGISTRY, () => ({ validators: new FirstSeen(), metrics: new FirstSeen(), judges: new Map() }));
}
