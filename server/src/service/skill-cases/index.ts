/**
 * Skill Testing case files (`tests/skill_cases.yaml`): the second document kind of the language service.
 * Pure functions over text and models, like the challenge-pack surface; results are LSP-shaped plain data.
 */
export { buildSkillModel } from "./model";
export type { SkillModel } from "./model";
export { documentDiagnostics } from "../diagnostics";
export { completion } from "./features/completion";
export { hover } from "./features/hover";
export { codeActions } from "./features/actions";
export { documentSymbols } from "./features/outline";
export { documentLinks } from "./features/links";
export { testCases } from "./features/test-cases";
export type { SkillTestCase, SkillTestCases } from "./features/test-cases";
export type { TextEdit } from "vscode-languageserver-types";
export type { CodeAction, CompletionItem, Hover, WorkspaceEdit } from "../types";
export { buildPrompt, buildPrompts, promptsJson, promptsMarkdown } from "./prompts";
export type { CasePrompt } from "./prompts";
export { rawOfFormatted } from "./report/response";
export { scoreCase, RUBRIC } from "./report/score";
export type { CaseScore, CheckFinding, JudgedCheck, Result } from "./report/score";
export { rawAnswerOf, readCaseAnswer, scoreSuite } from "./report/suite-report";
export type { JudgeByPrompt, PendingQuestion, ReportInput, ResponseFile, SuiteReport } from "./report/suite-report";
export { suiteKnowledge } from "./report/knowledge";
export type { SuiteKnowledge } from "./report/knowledge";
export type { AnswerReading, Check } from "./report/checks";
export { reportMarkdown } from "./report/markdown";
export { fieldsOf, formatResponse, renderResponse } from "./report/format";
export type { FormattedFields, Status } from "./report/format";
export { judgePrompt, readJudgeCache, readJudgeReply } from "./report/judge";
export type { JudgeAnswer, JudgeCacheEntry, JudgeLookup } from "./report/judge";
export { judgeCachePath, responsePath, skillReport } from "./report/run";
export type { SkillReportOptions } from "./report/run";
export { emptyHost } from "./host";
export { skillDirOf } from "./location";
export type { SkillHost } from "./host";
export { looksLikeSkillCases } from "./sniff";
export { safeId } from "./rules/ids";
export type { SkillCase, SkillSuite } from "./suite";
