import type { EvalStage } from "./index";
import type { RuleContext } from "../context";
import type { EvalSpec, EvalSpecPostExecutionChecksItem, EvalSpecValidatorsItem } from "./spec";
import { enumValues } from "../../catalog";
import { goQuote, goTrim } from "../../util/go-quote";
import { duplicateOf } from "../assets";
import { isSupportedEvidenceReference } from "./evidence";
import { keyRegistry } from "./keys";
import { entries, Entry, isRecord, text } from "./values";

const P = "version.evaluation_spec.validators";
const FILE = "file:";

/**
 * §9.3, step (2) of V13, per validator: key, type, target, expected_from, file prefix, and the
 * post_execution_checks that code_execution and postcondition targets reference. (Config by type, §9.4,
 * is its own stage.)
 */
export const validatorRules: EvalStage = (ctx, spec) => {
  const types = enumValues("validator_type");
  const keys = keyRegistry(spec).validators;
  const checks = checkList(spec);
  for (const v of entries<EvalSpecValidatorsItem>(ctx, spec.validators)) {
    const p = `${P}[${v.index}]`;
    const key = text(v.item.key);
    const keySpan = v.span("key");
    if (key === "") ctx.report("validator-key-required", `${p}.key`, keySpan);
    else {
      const first = keys.declare(key, keySpan);
      if (first) ctx.report("validator-key-duplicate", `${p}.key`, keySpan, duplicateOf(first, `validator ${goQuote(key)}`));
    }
    const type = text(v.item.type);
    if (!types.includes(type)) {
      ctx.report("validator-type-unsupported", `${p}.type`, v.span("type"), { data: { expected: types } });
    }
    checkTarget(ctx, v, type);
    checkExpectedFrom(ctx, v, type);
    checkReferencedCheck(ctx, v, type, checks);
  }
};

/**
 * Step (4): once post_execution_checks are validated, a `file:` target of any validator must name a check,
 * provided at least one check has a key. A code_execution validator whose check is missing was already
 * told so in step (2) with the same field and message; the reference says it twice, we say it once.
 */
export const validatorFileReferenceRules: EvalStage = (ctx, spec) => {
  const checks = checkList(spec);
  const checkKeys = new Set(checks.map((c) => goTrim(text(c.key))).filter((k) => k !== ""));
  if (checkKeys.size === 0) return;
  for (const v of entries<EvalSpecValidatorsItem>(ctx, spec.validators)) {
    const target = text(v.item.target);
    if (!target.startsWith(FILE)) continue;
    const ref = target.slice(FILE.length);
    if (checkKeys.has(ref)) continue;
    if (text(v.item.type) === "code_execution" && findCheck(checks, ref) === undefined) continue;
    reportUnknownCheck(ctx, "validator-file-target-check-unknown", v, ref);
  }
};

function checkTarget(ctx: RuleContext, v: Entry<EvalSpecValidatorsItem>, type: string): void {
  const p = `${P}[${v.index}].target`;
  const target = text(v.item.target);
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
  const expected = text(v.item.expected_from);
  const span = v.span("expected_from");
  // Unknown types count as needing expected_from, as in the reference.
  if (!enumValues("validator_types_not_requiring_expected_from").includes(type)) {
    if (expected === "") ctx.report("validator-expected-from-required", p, span);
    else if (!isSupportedEvidenceReference(expected)) ctx.report("validator-expected-from-unsupported-reference", p, span);
  } else if (enumValues("validator_types_forbidding_expected_from").includes(type) && expected !== "") {
    ctx.report("validator-expected-from-forbidden", p, span, { message: `must be omitted for ${type} validators` });
  }
}

/** code_execution needs a file_capture check named by its target; a postcondition `file:` target needs some check. */
function checkReferencedCheck(
  ctx: RuleContext,
  v: Entry<EvalSpecValidatorsItem>,
  type: string,
  checks: EvalSpecPostExecutionChecksItem[],
): void {
  const target = text(v.item.target);
  // One leading "file:" is removed and the rest is not trimmed ("file: x" names " x"), even without the prefix.
  const ref = target.startsWith(FILE) ? target.slice(FILE.length) : target;
  if (type === "code_execution") {
    const check = findCheck(checks, ref);
    if (!check) reportUnknownCheck(ctx, "validator-code-execution-check-unknown", v, ref);
    else if (text(check.type) !== "file_capture") {
      ctx.report("validator-code-execution-check-not-file-capture", `${P}[${v.index}].target`, v.span("target"));
    }
  } else if (type === "postcondition" && target.startsWith(FILE) && checks.length === 0) {
    reportUnknownCheck(ctx, "validator-postcondition-no-checks", v, ref);
  }
}

function reportUnknownCheck(ctx: RuleContext, code: string, v: Entry<EvalSpecValidatorsItem>, ref: string): void {
  ctx.report(code, `${P}[${v.index}].target`, ctx.nameSpan(v.span("target"), ref), {
    message: `references unknown post_execution_check key ${goQuote(ref)}`,
    data: { kind: "post_execution_check", name: ref },
  });
}

/** Every post_execution_checks element, a null one as an empty check (it still counts as a check). */
function checkList(spec: EvalSpec): EvalSpecPostExecutionChecksItem[] {
  const list: unknown = spec.post_execution_checks;
  if (!Array.isArray(list)) return [];
  return list.map((c) => (isRecord(c) ? c : {}));
}

/** The first check whose trimmed key is exactly `key`. */
function findCheck(checks: EvalSpecPostExecutionChecksItem[], key: string): EvalSpecPostExecutionChecksItem | undefined {
  return checks.find((c) => goTrim(text(c.key)) === key);
}
