import type { Rule } from "./context";
import { enumValues } from "../catalog";

/** V04 execution_mode and what each mode forbids (`ValidateBundle`, runtime/challengepack/validation.go; user_simulator needs are in user-simulator.ts). */
export const executionModeRules: Rule = (ctx) => {
  const b = ctx.bundle;
  const v = b.version;
  const mode = v.execution_mode;
  const modes = enumValues("execution_mode");
  if (mode !== "" && !modes.includes(mode)) {
    ctx.report("execution-mode-invalid", "version.execution_mode", ctx.at.value(v, "execution_mode"), { data: { expected: modes } });
  }
  const hasKeys = (m: object | undefined) => m !== undefined && Object.keys(m).length > 0;
  if (mode === "prompt_eval") {
    if (hasKeys(b.tools)) ctx.report("prompt-eval-tools-forbidden", "tools", ctx.at.key(b, "tools"));
    if (v.sandbox) ctx.report("prompt-eval-sandbox-forbidden", "version.sandbox", ctx.at.key(v, "sandbox"));
    if (hasKeys(v.tool_policy)) ctx.report("prompt-eval-tool-policy-forbidden", "version.tool_policy", ctx.at.key(v, "tool_policy"));
  }
  if (mode === "responses" && hasKeys(b.tools)) ctx.report("responses-tools-forbidden", "tools", ctx.at.key(b, "tools"));
};
