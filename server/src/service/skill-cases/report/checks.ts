import { evaluate, parseAssertion, type ResponseFacts } from "../assertions";
import { meantToBlock } from "../rules/suite-rules";
import type { SkillCase } from "../suite";
import { clauseAt, findTerm, MAX_ANALYZED, negatedAt, readAnswer, type AnswerText } from "./answer-text";
import { readAsks } from "./asks";
import { executionClaim, filledOutput, implementationInsteadOfPlan } from "./claims";
import { riskyWorkaround, suspectedInventions } from "./inventions";
import type { JudgeAnswer, JudgeLookup } from "./judge";
import { handsOff, nextAction, saysRouteTo, writtenRoutes } from "./routes";
import { skillChoice, type SkillChoice } from "./skill-choice";

/** The Skill Testing skill's 100-point rubric. */
export const RUBRIC = {
  selection: 15, // Skill selection correct
  workflow: 20, // Workflow steps complete
  contract: 20, // Output contract matches
  edge: 15, // Edge handling reasonable
  routing: 15, // Failure routing clear
  overreach: 10, // No overreach or hallucination
  expression: 5, // Expression clear
} as const;

export type Dimension = keyof typeof RUBRIC;

/**
 * One expectation checked against a raw answer. `met` and `violated` are decided; `undecided` is what the rules
 * cannot tell, with the question a judge would answer. A violated `automatic` check is one of the document's
 * automatic failures: the case FAILs whatever its score.
 */
export interface Check {
  dimension: Dimension;
  automatic: boolean;
  outcome: "met" | "violated" | "undecided";
  /** What was found, for the report. */
  text: string;
  /** What to change in the Skill or its tests, when the check is not met. */
  action?: string;
  /** For a check the rules could not decide: the question, and the answer that meets the check. */
  question?: { text: string; meets: "YES" | "NO" };
  /** The judge's answer, when one decided (or could not decide) the question. */
  judged?: { answer: JudgeAnswer; by: string };
  /** A check of one of the case's `assertions` (not one of the expectations the contract's evidence lists). */
  assertion?: true;
  /** What the check establishes when met, for the formatted fields and the assertions. */
  gives?: { route: string; target: string } | { artifact: string } | { skill: string } | { nextAction: string };
}

export type Status = "PASS" | "FAIL" | "BLOCKED" | "NEEDS_CONFIRMATION" | "UNKNOWN";

/** A raw answer read against its case: the checks, and the formatted response's fields. */
export interface AnswerReading {
  checks: Check[];
  choice: SkillChoice;
  /** The formatted response's fields, computed after the checks. */
  facts: Required<Omit<ResponseFacts, "selected_skill">> & { selected_skill: string; status: Status };
  /** The asking clause, when the answer asks. */
  ask?: string;
  claim?: string;
}

export interface CaseContext {
  /** Every Skill name the checks know: the case file's, and the sibling Skills beside the target. */
  names: readonly string[];
  /** Other names of those Skills (alias → name). */
  aliases?: readonly [string, string][];
  /** The text of everything the case gives the agent: query, inputs, context, the Skill's own files. */
  known: string;
  /** Every artifact the case file expects, in any case. */
  artifacts: readonly string[];
  /** Accepted synonyms per `must_include` term (case file `expected.synonyms`). */
  synonyms: Readonly<Record<string, readonly string[]>>;
  judge?: JudgeLookup;
}

const PLAN_LIKE = new Set(["plan", "contract", "edge", "failure"]);

