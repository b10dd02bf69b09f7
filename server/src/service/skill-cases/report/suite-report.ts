import type { SkillSuite } from "../suite";
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
  responseSource: string;
}

export interface ReportInput {
  /** The response file of a case id, if one exists (`<id>.md`, else `<id>.txt`). */
  responseFor(id: string): ResponseFile | undefined;
  /** The path shown for a missing response of a case id. */
  expectedPath(id: string): string;
  responses: string;
  responseSource: string;
}

/** Scores every case and totals the suite: Overall is FAIL if any case fails (or there are none), else REVIEW if any needs review. */
export function scoreSuite(suite: SkillSuite, input: ReportInput): SuiteReport {
  const cases = suite.cases.map((c) => {
    const file = c.id ? input.responseFor(c.id) : undefined;
    const expectedPath = c.id ? input.expectedPath(c.id) : `cases[${c.index}] has no id, so it has no response file`;
    return scoreCase(c, file ? parseResponse(file.text) : undefined, { path: file?.path, expectedPath });
  });
  const count = (r: Result) => cases.filter((c) => c.result === r).length;
  const passed = count("PASS");
  const review = count("REVIEW");
  const failed = count("FAIL");
  const overall: Result = cases.length === 0 || failed > 0 ? "FAIL" : review > 0 ? "REVIEW" : "PASS";
  return { skill: suite.skill.name, cases, passed, review, failed, overall, responses: input.responses, responseSource: input.responseSource };
}
