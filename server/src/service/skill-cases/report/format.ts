import type { SkillCase } from "../suite";
import type { AnswerReading, Check, Status } from "./checks";

/**
 * The Response Formatting Contract of the Skill Testing skill: a raw dry-run answer normalized into the header and
 * sections the scorer reads. Every field comes from the checks run on the raw answer (so the `status` is computed
 * after them and FAIL when any check failed); nothing is invented, and the raw answer is kept verbatim, last.
 */

export type { Status };

export interface FormattedFields {
  selected_skill: string;
  status: Status;
  artifacts: string[];
  routing: [string, string][];
  next_action: string;
  summary: string;
  plan: string[];
  evidence: { must_include: string; must_not_include: string; artifacts: string; routing: string };
}

/** The formatted response file for one case's raw answer, read as `reading`. */
export function formatResponse(raw: string, c: SkillCase, reading: AnswerReading): string {
  return renderResponse(fieldsOf(raw, c, reading), raw);
}

export function fieldsOf(raw: string, c: SkillCase, reading: AnswerReading): FormattedFields {
  const text = raw
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .replace(/\*\*|__/g, "");
  const { facts, checks } = reading;
  const evidence = (dimension: Check["dimension"], none: string) =>
    checks
      .filter((x) => x.dimension === dimension && !x.assertion)
      .map((x) => `${x.outcome === "met" ? "" : x.outcome === "violated" ? "violation: " : "undecided: "}${x.text}`)
      .join("; ") || none;
  const decision =
    c.type !== "trigger"
      ? []
      : [
          facts.selected_skill
            ? `Selected skill: ${facts.selected_skill}.`
            : reading.choice.kind === "none"
              ? "Selected skill: none."
              : "Selected skill: unclear.",
        ];
  return {
    selected_skill: facts.selected_skill,
    status: facts.status,
    artifacts: facts.artifacts,
    routing: Object.entries(facts.routing),
    next_action: facts.next_action,
    summary: joinSentences(sentences(text).slice(0, 2)),
    plan: decision.concat(planSteps(text)),
    evidence: {
      must_include: evidence("workflow", "(none required)"),
      must_not_include: [evidence("overreach", ""), reading.claim ? "" : "no execution claimed"].filter(Boolean).join("; "),
      artifacts: evidence("contract", "none required"),
      routing: evidence("routing", "none required"),
    },
  };
}

export function renderResponse(f: FormattedFields, raw: string): string {
  const plan = f.plan.map((s, i) => `${i + 1}. ${s}`);
  const lines = [
    `selected_skill:${f.selected_skill ? " " + f.selected_skill : ""}`,
    `status: ${f.status}`,
    "artifacts:",
    ...f.artifacts.map((a) => `- ${a}`),
    "routing:",
    ...f.routing.map(([k, v]) => `- ${k}: ${v}`),
    `next_action:${f.next_action ? " " + f.next_action : ""}`,
    "",
    "## Summary",
    ...(f.summary ? [f.summary] : []),
    "",
    "## Plan Or Decision",
    ...plan,
    "",
    "## Contract Evidence",
    `- must_include: ${f.evidence.must_include}`,
    `- must_not_include: ${f.evidence.must_not_include}`,
    `- artifacts: ${f.evidence.artifacts}`,
    `- routing: ${f.evidence.routing}`,
    "",
    "## Raw Response",
  ];
  const body = raw.replace(/^\uFEFF/, "");
  return lines.join("\n") + "\n" + body + (body === "" || body.endsWith("\n") ? "" : "\n");
}

/** The answer's sentences, list markers and heading marks dropped, whitespace collapsed. */
function sentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const l = stripMarker(line);
    if (!l) continue;
    for (const s of l.split(/(?<=[.!?])\s+(?=[^\sa-z])|(?<=[。！？])/u)) if (s.trim()) out.push(s.trim());
    if (out.length > 200) break;
  }
  return out;
}

/** Sentences joined as written: a space after Latin punctuation, none after Chinese. */
function joinSentences(list: string[]): string {
  return list.reduce((acc, s) => (acc === "" ? s : /[。！？]$/.test(acc) ? acc + s : `${acc} ${s}`), "");
}

function stripMarker(line: string): string {
  return line
    .replace(/^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+|\(\d+\)\s*)/, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The plan's steps in the answer's order: its list items when there are at least two, else its sentences. */
function planSteps(text: string): string[] {
  const items = text
    .split("\n")
    .filter((l) => /^\s*(?:[-*+]\s+|\d+[.)]\s+|\(\d+\)\s*)\S/.test(l))
    .map(stripMarker);
  return (items.length >= 2 ? items : sentences(text)).slice(0, 50);
}