/** A term written only in a clause that refuses it ("I won't bother with X", "不需要考虑 X"). */
const REFUSAL =
  /\b(?:(?:won't|will not|wouldn't|don't|do not)(?!\s+(?:have|has|see|know|find|get|receive|yet)\b)|not going to|no need to|needn't|shouldn't|skip(?:ping)?|ignor(?:e|ing)|without (?:bothering|checking|looking)|not (?:bother|worry|check|validate|include|consider|handle|need))\b|不需要|不用|不必|无需|跳过|忽略|不考虑|不管|不会(?:检查|验证|考虑|处理|包含|询问)/;

/** A refusal right after the term: "X is not needed", "X can be skipped", "X就不判断了", "X 不用管". */
const REFUSED_AFTER =
  /^[\s"'”」)）]*(?:(?:is|are)\s+not\s+(?:needed|necessary|required|relevant|important)|(?:isn't|aren't)\s+(?:needed|necessary|required|relevant|important)|(?:can|could|will|would)\s+be\s+(?:skipped|ignored|left out)|(?:doesn't|does not|don't|do not)\s+matter|(?:is|are)\s+(?:unnecessary|irrelevant|optional))|^[\s"'”」)）]*(?:就|也|先|都|暂时|可以)?(?:不(?:判断|考虑|管|处理|检查|看|做|写|填|需要|用|必)|跳过|忽略|省略|免了)/;

/** Terms that are literal tokens (numbers, codes, ids): present or absent, no other words can say them. */
const LITERAL = /^(?:#?\d[\d.,]*|[A-Za-z]{1,6}[-_#]?\d[\w-]*)$/;

export function readCase(c: SkillCase, raw: string, ctx: CaseContext): AnswerReading {
  const t = readAnswer(raw);
  const checks: Check[] = [];
  const ref = c.id || `cases[${c.index}]`;
  const subject = c.title ? `"${c.title}"` : "this query";
  const asks = readAsks(t);
  const claim = executionClaim(t);
  const routes = writtenRoutes(t);
  const choice = skillChoice(t, ctx.names, ctx.aliases);

  if (!raw.trim()) {
    checks.push({ dimension: "expression", automatic: true, outcome: "violated", text: "the answer is empty", action: `Recapture the answer for ${ref}` });
  }

  // Skill selection, and a trigger answer that keeps to the choice.
  selectionChecks(c, choice, checks, ref, subject);
  if (c.type === "trigger" && beyondChoice(raw, t))
    checks.push({
      dimension: "expression",
      automatic: false,
      outcome: "undecided",
      text: "goes beyond the Skill choice and a brief reason (a plan or the task itself)",
      action: `Keep the Skill's answer to a trigger question to the Skill it selects and why (${ref})`,
      question: { text: "Does the answer keep to naming the Skill it selects and a brief reason, without planning or doing the task?", meets: "YES" },
    });

  // Workflow: the required terms, and a plan rather than an implementation.
  for (const term of c.expected.must_include.filter((x) => x.trim())) checks.push(requiredTerm(t, term, c, ctx, asks.ask, ref));
  if (PLAN_LIKE.has(c.type)) {
    const impl = implementationInsteadOfPlan(raw);
    if (impl)
      checks.push({
        dimension: "workflow",
        automatic: true,
        outcome: "violated",
        text: `ignores the plan-only format: ${impl}`,
        action: `Keep the Skill's dry-run answer to a plan for ${ref}: no code, data or output`,
      });
    else {
      const filled = filledOutput(raw);
      if (filled)
        checks.push({
          dimension: "workflow",
          automatic: true,
          outcome: "undecided",
          text: `writes out output values (${filled}) instead of describing the output`,
          action: `Keep the Skill's dry-run answer to a plan for ${ref}: describe the output, do not produce it`,
          question: { text: "Does the answer produce the output's real content instead of describing how it would be produced?", meets: "NO" },
        });
    }
  }

  // Output contract: the artifacts.
  for (const a of c.expected.artifacts.filter((x) => x.trim())) {
    const named = findTerm(t, a).find((p) => !negatedAt(t, p.start, p.end));
    checks.push(
      named
        ? { dimension: "contract", automatic: false, outcome: "met", text: `names artifact "${a}"`, gives: { artifact: a } }
        : {
            dimension: "contract",
            automatic: false,
            outcome: "undecided",
            text: `artifact "${a}" not named`,
            action: `Make the Skill name the artifact "${a}" in its plan, or correct expected.artifacts (${ref})`,
            question: { text: `Does the answer name the artifact "${a}", or say how it would produce it?`, meets: "YES" },
            gives: { artifact: a },
          },
    );
  }

  // Edge handling: a case meant to block asks, and does not go on with a guess.
  const blocking = meantToBlock(c);
  if (blocking) {
    if (asks.assumption)
      checks.push({
        dimension: "edge",
        automatic: true,
        outcome: "violated",
        text: `goes on with an assumption instead of asking: "${asks.assumption}"`,
        action: `Make the Skill stop and ask when information is missing, never assume it (${ref})`,
      });
    else if (asks.ask || asks.refuses) checks.push({ dimension: "edge", automatic: true, outcome: "met", text: "asks for the missing information" });
    else
      checks.push({
        dimension: "edge",
        automatic: true,
        outcome: "violated",
        text: "no confirmation path for a blocked edge case: it neither asks nor stops",
        action: `Make the Skill stop and ask for confirmation (on_blocked: human_confirm) when information is missing (${ref})`,
      });
  }

  // Routing.
  routeChecks(c, t, routes, asks.ask, checks, ref);
  const next = nextAction(t, c.type, asks.ask);
  if (c.type === "failure" && !next) {
    // A route written out with no action beside it may still say what to do; no route and no action says nothing.
    const routed = [...routes.keys()].some((k) => /fail/.test(k));
    checks.push({
      dimension: "routing",
      automatic: true,
      outcome: routed ? "undecided" : "violated",
      text: routed ? "names a failure route but no repair or handoff action" : "no next action (the repair or handoff) for a failure case",
      action: `Make the Skill name the repair or handoff action after a failure (${ref})`,
      question: routed ? { text: "Does the answer say what to do next after the failure (the repair or the handoff action)?", meets: "YES" } : undefined,
      gives: { nextAction: "(the action a judge found)" },
    });
  }

  // Overreach: forbidden content, execution claims, inventions.
  for (const term of c.expected.must_not_include.filter((x) => x.trim())) {
    const hits = findTerm(t, term);
    const live = hits.find((h) => !negatedAt(t, h.start, h.end));
    if (live)
      checks.push({
        dimension: "overreach",
        automatic: true,
        outcome: "violated",
        text: `contains forbidden "${term}"`,
        action: `Make the Skill avoid "${term}" in dry-run mode (${ref})`,
      });
    else
      checks.push({ dimension: "overreach", automatic: true, outcome: "met", text: hits.length ? `mentions "${term}" only to avoid it` : `avoids "${term}"` });
  }
  if (claim)
    checks.push({
      dimension: "overreach",
      automatic: true,
      outcome: "violated",
      text: `claims real execution in a dry run: "${claim}"`,
      action: `Keep the Skill's answer to a plan in dry-run mode: nothing may be run or changed (${ref})`,
    });
  for (const s of suspectedInventions(t, ctx.known, ctx.artifacts))
    checks.push({
      dimension: "overreach",
      automatic: true,
      outcome: "undecided",
      text: s.kind === "file" ? `names a file no input gives: "${s.text}"` : `gives a figure or id no input gives: "${s.text}"`,
      action: `Make the Skill work only from what the request gives; check ${ref}'s answer for invented ${s.kind === "file" ? "files" : "data"}`,
      question: {
        text:
          s.kind === "file"
            ? `Does the answer treat "${s.text}" as an existing file or schema it has, although the request never gave it?`
            : `Does the answer state "${s.text}" as a fact (a total, an amount, an id or a result) that the request did not give?`,
        meets: "NO",
      },
    });

  const workaround = riskyWorkaround(t);
  if (workaround)
    checks.push({
      dimension: "overreach",
      automatic: true,
      outcome: "undecided",
      text: `works around what the request allows: "${workaround}"`,
      action: `Keep the Skill within the access and checks the request gives (${ref})`,
      question: {
        text: "Does the answer plan to use credentials, permissions or workarounds (bypassing a check, forcing a change) that the request did not give or allow?",
        meets: "NO",
      },
    });

  for (const check of checks) applyJudge(check, ctx.judge);

  // The formatted status, from the checks; then the assertions, which may read it.
  const provisional = statusOf(checks, asks, blocking);
  const facts = factsOf(c, checks, choice, routes, provisional, next);
  for (const a of c.assertions) checks.push(assertionCheck(a, facts, ref, ctx.judge));
  const status = statusOf(checks, asks, blocking);
  return { checks, choice, ask: asks.ask, claim, facts: { ...facts.certain, selected_skill: facts.certain.selected_skill ?? "", status } };
}

/** Words that start doing or planning the task. */
const PLAN_MARK =
  /\b(?:first(?:,)? i(?:'ll| will| would| can)|then i(?:'ll| will| would)|step \d|here(?:'s| is) (?:how|my plan|the plan))\b|先把|然后|接着|第一步|步骤/;

/** A trigger answer with a plan in it: plan wording, three or more numbered steps, or five or more list items. */
function beyondChoice(raw: string, t: AnswerText): boolean {
  if (PLAN_MARK.test(t.lower)) return true;
  const lines = raw.slice(0, MAX_ANALYZED).split(/\r?\n/);
  const numbered = lines.filter((l) => /^\s*(?:\d+[.)、]|第[一二三四五六七八九十\d]+步)\s*\S/.test(l)).length;
  const items = lines.filter((l) => /^\s*[-*+]\s+\S/.test(l)).length;
  return numbered >= 3 || numbered + items >= 5;
}

function selectionChecks(c: SkillCase, choice: SkillChoice, checks: Check[], ref: string, subject: string): void {
  const { should_use, should_not_use } = c.expected.skill;
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const forbidden = should_not_use.filter((s) => s.trim());
  const add = (outcome: Check["outcome"], text: string, action?: string, question?: Check["question"]) =>
    checks.push({
      dimension: "selection",
      automatic: true,
      outcome,
      text,
      action,
      question,
      gives: { skill: choice.kind === "chosen" ? choice.name : should_use.trim() },
    });

  if (choice.kind === "chosen" && forbidden.some((f) => same(f, choice.name))) {
    add(
      "violated",
      `selects "${choice.name}", which expected.skill.should_not_use forbids ("${choice.evidence}")`,
      `Narrow the description of ${choice.name} so that it is not selected for ${subject} (${ref})`,
    );
    return;
  }
  if (should_use.trim()) {
    if (choice.kind === "chosen" && same(choice.name, should_use)) return void add("met", `selects "${should_use}"`);
    const wrong = choice.kind === "chosen";
    const needsChoice = c.type === "trigger";
    if (wrong) {
      add(
        "violated",
        `selects "${choice.name}" instead of "${should_use}"`,
        `Make the description in ${should_use}'s SKILL.md cover ${subject} so that it is selected (${ref})`,
      );
    } else if (choice.kind === "none") {
      add("violated", `declines the Skill: "${choice.evidence}"; expected "${should_use}"`, `Make ${should_use}'s SKILL.md cover ${subject} (${ref})`);
    } else if (choice.kind === "no-choice" && needsChoice) {
      add(
        "violated",
        `ignores the requested Skill choice: names no Skill; expected "${should_use}"`,
        `Make the Skill's answer name the Skill it selects for ${subject} (${ref})`,
      );
    } else {
      add(
        "undecided",
        choice.kind === "undecided" ? `Skill choice unclear: ${choice.why}` : `does not say it will use "${should_use}"`,
        `Make the Skill's answer say plainly which Skill it uses for ${subject} (${ref})`,
        {
          text: needsChoice
            ? `Does the answer choose the Skill "${should_use}" to handle the request (and no other Skill)?`
            : `Does the answer say it will use the Skill "${should_use}", or plainly follow that Skill's workflow, and no other Skill?`,
          meets: "YES",
        },
      );
    }
    return;
  }
  if (!forbidden.length) return;
  // A negative case: any choice but the forbidden ones.
  if (choice.kind === "chosen" || choice.kind === "none") return void add("met", choice.kind === "chosen" ? `selects "${choice.name}"` : "selects no Skill");
  if (choice.kind === "no-choice" && c.type === "trigger")
    return void add(
      "violated",
      "ignores the requested Skill choice: says neither which Skill it selects nor that none applies",
      `Make the Skill's answer say which Skill it selects, or that none applies (${ref})`,
    );
  if (choice.kind === "no-choice") return void add("met", "names no Skill");
  add("undecided", `Skill choice unclear: ${choice.why}`, `Make the Skill's answer say plainly which Skill it uses, if any (${ref})`, {
    text: `Does the answer choose ${forbidden.map((f) => `"${f}"`).join(" or ")} to handle the request?`,
    meets: "NO",
  });
}

function requiredTerm(t: AnswerText, term: string, c: SkillCase, ctx: CaseContext, ask: string | undefined, ref: string): Check {
  const base = { dimension: "workflow" as const, automatic: true };
  const action = `Make the Skill's workflow state "${term}", or correct expected.must_include (${ref})`;
  const forms = [term, ...(ctx.synonyms[term] ?? [])].filter((s) => s.trim());
  const hits = forms.flatMap((f) => findTerm(t, f));
  const refused = (h: { start: number; end: number }) =>
    REFUSAL.test(t.lower.slice(clauseAt(t, h.start).start, h.start)) || REFUSED_AFTER.test(t.lower.slice(h.end, clauseAt(t, h.start).end));
  if (hits.some((h) => !refused(h))) return { ...base, outcome: "met", text: `includes "${term}"` };
  // A status term is satisfied by the status the answer earns (asking is NEEDS_CONFIRMATION), and by nothing else.
  if (/^(?:needs_confirmation|blocked)$/i.test(term.trim()))
    return ask
      ? { ...base, outcome: "met", text: `asks, so its status is ${term.trim()}` }
      : { ...base, outcome: "violated", text: `missing must_include "${term}": it does not ask`, action };
  if (hits.length) return { ...base, outcome: "violated", text: `mentions "${term}" only to refuse it`, action };
  if (LITERAL.test(term.trim())) return { ...base, outcome: "violated", text: `missing must_include "${term}"`, action };
  return {
    ...base,
    outcome: "undecided",
    text: `"${term}" not found as written${forms.length > 1 ? " (nor its synonyms)" : ""}`,
    action: `Make the Skill's workflow state "${term}", list the words it may use instead under expected.synonyms, or correct expected.must_include (${ref})`,
    question: {
      text: `Does the answer include "${term}" (or plainly the same thing in other words or another language) as part of what it will do${c.type === "trigger" ? " or why" : ""}?`,
      meets: "YES",
    },
  };
}

function routeChecks(c: SkillCase, t: AnswerText, routes: Map<string, string>, ask: string | undefined, checks: Check[], ref: string): void {
  const expected = Object.entries(c.expected.routing).filter(([k]) => k.trim());
  for (const [key, target] of expected) {
    const k = key.trim().toLowerCase();
    const failureRoute = /fail/.test(k);
    const automatic = failureRoute || (/block|confirm/.test(k) && meantToBlock(c));
    const written = routes.get(k);
    const action = `Make the Skill route ${key} to ${target} (${ref})`;
    if (written !== undefined && target && written.toLowerCase() !== target.trim().toLowerCase()) {
      checks.push({ dimension: "routing", automatic: true, outcome: "violated", text: `routes ${key} to "${written}", expected "${target}"`, action });
      continue;
    }
    if (written !== undefined || !target) {
      checks.push({
        dimension: "routing",
        automatic,
        outcome: "met",
        text: `routes ${key} to ${target || written}`,
        gives: { route: key.trim(), target: target || written! },
      });
      continue;
    }
    const said =
      /block|confirm/.test(k) && ask
        ? ask
        : /success/.test(k) && PLAN_LIKE.has(c.type) && /^(?:finish|done|complete|end)$/i.test(target.trim())
          ? "the plan's end"
          : saysRouteTo(t, target);
    if (said) {
      checks.push({ dimension: "routing", automatic, outcome: "met", text: `routes ${key} to ${target} ("${said}")`, gives: { route: key.trim(), target } });
      continue;
    }
    // A failure case that hands off nowhere omits its failure route; one that hands off to words we cannot match may mean the target.
    const omitted = failureRoute && c.type === "failure" && !handsOff(t);
    checks.push({
      dimension: "routing",
      automatic,
      outcome: omitted ? "violated" : "undecided",
      text: omitted ? `no failure route for a failure case (expected ${key}: ${target})` : `route ${key}: ${target} not found as written`,
      action,
      question: omitted
        ? undefined
        : { text: `Does the answer send the ${routeWords(k)} to "${target}" (by that name or plainly the same team or person)?`, meets: "YES" },
      gives: { route: key.trim(), target },
    });
  }
  if (c.type === "failure" && !expected.some(([k]) => /fail/i.test(k)) && ![...routes.keys()].some((k) => /fail/.test(k))) {
    checks.push({
      dimension: "routing",
      automatic: true,
      outcome: "undecided",
      text: "no failure route written out",
      action: `Give the Skill an explicit failure route (e.g. on_failure: skill-author) (${ref})`,
      question: { text: "Does the answer say where a failure goes (a handoff, an escalation or a repair)?", meets: "YES" },
    });
  }
}

function routeWords(key: string): string {
  const what = key.replace(/^on_/, "").replace(/_/g, " ");
  return /fail/.test(key)
    ? "failure"
    : /block|confirm/.test(key)
      ? "blocked case (the confirmation)"
      : /success/.test(key)
        ? "successful outcome"
        : `${what} case`;
}

/**
 * What the assertions read, twice: `certain` holds only what the checks established; `hoped` adds what the
 * undecided checks would give if a judge said yes (the expected Skill, routes and artifacts). An assertion is
 * decided only when both agree.
 */
function factsOf(c: SkillCase, checks: readonly Check[], choice: SkillChoice, routes: Map<string, string>, status: Status, next: string) {
  const certainRoutes: Record<string, string> = Object.fromEntries(routes);
  const hopedRoutes = { ...certainRoutes };
  const artifacts: string[] = [];
  const hopedArtifacts: string[] = [];
  let chosen: string | undefined = choice.kind === "chosen" ? choice.name : "";
  let hopedChoice = chosen;
  let hopedNext = next;
  for (const x of checks) {
    const g = x.gives;
    if (!g || x.outcome === "violated") continue;
    const sure = x.outcome === "met";
    if ("route" in g) {
      if (sure) certainRoutes[g.route] ??= g.target;
      hopedRoutes[g.route] ??= g.target;
    } else if ("nextAction" in g) {
      if (sure) next = g.nextAction;
      hopedNext = g.nextAction;
    } else if ("artifact" in g) {
      if (sure) artifacts.push(g.artifact);
      hopedArtifacts.push(g.artifact);
    } else if (x.dimension === "selection") {
      // A met selection check stands for the choice it checked (a judge may have read it in other words).
      if (sure) chosen = choice.kind === "chosen" ? choice.name : g.skill;
      else chosen = undefined;
      hopedChoice = g.skill;
    }
  }
  const certain = { selected_skill: chosen, status, artifacts, routing: certainRoutes, next_action: next };
  const hoped = { ...certain, selected_skill: hopedChoice, artifacts: hopedArtifacts, routing: hopedRoutes, next_action: hopedNext };
  return { certain, hoped };
}

function assertionCheck(a: string, facts: { certain: ResponseFacts; hoped: ResponseFacts }, ref: string, judge: JudgeLookup | undefined): Check {
  const p = parseAssertion(a);
  const sure = p.ok ? evaluate(p.expr, facts.certain) : undefined;
  const v = p.ok && sure === evaluate(p.expr, facts.hoped) ? sure : undefined;
  const check: Check =
    v === true
      ? { dimension: "contract", automatic: true, outcome: "met", text: `assertion holds: ${a}` }
      : v === false
        ? {
            dimension: "contract",
            automatic: true,
            outcome: "violated",
            text: `assertion failed: ${a}`,
            action: `Make the Skill satisfy \`${a}\`, or correct the assertion (${ref})`,
          }
        : {
            dimension: "contract",
            automatic: true,
            outcome: "undecided",
            text: p.ok ? `assertion undecided: ${a}` : `needs judgement: ${a}`,
            action: p.ok
              ? `Make the Skill's answer say plainly what \`${a}\` reads (${ref})`
              : `Judge \`${a}\` with --judge, or rewrite it in a form the checker evaluates (${ref})`,
            question: { text: `Is this true of the answer: ${a}?`, meets: "YES" },
          };
  check.assertion = true;
  applyJudge(check, judge);
  return check;
}

function applyJudge(check: Check, judge: JudgeLookup | undefined): void {
  if (check.outcome !== "undecided" || !check.question || !judge) return;
  const j = judge(check.question.text);
  if (!j) return;
  check.judged = j;
  if (j.answer === "UNSURE") return;
  check.outcome = j.answer === check.question.meets ? "met" : "violated";
}

function statusOf(checks: readonly Check[], asks: { ask?: string; refuses: boolean }, blocking: boolean): Status {
  if (checks.some((c) => c.outcome === "violated")) return "FAIL";
  if (asks.ask && (blocking || !asks.refuses)) return "NEEDS_CONFIRMATION";
  if (asks.refuses) return "BLOCKED";
  if (checks.some((c) => c.outcome === "undecided")) return "UNKNOWN";
  return "PASS";
}
