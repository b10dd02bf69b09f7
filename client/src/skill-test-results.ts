import type { SkillProgressEvent } from "../../shared/src";

export type CaseEvent = Extract<SkillProgressEvent, { event: "case" }>;
export type ReportEvent = Extract<SkillProgressEvent, { event: "report" }>;

const EVENTS = new Set(["start", "answered", "judge", "case", "report"]);

/**
 * The events of `packlint skill run --progress`, from its standard output in chunks as they arrive: one JSON object a
 * line. A line that is not an event (which the CLI never writes) is kept in `other`, for the run's output.
 */
export class ProgressReader {
  private rest = "";
  readonly other: string[] = [];

  push(chunk: string): SkillProgressEvent[] {
    const lines = (this.rest + chunk).split("\n");
    this.rest = lines.pop()!;
    return lines.flatMap((line) => this.parse(line));
  }

  /** What is left once the output ended (a last line without its newline). */
  end(): SkillProgressEvent[] {
    const last = this.rest;
    this.rest = "";
    return last ? this.parse(last) : [];
  }

  private parse(line: string): SkillProgressEvent[] {
    if (!line.trim()) return [];
    try {
      const e = JSON.parse(line) as SkillProgressEvent;
      if (e !== null && typeof e === "object" && EVENTS.has(e.event)) return [e];
    } catch {
      // not an event
    }
    this.other.push(line);
    return [];
  }
}

/** How the Test Explorer marks a case: passed only on PASS; no answer captured is an error, not a verdict on the Skill. */
export function caseState(e: CaseEvent): "passed" | "failed" | "errored" {
  if (e.errors.length) return "errored";
  return e.result === "PASS" ? "passed" : "failed";
}

/** A case's result as its test message: the result and score, then each finding with what to change. */
export function caseMessage(e: CaseEvent): string {
  const head =
    caseState(e) === "errored"
      ? `${e.id}: no answer captured: ${e.errors.join("; ")}`
      : `${e.id}: ${e.result}, score ${e.score}/100${e.result === "REVIEW" ? " (needs review: a judge or a person decides what the rules could not)" : ""}`;
  const findings = e.findings.filter((f) => f.kind !== "note" || e.findings.length === 1);
  const lines = findings.map((f) => `- ${f.kind === "failure" ? "" : f.kind + ": "}${f.text}${f.action ? ` (fix: ${f.action})` : ""}`);
  if (!lines.length && e.summary) lines.push(`- ${e.summary}`);
  if (e.runs && e.runs.length > 1) lines.push(`- runs: ${e.runs.join(", ")}`);
  return [head, ...lines].join("\n");
}

/** The one-line summary of a finished report. */
export function reportSummary(skill: string, r: ReportEvent): string {
  return `Skill test of ${skill}: ${r.overall}, ${r.passed} passed, ${r.review} to review, ${r.failed} failed.`;
}
