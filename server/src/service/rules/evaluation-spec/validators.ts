import type { RuleContext } from "../context";
import type { EvalSpecValidatorsItem, EvalStage } from "./spec";
import { enumValues } from "../../catalog";
import { goQuote } from "../../util/go-quote";
import { checkKey } from "../unique-keys";
import { isSupportedEvidenceReference } from "./evidence";
import { keyRegistry } from "./keys";
import { str } from "./read";
import { entries, Entry } from "./spans";

const P = "version.evaluation_spec.validators";
const FILE = "file:";

/**
 * `ValidateEvaluationSpec`, runtime/scoring/validation.go, step (2) of V13, per validator: key, type, target, expected_from, file prefix. Config by type
 * (`ValidateEvaluationSpec` and the per-type config checks, runtime/scoring/*_validators.go, tool_call_assertion.go, postcondition.go, code_execution.go) and the post_execution_checks that targets reference are stages of validator-config.ts and
 * post-execution-checks.ts.
 */
export const validatorRules: EvalStage = (ctx, spec) => {
  const types = enumValues("validator_type");
  const keys = keyRegistry(ctx).validators;
  for (const v of entries<EvalSpecValidatorsItem>(ctx, spec.validators)) {
    const p = `${P}[${v.index}]`;
    const key = str(v.item.key);
    checkKey(
      ctx,
      keys,
      key,
      `${p}.key`,
      v.span("key"),
      { required: "validator-key-required", duplicate: "validator-key-duplicate" },
      `validator ${goQuote(key)}`,
    );
    const type = str(v.item.type);
    if (!types.includes(type)) {
      ctx.report("validator-type-unsupported", `${p}.type`, v.span("type"), { data: { expected: types } });
    }
    checkTarget(ctx, v, type);
    checkExpectedFrom(ctx, v, type);
  }
};

function checkTarget(ctx: RuleContext, v: Entry<EvalSpecValidatorsItem>, type: string): void {
  const p = `${P}[${v.index}].target`;
  const target = str(v.item.target);
  const span = v.span("target");
  if (target === "") ctx.report("validator-target-required", p, span);
  else if (type === "tool_call_assertion") {
    if (target !== "tool_calls") ctx.report("validator-target-tool-calls-required", p, span);
  } else if (!isSupportedEvidenceReference(target)) ctx.report("validator-target-unsupported-reference", p, span);
  if (enumValues("file_validator_types").includes(type) && target !== "" && !target.startsWith(FILE)) {
    ctx.report("validator-file-target-prefix", p, span);
  }
}

function checkExpectedFrom(ctx: RuleContext, v: Entry<EvalSpecValidatorsItem>, type: string): void {
  const p = `${P}[${v.index}].expected_from`;
  const expected = str(v.item.expected_from);
  const span = v.span("expected_from");
  // Unknown types count as needing expected_from, as in the reference.
  if (!enumValues("validator_types_not_requiring_expected_from").includes(type)) {
    if (expected === "") ctx.report("validator-expected-from-required", p, span);
    else if (!isSupportedEvidenceReference(expected)) ctx.report("validator-expected-from-unsupported-reference", p, span);
  } else if (enumValues("validator_types_forbidding_expected_from").includes(type) && expected !== "") {
    ctx.report("validator-expected-from-forbidden", p, span, { fill: { type } });
  }
}
