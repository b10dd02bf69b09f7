import type { EvalStage } from "./index";
import type { EvalSpecMetricsItem } from "./spec";
import { enumValues } from "../../catalog";
import { goQuote } from "../../util/go-quote";
import { duplicateOf } from "../assets";
import { keyRegistry } from "./keys";
import { entries, text } from "./values";

const P = "version.evaluation_spec.metrics";

/**
 * §9.6, step (5) of V13, per metric: key, type, collector. Collector names are not checked against the
 * implemented list (only blank, and the one the reference rejects), so a typo there passes.
 */
export const metricRules: EvalStage = (ctx, spec) => {
  const types = enumValues("metric_type");
  const rejected = enumValues("metric_collector_rejected");
  const keys = keyRegistry(spec).metrics;
  for (const m of entries<EvalSpecMetricsItem>(ctx, spec.metrics)) {
    const p = `${P}[${m.index}]`;
    const key = text(m.item.key);
    const keySpan = m.span("key");
    if (key === "") ctx.report("metric-key-required", `${p}.key`, keySpan);
    else {
      const first = keys.declare(key, keySpan);
      if (first) ctx.report("metric-key-duplicate", `${p}.key`, keySpan, duplicateOf(first, `metric ${goQuote(key)}`));
    }
    if (!types.includes(text(m.item.type))) {
      ctx.report("metric-type-unsupported", `${p}.type`, m.span("type"), { data: { expected: types } });
    }
    const collector = text(m.item.collector);
    if (collector === "") ctx.report("metric-collector-required", `${p}.collector`, m.span("collector"));
    else if (rejected.includes(collector)) ctx.report("metric-collector-unsupported", `${p}.collector`, m.span("collector"));
  }
};
