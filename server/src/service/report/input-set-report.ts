import type { PackModel } from "../pack-model";
import { packDiagnostics } from "../pack-model";
import { displayMessage } from "../diagnostic-text";
import type { Case, InputSet } from "../model/bundle";
import { INTENTS, Intent, intentOf } from "../advisories/input-set-intent";
import { isMap, isSeq, isScalar, type Document } from "yaml";

/**
 * The input-set report: the seed skill's "Report Back Format", per challenge — its input sets with purpose,
 * case count and intended use, each case summarized — then coverage gaps, the validation commands and whether
 * the pack is ready for scoring, and the skill to use next. Per challenge, the skill's "Coverage Review": which cases
 * cover the happy, edge, negative, ambiguous, regression and budget paths (read from each case's key, reason and input
 * set), or a gap. Pure data; `reportMarkdown` renders it.
 */
export interface InputSetReport {
  pack: string;
  challenges: ChallengeReport[];
  /** Input sets whose cases name no declared challenge (or none at all). */
  unassigned: SetReport[];
  validation: { local: string; hosted: string };
  errors: number;
  /** Each error (1-based line and column), so that a report on a broken pack says what to fix. */
  errorList: ReportedError[];
  readyForScoring: boolean;
  nextSkill: { skill: string; why: string };
}

export interface ReportedError {
  line: number;
  column: number;
  code: string;
  message: string;
}

export interface ChallengeReport {
  key: string;
  title: string;
  difficulty: string;
  inputSets: SetReport[];
  coverageGaps: string[];
  coverageReview: PathCoverage[];
}

export type CoveragePath = "happy" | "edge" | "negative" | "ambiguous" | "regression" | "budget";

/** One path of the Coverage Review: the cases (`set/case`) that cover it; none is a gap. */
export interface PathCoverage {
  path: CoveragePath;
  cases: string[];
}

export interface SetReport {
  key: string;
  purpose: string;
  caseCount: number;
  intendedUse: Intent | "unspecified";
  cases: CaseReport[];
}

export interface CaseReport {
  caseKey: string;
  payloadSummary: string;
  inputs: string[];
  expectations: string[];
  /** The case's own words: its `description`, else the comment above it; undefined is a gap ("no reason given"). */
  reason?: string;
}

const INTENT_ORDER = Object.keys(INTENTS) as Intent[];

export function inputSetReport(model: PackModel, file: string): InputSetReport {
  const b = model.bundle;
  const errorList = packDiagnostics(model)
    .filter((d) => d.severity === "error")
    .map((d) => ({ line: d.range.start.line + 1, column: d.range.start.character + 1, code: d.code, message: displayMessage(d) }));
  const errors = errorList.length;
  const setsByChallenge = new Map<string, SetReport[]>();
  const unassigned: SetReport[] = [];
  const declared = new Set(b.challenges.map((c) => c.key));
  b.input_sets.forEach((set, i) => {
    const challenge = set.cases.find((c) => c.challenge_key !== "")?.challenge_key ?? "";
    const report = setReport(set, (j) => caseReason(model.yaml, i, set.fromItems ? "items" : "cases", j));
    if (declared.has(challenge)) setsByChallenge.set(challenge, [...(setsByChallenge.get(challenge) ?? []), report]);
    else unassigned.push(report);
  });
  const challenges = b.challenges.map((c) => {
    const inputSets = setsByChallenge.get(c.key) ?? [];
    return { key: c.key, title: c.title, difficulty: c.difficulty, inputSets, coverageGaps: gaps(inputSets), coverageReview: coverageReview(inputSets) };
  });
  return {
    pack: b.pack.slug || b.pack.name,
    challenges,
    unassigned,
    validation: { local: `packlint ${file}`, hosted: `agentclash challenge-pack validate ${file} --json` },
    errors,
    errorList,
    readyForScoring: errors === 0,
    nextSkill: nextSkill(model, errors),
  };
}

