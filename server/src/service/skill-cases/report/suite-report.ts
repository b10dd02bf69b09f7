import type { SkillCase, SkillSuite } from "../suite";
import { formatResponse } from "./format";
import { parseResponse } from "./response";
import { CaseScore, Result, scoreCase } from "./score";

/** A response file as the report reads it. */
export interface ResponseFile {
  path: string;
  text: string;
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
}

export interface ReportInput {
  /** The response file of a case id, if one exists (`<id>.md`, else `<id>.txt`). */
  responseFor(id: string): ResponseFile | undefined;
  /** The path shown for a missing response of a case id. */
  expectedPath(id: string): string;
  responses: string;
  rawResponses?: string;
  responseSource: string;
  /** Why no answer could be captured for a case id (the agent timed out, crashed or printed nothing), if so. */
  captureFailure?(id: string): string | undefined;
}

/** Scores every case and totals the suite: Overall is FAIL if any case fails (or there are none), else REVIEW if any needs review. */
export function scoreSuite(suite: SkillSuite, input: ReportInput): SuiteReport {
  const cases = suite.cases.map((c) => {
    const file = c.id ? input.responseFor(c.id) : undefined;
    const expectedPath = c.id ? input.expectedPath(c.id) : `cases[${c.index}] has no id, so it has no response file`;
    const failure = c.id ? input.captureFailure?.(c.id) : undefined;
    if (failure !== undefined) return captureFailed(c, failure, file?.path);
    if (!file) return scoreCase(c, undefined, { expectedPath });
    // Raw prose is never scored as if it were formatted: it is formatted first, as the response contract says.
    const parsed = parseResponse(file.text);
    if (parsed.formatted) return scoreCase(c, parsed, { path: file.path, expectedPath });
    const score = scoreCase(c, parseResponse(formatResponse(file.text, c, suite)), { path: file.path, expectedPath });
    score.findings.push({ kind: "note", text: "raw answer, formatted into the response contract before scoring" });
    return score;
  });
  const count = (r: Result) => cases.filter((c) => c.result === r).length;
  const passed = count("PASS");
  const review = count("REVIEW");
  const failed = count("FAIL");
  const overall: Result = cases.length === 0 || failed > 0 ? "FAIL" : review > 0 ? "REVIEW" : "PASS";
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
  };
}

function captureFailed(c: SkillCase, reason: string, path: string | undefined): CaseScore {
  const points: CaseScore["points"] = { selection: 0, workflow: 0, contract: 0, edge: 0, routing: 0, overreach: 0, expression: 0 };
  const ref = c.id || `cases[${c.index}]`;
  return {
    id: c.id,
    type: c.type,
    title: c.title,
    score: 0,
    result: "FAIL",
    points,
    summary: reason,
    responsePath: path,
    findings: [
      {
        kind: "failure",
        text: `no answer captured: ${reason}`,
        action: `Check that the agent command answers ${ref}'s prompt on standard output within the timeout`,
      },
    ],
  };
}
