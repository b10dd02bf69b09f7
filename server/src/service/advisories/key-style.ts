import type { Advisory, RuleContext } from "../rules/context";
import type { Span } from "../types";
import { CleanCases } from "../rules/clean-cases";

/**
 * Stable keys (seed: "Stable Key Rules"): case and input-set keys in lowercase kebab-case, input and expectation
 * keys in kebab- or snake_case; no dates, UUIDs, random ids or run ids, since keys must stay stable after publish.
 */
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const KEBAB_OR_SNAKE = /^[a-z0-9]+([-_][a-z0-9]+)*$/;

/** Each pattern with a cheap condition every match implies (most keys are short and skip the regexes). */
const UNSTABLE: [RegExp, string, (key: string) => boolean][] = [
  [/[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}/i, "a UUID", (k) => k.length >= 32],
  [/(^|[^0-9])(19|20)\d\d[-_.]?(0[1-9]|1[0-2])[-_.]?(0[1-9]|[12]\d|3[01])($|[^0-9])/, "a date", (k) => k.length >= 8],
  [/(^|[-_])run[-_]?[0-9a-z]*\d[0-9a-z]*($|[-_])/i, "a run id", (k) => k.length >= 4],
  [/(^|[-_])(?=[0-9a-z]*\d)(?=[0-9a-z]*[a-z])[0-9a-z]{10,}($|[-_])/i, "a random-looking id", (k) => k.length >= 10],
];

/** The kebab-case form of a key (the quick fix's new name). */
export function kebab(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function check(ctx: RuleContext, key: string, span: Span, field: string, allowSnake: boolean, kind: string): void {
  if (key === "") return;
  const style = allowSnake ? KEBAB_OR_SNAKE : KEBAB;
  if (!style.test(key)) {
    const suggestion = kebab(key);
    ctx.advise(
      "key-style",
      "hint",
      field,
      span,
      `${capital(kind)} key ${JSON.stringify(key)} should be lowercase kebab-case${allowSnake ? " (or snake_case)" : ""}: ${JSON.stringify(suggestion)}.`,
      { data: { kind, key, suggestion } },
    );
  }
  const unstable = UNSTABLE.find(([re, , possible]) => possible(key) && re.test(key));
  if (unstable) {
    ctx.advise(
      "key-unstable",
      "hint",
      field,
      span,
      `${capital(kind)} key ${JSON.stringify(key)} contains ${unstable[1]}; keys must stay stable after publish (keep ids in payload unless they are the scenario).`,
      { data: { kind, key } },
    );
  }
}

/** A case's keys are checked again only when the case changed (incremental updates keep unchanged cases). */
const caseKeys = new CleanCases();

export const keyStyleAdvisory: Advisory = (ctx) => {
  ctx.bundle.input_sets.forEach((set, i) => {
    const p = `input_sets[${i}]`;
    check(ctx, set.key, ctx.at.value(set, "key"), `${p}.key`, false, "input set");
    set.cases.forEach((c, j) =>
      caseKeys.check(ctx, c, "", () => {
        const cp = `${p}.cases[${j}]`;
        const keyField = ctx.at.has(c, "case_key") ? "case_key" : "item_key";
        if (ctx.at.has(c, keyField)) check(ctx, c.case_key, ctx.at.value(c, keyField), `${cp}.${keyField}`, false, "case");
        c.inputs.forEach((x, k) => check(ctx, x.key, ctx.at.value(x, "key"), `${cp}.inputs[${k}].key`, true, "input"));
        c.expectations.forEach((x, k) => check(ctx, x.key, ctx.at.value(x, "key"), `${cp}.expectations[${k}].key`, true, "expectation"));
      }),
    );
  });
};

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