/** The skill the input-set skill hands off to ("Authoring Procedure", step 9; "Related Skills"). */
function nextSkill(model: PackModel, errors: number): InputSetReport["nextSkill"] {
  if (errors > 0) return { skill: "agentclash-challenge-pack-yaml-author", why: "fix the errors listed under Validation, then validate again" };
  const spec = (model.bundle.version.evaluation_spec ?? {}) as Record<string, unknown>;
  const scored = [spec.validators, spec.llm_judges].some((l) => Array.isArray(l) && l.length > 0);
  if (!scored) return { skill: "agentclash-challenge-pack-scoring-validators", why: "the cases have nothing that scores them yet" };
  return { skill: "agentclash-challenge-pack-validation-publish", why: "the pack is valid: validate it with the hosted validator and publish it" };
}

/** Words in a case's key, reason and input-set key that say which path of the Coverage Review it covers. */
const PATH_WORDS: Readonly<Record<CoveragePath, RegExp>> = {
  happy: /\b(basic|happy|simple|standard|ordinary|typical|common|nominal|golden|smoke)\b/,
  edge: /\b(edge|boundary|unusual|rare|limit|empty|long|large|unicode|malformed)\b/,
  negative: /\b(negative|refus\w*|reject\w*|deny|denied|declin\w*|abstain\w*|invalid|unsafe|fallback|forbidden|out-of-policy|expired)\b/,
  ambiguous: /\b(ambiguous|ambiguity|unclear|vague|clarif\w*)\b/,
  regression: /\b(regression|repro\w*|bug|incident|known-failure)\b/,
  budget: /\b(budget|cost|latency|timeout|slow|tokens?|cheap)\b/,
};

function coverageReview(sets: SetReport[]): PathCoverage[] {
  return (Object.keys(PATH_WORDS) as CoveragePath[]).map((path) => ({
    path,
    cases: sets.flatMap((s) =>
      s.cases
        .filter((c) => PATH_WORDS[path].test(`${c.caseKey} ${c.reason ?? ""} ${s.intendedUse}`.toLowerCase().replace(/[-_]/g, " ")))
        .map((c) => `${s.key}/${c.caseKey || "(missing)"}`),
    ),
  }));
}

