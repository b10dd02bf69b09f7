import { evaluate, parseAssertion, sameArtifact } from "../assertions";
import { hasBlockedRoute, hasFailureRoute, meantToBlock } from "../rules/suite-rules";
import type { SkillCase } from "../suite";
import { executionClaim, negated, occurrences } from "./cues";
import type { ParsedResponse } from "./response";

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
export type Result = "PASS" | "REVIEW" | "FAIL";

/**
 * What a check found. A `failure` is an automatic failure (the case FAILs whatever its score); a `deduction` costs
 * points; `judgement` is something only a reviewer can decide (the case is at best REVIEW); a `note` changes nothing.
 */
export interface CheckFinding {
  kind: "failure" | "deduction" | "judgement" | "note";
  text: string;
  /** What to change in the Skill or its tests. */
  action?: string;
}

export interface CaseScore {
  id: string;
  type: string;
  title: string;
  score: number;
  result: Result;
  /** Points per rubric dimension. */
  points: Record<Dimension, number>;
  findings: CheckFinding[];
  /** A one-line summary for a case without findings. */
  summary: string;
  /** The response file read, if any. */
  responsePath?: string;
}

const ci = (s: string) => s.trim().toLowerCase();

/** Scores one case against its formatted response (undefined when no response file was found). */
export function scoreCase(c: SkillCase, response: ParsedResponse | undefined, where: { path?: string; expectedPath: string }): CaseScore {
  const points: Record<Dimension, number> = { selection: 0, workflow: 0, contract: 0, edge: 0, routing: 0, overreach: 0, expression: 0 };
  const { should_use, should_not_use } = c.expected.skill;
  const summary =
    c.type !== "trigger" ? "all checks passed" : should_use ? "selected expected skill" : `did not select ${should_not_use.join(", ") || "a skill"}`;
  const base = { id: c.id, type: c.type, title: c.title, points, summary, responsePath: where.path };
  if (!response) {
    return {
      ...base,
      score: 0,
      result: "FAIL",
      findings: [
        {
          kind: "failure",
          text: `no response file (${where.expectedPath})`,
          action: `Capture a response for ${c.id || `cases[${c.index}]`} and save it as ${where.expectedPath}`,
        },
      ],
    };
  }
  const findings: CheckFinding[] = [];
  const ref = c.id || `cases[${c.index}]`;
  const text = response.searchable.toLowerCase();
  const has = (term: string) => term.trim() !== "" && text.includes(ci(term));
  const applicable = new Set<Dimension>(["selection", "overreach", "expression"]);

  // Skill selection.
  const selected = ci(response.selected_skill);
  const subject = c.title ? `"${c.title}"` : "this query";
  if (selected && should_not_use.some((s) => ci(s) === selected)) {
    findings.push({
      kind: "failure",
      text: `selected "${response.selected_skill}", which expected.skill.should_not_use forbids`,
      action: `Narrow the description of ${response.selected_skill} so that it is not selected for ${subject} (${ref})`,
    });
  } else if (should_use && selected !== ci(should_use) && !(c.type !== "trigger" && mentionsName(text, should_use))) {
    findings.push({
      kind: "failure",
      text: selected ? `selected "${response.selected_skill}" instead of "${should_use}"` : `selected no skill; expected "${should_use}"`,
      action: `Make the description in ${should_use}'s SKILL.md cover ${subject} so that it is selected (${ref})`,
    });
  } else points.selection = RUBRIC.selection;

  // Workflow steps: the must_include terms.
  const required = c.expected.must_include.filter((t) => t.trim());
  if (required.length) {
    applicable.add("workflow");
    const missing = required.filter((t) => !has(t));
    points.workflow = Math.round((RUBRIC.workflow * (required.length - missing.length)) / required.length);
    for (const t of missing)
      findings.push({
        kind: "deduction",
        text: `missing must_include "${t}"`,
        action: `Make the Skill's workflow state "${t}", or correct expected.must_include (${ref})`,
      });
  }

  // Output contract: the artifacts, named in the header or the text.
  const artifacts = c.expected.artifacts.filter((a) => a.trim());
  if (artifacts.length) {
    applicable.add("contract");
    const missing = artifacts.filter((a) => !response.artifacts.some((x) => sameArtifact(x, a)) && !has(a));
    points.contract = Math.round((RUBRIC.contract * (artifacts.length - missing.length)) / artifacts.length);
    for (const a of missing)
      findings.push({
        kind: "deduction",
        text: `artifact "${a}" not named`,
        action: `Make the Skill name the artifact "${a}" in its plan, or correct expected.artifacts (${ref})`,
      });
  }

  // Edge handling: a case meant to block needs a confirmation path.
  if (meantToBlock(c)) {
    applicable.add("edge");
    if (["BLOCKED", "NEEDS_CONFIRMATION"].includes(response.status) || hasBlockedRoute(response.routing)) points.edge = RUBRIC.edge;
    else
      findings.push({
        kind: "failure",
        text: "no confirmation path for a blocked edge case (status BLOCKED or NEEDS_CONFIRMATION, or an on_blocked route)",
        action: `Make the Skill stop and ask for confirmation (on_blocked: human_confirm) when information is missing (${ref})`,
      });
  }

  // Failure routing: the expected routes, and a failure route with a next action for failure cases.
  const routes = Object.entries(c.expected.routing);
  if (routes.length || c.type === "failure") applicable.add("routing");
  let routeCredit = 0;
  for (const [key, target] of routes) {
    const gotKey = Object.keys(response.routing).find((k) => ci(k) === ci(key));
    if (gotKey === undefined) {
      findings.push({ kind: "deduction", text: `missing route ${key}: ${target}`, action: `Make the Skill name the route ${key}: ${target} (${ref})` });
    } else if (target && ci(response.routing[gotKey]) !== ci(target)) {
      routeCredit += 0.5;
      findings.push({
        kind: "deduction",
        text: `route ${key} goes to "${response.routing[gotKey]}", expected "${target}"`,
        action: `Make the Skill route ${key} to ${target} (${ref})`,
      });
    } else routeCredit += 1;
  }
  if (routes.length) points.routing = Math.round((RUBRIC.routing * routeCredit) / routes.length);
  if (c.type === "failure") {
    const before = findings.length;
    if (!hasFailureRoute(response.routing))
      findings.push({
        kind: "failure",
        text: "no failure route for a failure case",
        action: `Give the Skill an explicit failure route (e.g. on_failure: skill-author) (${ref})`,
      });
    if (!response.next_action)
      findings.push({
        kind: "failure",
        text: "no next_action (the repair or handoff) for a failure case",
        action: `Make the Skill name the repair or handoff action after a failure (${ref})`,
      });
    if (findings.length > before) points.routing = 0;
    else if (!routes.length) points.routing = RUBRIC.routing;
  }

  // Overreach: forbidden content, and claims of having really executed something.
  let overreach = false;
  for (const term of c.expected.must_not_include.filter((t) => t.trim())) {
    const hits = occurrences(response.searchable, term);
    if (hits.length === 0) continue;
    if (hits.every((h) => negated(response.searchable, h))) {
      findings.push({ kind: "note", text: `mentions forbidden "${term}" only as something to avoid` });
    } else {
      overreach = true;
      findings.push({ kind: "failure", text: `contains forbidden "${term}"`, action: `Make the Skill avoid "${term}" in dry-run mode (${ref})` });
    }
  }
  const claim = executionClaim(response.searchable);
  if (claim) {
    overreach = true;
    findings.push({
      kind: "failure",
      text: `claims real execution in a dry run: "${claim}"`,
      action: `Keep the Skill's answer to a plan in dry-run mode: nothing may be run or changed (${ref})`,
    });
  }
  if (!overreach) points.overreach = RUBRIC.overreach;

  // Expression: a well-formed response whose status could be judged.
  if (!response.formatted) {
    findings.push({
      kind: "deduction",
      text: "not in the response contract format (no selected_skill:/status: header)",
      action: `Format the response for ${ref} into the response contract (selected_skill:, status:, artifacts:, routing:, next_action:)`,
    });
  } else if (response.status === "UNKNOWN" || response.status === "") {
    findings.push({
      kind: "deduction",
      text: "status UNKNOWN: the response was too ambiguous to judge",
      action: `Recapture or reformat the response for ${ref}: its status is UNKNOWN`,
    });
  } else points.expression = RUBRIC.expression;
  if (response.status === "FAIL") {
    findings.push({ kind: "failure", text: "the formatted response's status is FAIL", action: `Review ${ref}: its formatted response is marked FAIL` });
  }

  // Assertions the checker can evaluate decide; the others wait for a reviewer.
  for (const a of c.assertions) {
    const p = parseAssertion(a);
    const v = p.ok ? evaluate(p.expr, response) : undefined;
    if (v === false)
      findings.push({ kind: "failure", text: `assertion failed: ${a}`, action: `Make the Skill satisfy \`${a}\`, or correct the assertion (${ref})` });
    else if (v === undefined)
      findings.push({
        kind: "judgement",
        text: `needs judgement: ${a}`,
        action: `Judge \`${a}\` by hand, or rewrite it in a form the checker evaluates (${ref})`,
      });
  }

  // A dimension that does not apply scores by whether the response stayed within the case's responsibility.
  const failed = findings.some((f) => f.kind === "failure");
  for (const d of Object.keys(RUBRIC) as Dimension[]) if (!applicable.has(d)) points[d] = failed ? 0 : RUBRIC[d];

  const score = Object.values(points).reduce((a, b) => a + b, 0);
  let result: Result = failed || score < 70 ? "FAIL" : score < 85 ? "REVIEW" : "PASS";
  if (result === "PASS" && findings.some((f) => f.kind === "judgement")) result = "REVIEW";
  return { ...base, score, result, findings };
}

function mentionsName(text: string, name: string): boolean {
  const n = ci(name);
  let at = text.indexOf(n);
  while (at >= 0) {
    const before = text[at - 1] ?? " ";
    const after = text[at + n.length] ?? " ";
    if (!/[a-z0-9_-]/.test(before) && !/[a-z0-9_-]/.test(after)) return true;
    at = text.indexOf(n, at + 1);
  }
  return false;
}
