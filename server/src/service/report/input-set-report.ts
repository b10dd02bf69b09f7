import type { PackModel } from "../pack-model";
import { packDiagnostics } from "../pack-model";
import type { Case, InputSet } from "../model/bundle";
import { INTENTS, Intent, intentOf } from "../advisories/input-set-intent";

/**
 * The input-set report: the seed skill's "Report Back Format", per challenge — its input sets with purpose,
 * case count and intended use, each case summarized — then coverage gaps, the validation commands and whether
 * the pack is ready for scoring. Pure data; `reportMarkdown` renders it.
 */
export interface InputSetReport {
  pack: string;
  challenges: ChallengeReport[];
  /** Input sets whose cases name no declared challenge (or none at all). */
  unassigned: SetReport[];
  validation: { local: string; hosted: string };
  errors: number;
  readyForScoring: boolean;
}

export interface ChallengeReport {
  key: string;
  title: string;
  difficulty: string;
  inputSets: SetReport[];
  coverageGaps: string[];
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
}

const INTENT_ORDER = Object.keys(INTENTS) as Intent[];

export function inputSetReport(model: PackModel, file: string): InputSetReport {
  const b = model.bundle;
  const errors = packDiagnostics(model).filter((d) => d.severity === "error").length;
  const setsByChallenge = new Map<string, SetReport[]>();
  const unassigned: SetReport[] = [];
  const declared = new Set(b.challenges.map((c) => c.key));
  for (const set of b.input_sets) {
    const challenge = set.cases.find((c) => c.challenge_key !== "")?.challenge_key ?? "";
    const report = setReport(set);
    if (declared.has(challenge)) setsByChallenge.set(challenge, [...(setsByChallenge.get(challenge) ?? []), report]);
    else unassigned.push(report);
  }
  const challenges = b.challenges.map((c) => {
    const inputSets = setsByChallenge.get(c.key) ?? [];
    return { key: c.key, title: c.title, difficulty: c.difficulty, inputSets, coverageGaps: gaps(inputSets) };
  });
  return {
    pack: b.pack.slug || b.pack.name,
    challenges,
    unassigned,
    validation: { local: `packlint ${file}`, hosted: `agentclash challenge-pack validate ${file} --json` },
    errors,
    readyForScoring: errors === 0,
  };
}

function setReport(set: InputSet): SetReport {
  return {
    key: set.key,
    purpose: set.description?.trim() || set.name,
    caseCount: set.cases.length,
    intendedUse: intentOf(set.key) ?? "unspecified",
    cases: set.cases.map(caseReport),
  };
}

function caseReport(c: Case): CaseReport {
  return {
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

export function reportMarkdown(r: InputSetReport): string {
  const lines: string[] = [`# Input-set report: ${r.pack}`, ""];
  const setLines = (s: SetReport) => {
    lines.push(`- key: ${s.key}`, `  purpose: ${s.purpose}`, `  case count: ${s.caseCount}`, `  intended use: ${s.intendedUse}`, "  cases:");
    for (const c of s.cases) {
      lines.push(
        `    - case_key: ${c.caseKey || "(missing)"}`,
        `      payload summary: ${c.payloadSummary}`,
        `      inputs: ${c.inputs.join(", ") || "(none)"}`,
        `      expectations: ${c.expectations.join(", ") || "(none)"}`,
      );
    }
  };
  for (const c of r.challenges) {
    lines.push(`## Challenge: ${c.key}`, "", `${c.title} · ${c.difficulty}`, "", "Input sets:");
    if (c.inputSets.length === 0) lines.push("- (none)");
    c.inputSets.forEach(setLines);
    lines.push("", "Coverage gaps:");
    lines.push(...(c.coverageGaps.length ? c.coverageGaps.map((g) => `- ${g}`) : ["- none"]), "");
  }
  if (r.unassigned.length) {
    lines.push("## Input sets without a declared challenge", "");
    r.unassigned.forEach(setLines);
    lines.push("");
  }
  lines.push(
    "## Validation",
    "",
    `Validation command: \`${r.validation.local}\` (offline), \`${r.validation.hosted}\` (hosted)`,
    "",
    `Ready for scoring: ${r.readyForScoring ? "yes" : `no (${r.errors} error${r.errors === 1 ? "" : "s"})`}`,
    "",
  );
  return lines.join("\n");
}