/** The `description` a case writes, else the comment right above it (the first item's may sit on its list). */
function caseReason(doc: Document.Parsed | undefined, set: number, list: "cases" | "items", j: number): string | undefined {
  const seq = doc?.getIn(["input_sets", set, list], true);
  if (!isSeq(seq)) return undefined;
  const item = seq.items[j];
  const description = isMap(item) ? item.get("description", true) : undefined;
  if (isScalar(description) && typeof description.value === "string" && description.value.trim()) return oneLine(description.value);
  const comment = (isMap(item) ? item.commentBefore : undefined) ?? (j === 0 ? seq.commentBefore : undefined);
  return comment?.trim() ? oneLine(comment) : undefined;
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

function setReport(set: InputSet, reason: (j: number) => string | undefined): SetReport {
  return {
    key: set.key,
    purpose: set.description?.trim() || set.name,
    caseCount: set.cases.length,
    intendedUse: intentOf(set.key) ?? "unspecified",
    cases: set.cases.map((c, j) => caseReport(c, reason(j))),
  };
}

function caseReport(c: Case, reason: string | undefined): CaseReport {
  return {
    ...(reason ? { reason } : {}),
    caseKey: c.case_key,
    payloadSummary: summarize(c.payload ?? {}),
    inputs: c.inputs.map((i) => `${i.key} (${i.kind}${i.artifact_key ? `, artifact ${i.artifact_key}` : ""})`),
    expectations: c.expectations.map((e) => `${e.key} (${e.kind}${e.source ? `, from ${e.source}` : e.artifact_key ? `, artifact ${e.artifact_key}` : ""})`),
  };
}

/** `field: value` pairs, each value shortened, so a reader sees what the case is about without the whole blob. */
function summarize(payload: Record<string, unknown>): string {
  const parts = Object.entries(payload).map(([k, v]) => {
    const text = typeof v === "string" ? v : JSON.stringify(v);
    const oneLine = (text ?? "null").replace(/\s+/g, " ").trim();
    return `${k}: ${oneLine.length > 40 ? oneLine.slice(0, 37) + "..." : oneLine}`;
  });
  return parts.length ? parts.join("; ") : "(none)";
}

function gaps(sets: SetReport[]): string[] {
  if (sets.length === 0) return ["no input set at all"];
  const out: string[] = [];
  const have = new Set(sets.map((s) => s.intendedUse));
  const missing = INTENT_ORDER.filter((i) => !have.has(i));
  if (missing.length) out.push(`no ${missing.map((m) => `-${m}`).join(", ")} input set`);
  for (const s of sets) {
    if (s.intendedUse === "unspecified" || s.caseCount === 0) continue;
    const { min } = INTENTS[s.intendedUse];
    if (s.caseCount === 1 && min > 1) out.push(`${s.key} has a single case; a -${s.intendedUse} set promises ${min}+`);
  }
  return out;
}

/** A Markdown table row; a cell's `|` is escaped and its line breaks become spaces, so each row stays one row. */
function row(...cells: string[]): string {
  return `| ${cells
    .map((c) =>
      c
        .replace(/\\/g, "\\\\")
        .replace(/\|/g, "\\|")
        .replace(/\s*[\r\n]+\s*/g, " "),
    )
    .join(" | ")} |`;
}

export function reportMarkdown(r: InputSetReport): string {
  const lines: string[] = [`# Input-set report: ${r.pack}`, ""];
  // Each input set: a heading, a table of its facts, and a table of its cases (one row each), so that a Markdown
  // preview shows them as tables, not as lines run together into one paragraph.
  const setLines = (s: SetReport) => {
    lines.push(`### Input set \`${s.key}\``, "", row("Key", `\`${s.key}\``), "|---|---|");
    lines.push(row("Purpose", s.purpose), row("Case count", String(s.caseCount)), row("Intended use", s.intendedUse), "");
    if (s.cases.length === 0) {
      lines.push("No cases.", "");
      return;
    }
    lines.push("| Case | Payload summary | Inputs | Expectations | Reason |", "|---|---|---|---|---|");
    for (const c of s.cases) {
      lines.push(
        row(
          c.caseKey ? `\`${c.caseKey}\`` : "(missing)",
          c.payloadSummary,
          c.inputs.join(", ") || "(none)",
          c.expectations.join(", ") || "(none)",
          c.reason ?? "no reason given (gap: say why this case exists in a description or a comment above it)",
        ),
      );
    }
    lines.push("");
  };
  for (const c of r.challenges) {
    lines.push(`## Challenge: ${c.key}`, "", `${c.title} · ${c.difficulty}`, "");
    if (c.inputSets.length === 0) lines.push("No input set uses this challenge.", "");
    c.inputSets.forEach(setLines);
    lines.push("Coverage gaps:", "");
    const unexplained = c.inputSets.flatMap((s) => s.cases.filter((x) => !x.reason).map((x) => `${s.key}/${x.caseKey || "(missing)"}`));
    const gapLines = [...c.coverageGaps, ...(unexplained.length ? [`no reason given for ${unexplained.join(", ")}`] : [])];
    lines.push(...(gapLines.length ? gapLines.map((g) => `- ${g}`) : ["- none"]), "");
    lines.push("Coverage review (read from case keys, reasons and input-set names):", "");
    for (const p of c.coverageReview) lines.push(`- ${p.path} path: ${p.cases.length ? p.cases.join(", ") : "gap"}`);
    lines.push("");
  }
  if (r.unassigned.length) {
    lines.push("## Input sets without a declared challenge", "");
    r.unassigned.forEach(setLines);
  }
  lines.push(
    "## Validation",
    "",
    `Validation command: \`${r.validation.local}\` (offline), \`${r.validation.hosted}\` (hosted)`,
    "",
    `Ready for scoring: ${r.readyForScoring ? "yes" : `no (${r.errors} error${r.errors === 1 ? "" : "s"})`}`,
    "",
    ...(r.errorList.length ? [...r.errorList.map((e) => `- line ${e.line}, column ${e.column}: [${e.code}] ${e.message}`), ""] : []),
    `Next skill: ${r.nextSkill.skill} (${r.nextSkill.why})`,
    "",
  );
  return lines.join("\n");
}
