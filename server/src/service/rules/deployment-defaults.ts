import type { Rule } from "./context";
import { goQuote, isBlank } from "../util/go-quote";

/**
 * V12 (`ValidateBundle`, runtime/challengepack/validation.go): `version.deployment_defaults`, after normalization trimmed (and merged) its keys and values,
 * so the reference's "unique after trimming" checks cannot fire. The reference visits its maps in random
 * order; we report in document order.
 */
export const deploymentDefaultsRules: Rule = (ctx) => {
  const dd = ctx.bundle.version.deployment_defaults;
  if (!dd) return;
  const path = "version.deployment_defaults";
  const aliases = dd.aliases ?? {};
  for (const [key, selector] of Object.entries(aliases)) {
    const field = `${path}.aliases[${goQuote(key)}]`;
    if (key === "") ctx.report("deployment-alias-key-required", field, ctx.at.key(aliases, key));
    else if (isBlank(selector)) ctx.report("deployment-alias-selector-required", field, ctx.at.value(aliases, key));
  }

  const lineups = dd.lineups ?? {};
  if (Object.keys(lineups).length === 0) {
    ctx.report("deployment-lineups-empty", `${path}.lineups`, ctx.at.value(dd, "lineups"));
    return;
  }
  if (!Object.prototype.hasOwnProperty.call(lineups, "default")) {
    ctx.report("deployment-lineup-default-required", `${path}.lineups.default`, ctx.at.key(dd, "lineups"));
  }
  for (const [key, selectors] of Object.entries(lineups)) {
    const field = `${path}.lineups[${goQuote(key)}]`;
    if (key === "") {
      ctx.report("deployment-lineup-key-required", field, ctx.at.key(lineups, key));
      continue;
    }
    if (selectors.length === 0) {
      ctx.report("deployment-lineup-empty", field, ctx.at.value(lineups, key));
      continue;
    }
    selectors.forEach((s, n) => {
      if (isBlank(s)) ctx.report("deployment-lineup-selector-required", `${field}[${n}]`, ctx.at.itemOr(selectors, n, lineups, key));
    });
  }
};
