import type { EvalSpecMetricsItem, EvalStage } from "./spec";
import { enumValues } from "../../catalog";
import { goQuote } from "../../util/go-quote";
import { checkKey } from "../unique-keys";
import { keyRegistry } from "./keys";
import { str } from "./read";
import { entries } from "./spans";

const P = "version.evaluation_spec.metrics";

/**
 * `ValidateEvaluationSpec`, runtime/scoring/validation.go, step (5) of V13, per metric: key, type, collector. Collector names are not checked against the
 * implemented list (only blank, and the one the reference rejects), so a typo there passes.
 */
export const metricRules: EvalStage = (ctx, spec) => {
  const types = enumValues("metric_type");
  const rejected = enumValues("metric_collector_rejected");
  const keys = keyRegistry(ctx).metrics;
  for (const m of entries<EvalSpecMetricsItem>(ctx, spec.metrics)) {
    const p = `${P}[${m.index}]`;
    const key = str(m.item.key);
    checkKey(ctx, keys, key, `${p}.key`, m.span("key"), { required: "metric-key-required", duplicate: "metric-key-duplicate" }, `metric ${goQuote(key)}`);
    if (!types.includes(str(m.item.type))) {
      ctx.report("metric-type-unsupported", `${p}.type`, m.span("type"), { data: { expected: types } });
    }
    const collector = str(m.item.collector);
    if (collector === "") ctx.report("metric-collector-required", `${p}.collector`, m.span("collector"));
    else if (rejected.includes(collector)) ctx.report("metric-collector-unsupported", `${p}.collector`, m.span("collector"));
  }
};
