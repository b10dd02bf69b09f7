import { isScalar, Node } from "yaml";
import type { Rule, RuleContext } from "./context";
import { enumValues } from "../catalog";
import { goTrim, isBlank } from "../util/go-quote";
import { resolvePlain } from "../model/scalars";

/**
 * V10 (`ValidateBundle`, runtime/challengepack/validation.go): `version.tool_policy.allowed_tool_kinds`, the only checked key (exact spelling).
 * The accepted kinds include `terminal`, which the reference's message does not list (its message names only the
 * first five kinds; the catalog's `tool_kind` enum has all six).
 */
export const toolPolicyRules: Rule = (ctx) => {
  const policy = ctx.bundle.version.tool_policy;
  if (!policy || !Object.prototype.hasOwnProperty.call(policy, "allowed_tool_kinds")) return;
  const field = "version.tool_policy.allowed_tool_kinds";
  const kinds = policy.allowed_tool_kinds;
  if (!Array.isArray(kinds)) {
    ctx.report("tool-policy-kinds-not-array", field, ctx.at.value(policy, "allowed_tool_kinds"));
    return;
  }
  const supported = enumValues("tool_kind");
  kinds.forEach((kind, i) => {
    const span = ctx.at.item(kinds, i);
    if (typeof kind !== "string" || isBlank(kind) || isTimestamp(ctx, kinds, i)) {
      ctx.report("tool-policy-kind-not-string", `${field}[${i}]`, span);
    } else if (!supported.includes(goTrim(kind).toLowerCase())) {
      ctx.report("tool-policy-kind-unsupported", `${field}[${i}]`, span, { data: { expected: supported } });
    }
  });
};

/** yaml.v3 turns a plain timestamp-like scalar in a free-form list into a time.Time, which is not a string. */
function isTimestamp(ctx: RuleContext, list: unknown[], i: number): boolean {
  const src = ctx.sources.get(list);
  const node = (src?.node as { items?: unknown[] } | null)?.items?.[src!.writtenIndex[i]] as Node | undefined;
  return isScalar(node) && node.type === "PLAIN" && !node.tag && resolvePlain(String(node.value ?? "")).tag === "!!timestamp";
}
