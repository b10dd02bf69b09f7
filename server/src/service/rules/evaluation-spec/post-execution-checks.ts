import type { RuleContext } from "../context";
import { checkKey, FirstSeen } from "../unique-keys";
import { enumValues } from "../../catalog";
import { goQuote, goTrim } from "../../util/go-quote";
import type { EvalSpecPostExecutionChecksItem, EvalSpecValidatorsItem, EvalStage } from "./spec";
import { str } from "./read";

/** `ValidateEvaluationSpec`, runtime/scoring/validation.go: the scoring validator trims post_execution_checks[].key and .path. */
export const normalizePostExecutionChecks: EvalStage = (_ctx, spec) => {
  for (const check of spec.post_execution_checks ?? []) {
    if (typeof check.key === "string") check.key = goTrim(check.key);
    if (typeof check.path === "string") check.path = goTrim(check.path);
  }
};

/** `ValidateEvaluationSpec`, runtime/scoring/validation.go, step (3) of V13: each post_execution_check, after every per-validator error. */
export const postExecutionCheckStage: EvalStage = (ctx, spec) => {
  const types = enumValues("post_execution_check_type");
  const seen = new FirstSeen();
  (spec.post_execution_checks ?? []).forEach((check, i) => {
    const path = `version.evaluation_spec.post_execution_checks[${i}]`;
    const key = str(check.key);
    checkKey(
      ctx,
      seen,
      key,
      `${path}.key`,
      ctx.at.value(check, "key"),
      { required: "pec-key-required", duplicate: "pec-key-duplicate" },
      `post_execution_check ${goQuote(key)}`,
    );
    if (!types.includes(str(check.type))) {
      ctx.report("pec-type-invalid", `${path}.type`, ctx.at.value(check, "type"), { data: { expected: types } });
    }
    if (goTrim(str(check.path)) === "") ctx.report("pec-path-required", `${path}.path`, ctx.at.value(check, "path"));
    if (typeof check.max_size_bytes === "number" && check.max_size_bytes < 0) {
      ctx.report("pec-max-size-negative", `${path}.max_size_bytes`, ctx.at.value(check, "max_size_bytes"));
    }
  });
};

/**
 * Step (4) of V13: a second pass over validators (any type) checking `file:` targets against the declared
 * check keys, once at least one check has a key. The reference repeats here the error a code_execution
 * validator already got for the same unknown key; we report it once.
 */
export const fileTargetReferenceStage: EvalStage = (ctx, spec) => {
  const checks = spec.post_execution_checks ?? [];
  const keys = new Set(checks.map((c) => goTrim(str(c.key))).filter((k) => k !== ""));
  if (keys.size === 0) return;
  (spec.validators ?? []).forEach((v, i) => {
    const target = validatorTarget(v);
    if (!target.startsWith("file:")) return;
    const ref = target.slice("file:".length);
    if (keys.has(ref)) return;
    if (v.type === "code_execution" && !findCheck(checks, ref)) return; // already reported by the per-validator pass
    reportUnknownCheck(ctx, "validator-file-target-check-unknown", v, i, ref);
  });
};

/** A validator's target as the reference compares it (trimmed by its normalization). */
export function validatorTarget(v: EvalSpecValidatorsItem): string {
  return goTrim(str(v.target));
}

/** The reference's findPostExecutionCheck: the first check whose (trimmed) key equals ref, blank keys included. */
export function findCheck(checks: readonly EvalSpecPostExecutionChecksItem[], ref: string): EvalSpecPostExecutionChecksItem | undefined {
  return checks.find((c) => goTrim(str(c.key)) === ref);
}

export function reportUnknownCheck(ctx: RuleContext, code: string, v: EvalSpecValidatorsItem, i: number, ref: string): void {
  ctx.report(code, `version.evaluation_spec.validators[${i}].target`, ctx.nameSpan(ctx.at.value(v, "target"), ref), {
    fill: { ref },
    data: { kind: "check", name: ref },
  });
}
