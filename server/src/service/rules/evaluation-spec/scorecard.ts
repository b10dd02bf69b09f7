import type { RuleContext } from "../context";
import type { EvalStage } from "./spec";
import { list, obj, Obj, SPEC, num, str } from "./read";

/** `ValidateEvaluationSpec`, runtime/scoring/validation.go: an empty scorecard.strategy is `weighted` (any other value is kept as written, untrimmed). */
export const normalizeStrategy: EvalStage = (_ctx, spec) => {
  const scorecard = obj(spec.scorecard);
  if (scorecard && (scorecard.strategy === undefined || scorecard.strategy === null || scorecard.strategy === "")) {
    scorecard.strategy = "weighted";
  }
};

/** `ValidateEvaluationSpec`, runtime/scoring/validation.go (steps 10–12): scorecard.pass_threshold, hybrid needs a gate, judge_mode versus llm_judges. */
export const scorecardRules: EvalStage = (ctx, spec) => {
  const scorecard = obj(spec.scorecard) ?? {};
  const strategy = str(scorecard.strategy);
  const strategySpan = ctx.at.value(scorecard, "strategy");
  const threshold = num(scorecard.pass_threshold);
  const thresholdField = `${SPEC}.scorecard.pass_threshold`;
  if (threshold !== undefined) {
    if (strategy === "binary") {
      ctx.report("scorecard-pass-threshold-binary", thresholdField, ctx.at.value(scorecard, "pass_threshold"), {
        related: [{ span: strategySpan, message: "the strategy is binary" }],
      });
    } else if (threshold < 0 || threshold > 1) {
      ctx.report("scorecard-pass-threshold-range", thresholdField, ctx.at.value(scorecard, "pass_threshold"));
    }
  }
  if (strategy === "hybrid" && !list(scorecard.dimensions).some((d) => obj(d)?.gate === true)) {
    ctx.report("scorecard-hybrid-requires-gate", `${SPEC}.scorecard.strategy`, strategySpan);
  }
  checkJudgeMode(ctx, spec as Obj);
};

function checkJudgeMode(ctx: RuleContext, spec: Obj): void {
  const judges = list(spec.llm_judges);
  const field = `${SPEC}.llm_judges`;
  const modeSpan = ctx.at.value(spec, "judge_mode");
  switch (spec.judge_mode) {
    case "deterministic":
      if (judges.length > 0) {
        ctx.report("judge-mode-deterministic-has-judges", field, ctx.at.key(spec, "llm_judges"), {
          related: [{ span: modeSpan, message: "judge_mode is deterministic" }],
        });
      }
      return;
    case "llm_judge":
    case "hybrid":
      // Missing judges are shown on the judge_mode that needs them, or on an empty llm_judges list.
      if (judges.length === 0) {
        const span = ctx.at.has(spec, "llm_judges") ? ctx.at.value(spec, "llm_judges") : modeSpan;
        ctx.report(spec.judge_mode === "hybrid" ? "judge-mode-hybrid-needs-judges" : "judge-mode-llm-judge-needs-judges", field, span);
      }
  }
}
