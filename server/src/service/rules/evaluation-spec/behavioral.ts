import type { EvalSpecBehavioralSignalsItem, EvalStage } from "./spec";
import { enumValues } from "../../catalog";
import { goQuote } from "../../util/go-quote";
import { duplicateOf, FirstSeen } from "../unique-keys";
import { isObj, num, str } from "./read";
import { entries, spanIn, specSpan } from "./spans";

const P = "version.evaluation_spec.behavioral.signals";

/** `ValidateEvaluationSpec`, runtime/scoring/validation.go, step (6) of V13: a present `behavioral` block (even `{}`) needs signals, each valid. */
export const behavioralRules: EvalStage = (ctx, spec) => {
  const behavioral = spec.behavioral;
  if (!isObj(behavioral)) return;
  const signals = behavioral.signals;
  if (!Array.isArray(signals) || signals.length === 0) {
    const span = spanIn(ctx, behavioral, "signals", () => specSpan(ctx, spec, "behavioral"));
    ctx.report("behavioral-signals-empty", P, span);
  }
  const keys = enumValues("behavioral_signal_key");
  const seen = new FirstSeen();
  for (const s of entries<EvalSpecBehavioralSignalsItem>(ctx, signals)) {
    const p = `${P}[${s.index}]`;
    const key = str(s.item.key);
    const keySpan = s.span("key");
    if (!keys.includes(key)) {
      ctx.report("behavioral-signal-key-invalid", `${p}.key`, keySpan, { data: { expected: keys } });
    } else {
      const first = seen.check(key, keySpan);
      if (first) ctx.report("behavioral-signal-key-duplicate", `${p}.key`, keySpan, duplicateOf(first, `signal ${goQuote(key)}`));
      if (key === "confidence_calibration") ctx.report("behavioral-signal-key-unsupported", `${p}.key`, keySpan);
    }
    // An absent weight is 0.
    if ((num(s.item.weight) ?? 0) <= 0) ctx.report("behavioral-signal-weight-positive", `${p}.weight`, s.span("weight"));
    const threshold = num(s.item.pass_threshold);
    if (s.item.gate === true && threshold === undefined) {
      ctx.report("behavioral-signal-threshold-required", `${p}.pass_threshold`, s.span("pass_threshold"));
    } else if (threshold !== undefined && (threshold < 0 || threshold > 1)) {
      ctx.report("behavioral-signal-threshold-range", `${p}.pass_threshold`, s.span("pass_threshold"));
    }
  }
};
