import { mentions, parseAssertion, selectedSkillClaims } from "../assertions";
import { entryAt } from "../paths";
import type { SkillCase } from "../suite";
import type { SkillRule } from "./context";

const BLOCKING = ["BLOCKED", "NEEDS_CONFIRMATION"];

/** A trigger case that expects the Skill under test to be selected. */
export function isPositiveTrigger(c: SkillCase, skillName: string): boolean {
  const use = c.expected.skill.should_use;
  return c.type === "trigger" && use !== "" && (skillName === "" || use === skillName) && !c.expected.skill.should_not_use.includes(use);
}

/** A trigger case that expects the Skill under test not to be selected. */
export function isNegativeTrigger(c: SkillCase, skillName: string): boolean {
  if (c.type !== "trigger") return false;
  const { should_use, should_not_use } = c.expected.skill;
  return should_use === "" || (skillName !== "" && (should_not_use.includes(skillName) || should_use !== skillName));
}

/** An edge case whose expectations say the response should block or ask for confirmation. */
export function meantToBlock(c: SkillCase): boolean {
  if (c.type !== "edge") return false;
  const upper = (s: string) => s.toUpperCase();
  if (c.expected.must_include.some((t) => BLOCKING.some((b) => upper(t).includes(b)))) return true;
  if (c.tags.some((t) => /^block/i.test(t))) return true;
  return c.assertions.some((a) => {
    const p = parseAssertion(a);
    return p.ok ? BLOCKING.some((b) => mentions(p.expr, b)) : BLOCKING.some((b) => upper(a).includes(b));
  });
}

export const hasFailureRoute = (routing: Record<string, string>) => Object.keys(routing).some((k) => /fail/i.test(k));
export const hasBlockedRoute = (routing: Record<string, string>) => Object.keys(routing).some((k) => /block|confirm/i.test(k));

/** The specification asks for at least one positive and one negative trigger case. */
export const triggerCoverageRule: SkillRule = (ctx) => {
  const { model, view } = ctx;
  const casesEntry = view.get(model.root, "cases");
  if (!casesEntry || view.kind(casesEntry.value) !== "seq") return;
  const name = model.suite.skill.name;
  const shown = name || "<skill-name>";
  const cases = model.suite.cases;
  if (!cases.some((c) => isPositiveTrigger(c, name))) {
    ctx.report(
      "skill-trigger-coverage",
      "warning",
      "cases",
      casesEntry.keySpan,
      `no positive trigger case: add a trigger case whose expected.skill.should_use is "${shown}"`,
      { data: { missing: "positive" } },
    );
  }
  if (!cases.some((c) => isNegativeTrigger(c, name))) {
    ctx.report(
      "skill-trigger-coverage",
      "warning",
      "cases",
      casesEntry.keySpan,
      `no negative trigger case: add a trigger case that lists "${shown}" in expected.skill.should_not_use`,
      { data: { missing: "negative" } },
    );
  }
};

/** Routes the scorer requires: a failure route for failure cases, a confirmation route for edge cases meant to block. */
export const routeRule: SkillRule = (ctx) => {
  const { model, view } = ctx;
  for (const src of model.cases) {
    const c = model.suite.cases[src.index];
    const routing = entryAt(view, src.node, "expected", "routing");
    if (!routing || view.kind(routing.value) !== "map") continue; // reported by the shape rule
    const span = routing.valueSpan ?? routing.keySpan;
    const field = `cases[${src.index}].expected.routing`;
    if (c.type === "failure" && !hasFailureRoute(c.expected.routing)) {
      ctx.report(
        "skill-failure-route-missing",
        "warning",
        field,
        span,
        "a failure case needs a failure route (e.g. on_failure: skill-author): the Skill Testing scorer fails a failure case whose response has none",
        { data: { route: "on_failure" } },
      );
    }
    if (meantToBlock(c) && !hasBlockedRoute(c.expected.routing)) {
      ctx.report(
        "skill-blocked-route-missing",
        "warning",
        field,
        span,
        "this edge case should block but has no on_blocked route (e.g. on_blocked: human_confirm): the Skill Testing scorer fails a blocked edge case without a confirmation path",
        { data: { route: "on_blocked", target: "human_confirm" } },
      );
    }
  }
};

/** A trigger case's `selected_skill` assertions agree with its expected.skill. */
export const triggerAssertionRule: SkillRule = (ctx) => {
  const { model, view } = ctx;
  for (const src of model.cases) {
    const c = model.suite.cases[src.index];
    if (c.type !== "trigger") continue;
    const { should_use, should_not_use } = c.expected.skill;
    const list = view.asSeq(view.get(src.node, "assertions")?.value);
    view.items(list).forEach((item, i) => {
      const text = view.str(item);
      if (!item || text === undefined) return;
      const p = parseAssertion(text);
      if (!p.ok) return;
      for (const claim of selectedSkillClaims(p.expr)) {
        let why: string | undefined;
        if (claim.op === "==" && should_not_use.includes(claim.value)) why = `"${claim.value}" is in expected.skill.should_not_use`;
        else if (claim.op === "==" && claim.value !== should_use) {
          why = should_use ? `expected.skill.should_use is "${should_use}"` : `expected.skill.should_use is "" (no skill should be used)`;
        } else if (claim.op === "!=" && should_use !== "" && claim.value === should_use) why = `expected.skill.should_use is "${should_use}"`;
        if (why) {
          ctx.report(
            "skill-trigger-assertion-contradiction",
            "warning",
            `cases[${src.index}].assertions[${i}]`,
            view.span(item),
            `contradicts expected.skill: ${why}`,
            { data: { should_use } },
          );
          break;
        }
      }
    });
  }
};
