import type { EvalStage } from "./spec";
import { enumValues } from "../../catalog";
import { isObj, num, str } from "./read";
import { spanIn, specSpan } from "./spans";

const P = "version.evaluation_spec";

/** `ValidateEvaluationSpec`, runtime/scoring/validation.go, step (1) of V13: name, version_number, judge_mode, the required lists, strategy, runtime_limits. */
export const topLevelRules: EvalStage = (ctx, spec) => {
  const at = (key: string) => specSpan(ctx, spec, key);
  if (str(spec.name) === "") ctx.report("eval-name-required", `${P}.name`, at("name"));
  const version = num(spec.version_number);
  if (version === undefined || version <= 0) {
    ctx.report("eval-version-number-positive", `${P}.version_number`, at("version_number"));
  }
  const judgeModes = enumValues("judge_mode");
  if (!judgeModes.includes(str(spec.judge_mode))) {
    ctx.report("eval-judge-mode-invalid", `${P}.judge_mode`, at("judge_mode"), { data: { expected: judgeModes } });
  }
  if (!Array.isArray(spec.validators) || spec.validators.length === 0) {
    ctx.report("eval-validators-empty", `${P}.validators`, at("validators"));
  }

  const scorecard = spec.scorecard;
  const inScorecard = (key: string) => spanIn(ctx, scorecard, key, () => at("scorecard"));
  const dimensions = isObj(scorecard) ? scorecard.dimensions : undefined;
  if (!Array.isArray(dimensions) || dimensions.length === 0) {
    ctx.report("eval-dimensions-empty", `${P}.scorecard.dimensions`, inScorecard("dimensions"));
  }
  // An empty strategy means weighted.
  const strategy = isObj(scorecard) ? str(scorecard.strategy) : "";
  const strategies = enumValues("scoring_strategy");
  if (strategy !== "" && !strategies.includes(strategy)) {
    ctx.report("eval-strategy-invalid", `${P}.scorecard.strategy`, inScorecard("strategy"), { data: { expected: strategies } });
  }

  const limits = spec.runtime_limits;
  if (!isObj(limits)) return;
  const limit = (key: keyof typeof limits, code: string, bad: (v: number) => boolean) => {
    const v = num(limits[key]);
    if (v !== undefined && bad(v)) ctx.report(code, `${P}.runtime_limits.${key}`, ctx.at.value(limits, key));
  };
  limit("max_total_tokens", "eval-max-total-tokens-positive", (v) => v <= 0);
  limit("max_cost_usd", "eval-max-cost-usd-positive", (v) => v <= 0);
  limit("max_duration_ms", "eval-max-duration-ms-positive", (v) => v <= 0);
  limit("max_iterations", "eval-max-iterations-range", (v) => v <= 0 || v > 1000);
};
