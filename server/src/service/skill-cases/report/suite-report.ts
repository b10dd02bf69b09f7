import type { SkillCase, SkillSuite } from "../suite";
import { readCase, type AnswerReading } from "./checks";
import { judgePrompt } from "./judge";
import type { SuiteKnowledge } from "./knowledge";
import { rawOfFormatted } from "./response";
import { scoreCase, unscored, type CaseScore, type Result } from "./score";

/** A judge's answer to the whole prompt it was given (a cache lookup), if there is one. */
export type JudgeByPrompt = (prompt: string) => { answer: "YES" | "NO" | "UNSURE"; by: string } | undefined;

/** A response file as the report reads it. */
export interface ResponseFile {
  path: string;
  text: string;
}

/** A question no judge has answered yet, with the whole text a judge command receives. */
export interface PendingQuestion {
  id: string;
  question: string;
  prompt: string;
}

export interface SuiteReport {
  skill: string;
  cases: CaseScore[];
  passed: number;
  review: number;
  failed: number;
  overall: Result;
  /** Where the responses were read from, as shown in the report. */
  responses: string;
  /** Where raw answers were formatted from into `responses`, when they were. */
  rawResponses?: string;
  responseSource: string;
  /** The judge command whose cached answers were used, when any was. */
  judges: string[];
  /** Undecided questions no judge has answered (for `--judge`). */
  pending: PendingQuestion[];
  /** Error-level findings of the case file: the report is Overall FAIL while there are any. */
  caseFileErrors: string[];
  /** How many runs of each case were scored (`--repeat`). */
  runs: number;
}

export interface ReportInput {
  /** The response file of a case id in a run (1 for the first), if one exists. */
  responseFor(id: string, run: number): ResponseFile | undefined;
  /** The path shown for a missing response of a case id. */
  expectedPath(id: string): string;
  responses: string;
  rawResponses?: string;
  responseSource: string;
  /** Why no answer could be captured for a case id in a run (the agent timed out, crashed or printed nothing), if so. */
  captureFailure?(id: string, run: number): string | undefined;
  /** A judge's cached answer to a judge prompt. */
  judge?: JudgeByPrompt;
  /** Error-level findings of the case file, as lines. */
  caseFileErrors?: string[];
  /** Runs per case (default 1). */
  runs?: number;
}

/** The reading of one case's raw answer, with the judge's cached answers applied. */
export function readCaseAnswer(c: SkillCase, raw: string, knowledge: SuiteKnowledge, judge?: ReportInput["judge"]): AnswerReading {
  return readCase(c, raw, {
    names: knowledge.names,
    aliases: knowledge.aliases,
    known: knowledge.known(c),
    artifacts: knowledge.artifacts,
    synonyms: c.expected.synonyms,
    judge: judge && ((question) => judge(judgePrompt(question, c.query, raw))),
  });
}

/** The raw answer in a response file: its Raw Response when it is a complete formatted response, else all of it. */
export function rawAnswerOf(text: string): { raw: string; formatted: boolean } {
  const raw = rawOfFormatted(text);
  return raw === undefined ? { raw: text, formatted: false } : { raw, formatted: true };
}

const RANK: Record<Result, number> = { PASS: 0, REVIEW: 1, FAIL: 2 };

/**
 * Scores every case and totals the suite: Overall is FAIL if any case fails, there are none, or the case file has
 * errors; else REVIEW if any needs review. With several runs, a case is its worst run, and says how many passed.
 */
export function scoreSuite(suite: SkillSuite, knowledge: SuiteKnowledge, input: ReportInput): SuiteReport {
  const runs = Math.max(1, input.runs ?? 1);
  const pending: PendingQuestion[] = [];
  const judges = new Set<string>();
  const one = (c: SkillCase, run: number): CaseScore => {
    const ref = c.id || `cases[${c.index}]`;
    const file = c.id ? input.responseFor(c.id, run) : undefined;
    const failure = c.id ? input.captureFailure?.(c.id, run) : undefined;
    if (failure !== undefined)
      return unscored(
        c,
        {
          kind: "failure",
          text: `no answer captured: ${failure}`,
          action: `Check that the agent command answers ${ref}'s prompt on standard output within the timeout`,
        },
        file?.path,
      );
    if (!file) {
      const expected = c.id ? input.expectedPath(c.id) : `cases[${c.index}] has no id, so it has no response file`;
      return unscored(c, { kind: "failure", text: `no response file (${expected})`, action: `Capture a response for ${ref} and save it as ${expected}` });
    }
    const { raw, formatted } = rawAnswerOf(file.text);
    const reading = readCaseAnswer(c, raw, knowledge, input.judge);
    for (const x of reading.checks) {
      if (x.judged) judges.add(x.judged.by);
      if (x.outcome === "undecided" && x.question && !x.judged)
        pending.push({ id: c.id, question: x.question.text, prompt: judgePrompt(x.question.text, c.query, raw) });
    }
    const score = scoreCase(c, reading, file.path);
    if (!formatted) score.findings.push({ kind: "note", text: "raw answer, formatted into the response contract before scoring" });
    return score;
  };
  const cases = suite.cases.map((c) => {
    const all = Array.from({ length: runs }, (_, i) => one(c, i + 1));
    if (runs === 1) return all[0];
    const worst = all.reduce((w, s) => (RANK[s.result] > RANK[w.result] || (RANK[s.result] === RANK[w.result] && s.score < w.score) ? s : w));
    const passed = all.filter((s) => s.result === "PASS").length;
    const agree = all.every((s) => s.result === all[0].result);
    return {
      ...worst,
      findings: [
        ...worst.findings,
        { kind: agree ? "note" : "deduction", text: `passed ${passed}/${runs} runs${agree ? "" : " (inconsistent: the runs disagree)"}` } as const,
      ],
      runs: all.map((s) => s.result),
    };
  });
  const caseFileErrors = input.caseFileErrors ?? [];
  const count = (r: Result) => cases.filter((c) => c.result === r).length;
  const passed = count("PASS");
  const review = count("REVIEW");
  const failed = count("FAIL");
  const overall: Result = cases.length === 0 || failed > 0 || caseFileErrors.length > 0 ? "FAIL" : review > 0 ? "REVIEW" : "PASS";
  return {
    skill: suite.skill.name,
    cases,
    passed,
    review,
    failed,
    overall,
    responses: input.responses,
    rawResponses: input.rawResponses,
    responseSource: input.responseSource,
    judges: [...judges].sort(),
    pending,
    caseFileErrors,
    runs,
  };
}
