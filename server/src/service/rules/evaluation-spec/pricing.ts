import type { EvalSpecPricingModelsItem, EvalStage } from "./spec";
import { goQuote } from "../../util/go-quote";
import { duplicateOf, FirstSeen } from "../unique-keys";
import { isObj, num, str } from "./read";
import { entries } from "./spans";

const P = "version.evaluation_spec.pricing.models";
const COSTS = [
  ["input_cost_per_million_tokens", "pricing-input-cost-negative"],
  ["output_cost_per_million_tokens", "pricing-output-cost-negative"],
] as const;

/** `ValidateEvaluationSpec`, runtime/scoring/validation.go, step (7) of V13, per pricing row: both ids required, costs not negative, one row per (provider, model). */
export const pricingRules: EvalStage = (ctx, spec) => {
  if (!isObj(spec.pricing)) return;
  const seen = new FirstSeen();
  for (const row of entries<EvalSpecPricingModelsItem>(ctx, spec.pricing.models)) {
    const p = `${P}[${row.index}]`;
    const provider = str(row.item.provider_key);
    const model = str(row.item.provider_model_id);
    if (provider === "") ctx.report("pricing-provider-key-required", `${p}.provider_key`, row.span("provider_key"));
    if (model === "") ctx.report("pricing-model-id-required", `${p}.provider_model_id`, row.span("provider_model_id"));
    for (const [key, code] of COSTS) {
      const cost = num(row.item[key]);
      if (cost !== undefined && cost < 0) ctx.report(code, `${p}.${key}`, row.span(key));
    }
    if (provider === "" || model === "") continue;
    // The field is the whole row: the pair, compared exactly, identifies it.
    const first = seen.check(`${provider}\u0000${model}`, row.whole);
    if (first) ctx.report("pricing-duplicate", p, row.whole, duplicateOf(first, `price for ${goQuote(provider)} ${goQuote(model)}`));
  }
};
