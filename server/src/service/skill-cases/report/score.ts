import type { SkillCase } from "../suite";
import { RUBRIC, type AnswerReading, type Check, type Dimension, type Status } from "./checks";

export { RUBRIC, type Dimension } from "./checks";
export type Result = "PASS" | "REVIEW" | "FAIL";

/**
 * What the report says of a check. A `failure` is an automatic failure (the case FAILs whatever its score); a
 * `deduction` costs points; `undecided` is what neither the rules nor a judge decided (the case is at best
 * REVIEW); a `note` changes nothing.
 */
export interface CheckFinding {
  kind: "failure" | "deduction" | "undecided" | "note";
  text: string;
  /** What to change in the Skill or its tests. */
  action?: string;
}

/** A check a judge answered. */
export interface JudgedCheck {
  question: string;
  answer: string;
  by: string;
}

export interface CaseScore {
  id: string;
  type: string;
  title: string;
  score: number;
  result: Result;
  /** The formatted response's status. */
  status: Status | "";
  /** Points per rubric dimension. */
  points: Record<Dimension, number>;
  findings: CheckFinding[];
  /** The questions a judge answered for this case. */
  judged: JudgedCheck[];
  /** A one-line summary for a case without findings. */
  summary: string;
  /** The response file read, if any. */
  responsePath?: string;
  /** Each run's result, with `--repeat`. */
  runs?: Result[];
}

const NO_POINTS = (): Record<Dimension, number> => ({ selection: 0, workflow: 0, contract: 0, edge: 0, routing: 0, overreach: 0, expression: 0 });

/** A case that could not be scored at all (no answer): a FAIL with one finding. */
export function unscored(c: SkillCase, finding: CheckFinding, responsePath?: string): CaseScore {
  return {
    id: c.id,
    type: c.type,
    title: c.title,
    score: 0,
    result: "FAIL",
    status: "",
    points: NO_POINTS(),
    findings: [finding],
    judged: [],
    summary: finding.text,
    responsePath,
  };
}

/**
 * Scores a case from its checks, on the skill's rubric and thresholds: a dimension scores the share of its checks
 * not violated (one without checks scores in full unless the case has an automatic failure); an automatic failure
 * or a score under 70 is FAIL; an undecided check, or a status of UNKNOWN, caps the case at REVIEW; 70–84 is REVIEW.
 */
export function scoreCase(c: SkillCase, reading: AnswerReading, responsePath?: string): CaseScore {
  const points = NO_POINTS();
  const failed = reading.checks.some((x) => x.automatic && x.outcome === "violated");
  for (const d of Object.keys(RUBRIC) as Dimension[]) {
    const mine = reading.checks.filter((x) => x.dimension === d);
    if (!mine.length) points[d] = failed ? 0 : RUBRIC[d];
    else points[d] = Math.round((RUBRIC[d] * mine.filter((x) => x.outcome !== "violated").length) / mine.length);
  }
  const score = Object.values(points).reduce((a, b) => a + b, 0);
  const undecided = reading.checks.some((x) => x.outcome === "undecided") || reading.facts.status === "UNKNOWN";
  const result: Result = failed || score < 70 ? "FAIL" : undecided || score < 85 ? "REVIEW" : "PASS";
  return {
    id: c.id,
    type: c.type,
    title: c.title,
    score,
    result,
    status: reading.facts.status,
    points,
    findings: reading.checks.flatMap(findingOf),
    judged: reading.checks.flatMap((x) => (x.judged && x.question ? [{ question: x.question.text, answer: x.judged.answer, by: x.judged.by }] : [])),
    summary: summaryOf(c, reading),
    responsePath,
  };
}

function findingOf(x: Check): CheckFinding[] {
  if (x.outcome === "met") return [];
  const judged = x.judged ? ` (judge: ${x.judged.answer})` : "";
  if (x.outcome === "undecided") return [{ kind: "undecided", text: `undecided: ${x.text}${judged}`, action: x.action }];
  return [{ kind: x.automatic ? "failure" : "deduction", text: `${x.text}${judged}`, action: x.action }];
}

function summaryOf(c: SkillCase, r: AnswerReading): string {
  if (c.type !== "trigger") return "all checks passed";
  return r.choice.kind === "chosen" ? `selected ${r.choice.name}` : "selected no skill";
}
