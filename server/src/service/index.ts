/**
 * The language service's one face: the only module that code outside `server/src/service/` imports (the CLI, the
 * server, the workspace index, and any other embedding). Features are reached through a `DocumentSession`, never
 * imported one by one. `test/architecture/imports.test.ts` holds every other caller to this module.
 */

// Document kinds and their sessions.
export { languages, sizeOnlySession } from "./languages";
export type { DocumentEnv, DocumentLanguage, DocumentSession } from "./languages";
export type { DocumentKind, DocumentModel, PackDiagnostic, Position, Range, Severity, Span } from "./types";
export { looksLikePack } from "./sniff";
export { buildPackModel } from "./pack-model";
export { inputSetReport, reportMarkdown as inputSetReportMarkdown } from "./report/input-set-report";

// File decoding and limits.
export { decodeYamlFile, encodingDiagnostics } from "./yaml/encoding";
export type { DecodedFile } from "./yaml/encoding";
export { MAX_CHECKED_LENGTH, megabytes } from "./yaml/limits";
export { extrasPlan, limitOutline } from "./large-files";
export type { ExtrasPlan, LargeFileLimits } from "./large-files";

// Files a pack names on disk.
export { assetFileDiagnostics, isLocalPath } from "./asset-files";
export type { AssetFiles, AssetFileState, AssetPathRef } from "./asset-files";

// The rule registry, rule levels and how a diagnostic reads.
export { allRules, NOT_A_PACK, unknownRuleProblem } from "./rule-registry";
export type { RuleInfo } from "./rule-registry";
export { compareRanges, inTextOrder, levelled, withRuleLevels } from "./diagnostics";
export type { Levelled, RuleLevels } from "./diagnostics";
export { displayMessage } from "./diagnostic-text";
export { applySuppressions, suppressionActions, SUPPRESSION_INVALID, SUPPRESSION_UNUSED } from "./suppressions";
export type { Suppressed, SuppressionRemoval } from "./suppressions";
export { suppressionDirectives } from "./yaml/suppression-comments";
export type { SuppressionDirective } from "./yaml/suppression-comments";
export { CONVERT_LEGACY, FIX_ALL, UNSAFE_FIX_ALL, isSafeFix, QUICK_FIX } from "./features/actions";
export { KEY_SYMBOL_KINDS } from "./features/key-symbols";
export { SEMANTIC_TOKENS_LEGEND } from "./features/semantic-tokens";
export type { KeySymbol } from "./features/key-symbols";

// Rule docs and the pack's JSON Schema.
export { ruleDoc, rulePage } from "./docs/rule-docs";
export { ruleDocHref } from "./docs/links";
export { docPages, oneLine } from "./docs/pages";
export { AREA_TITLES } from "./docs/area-texts";
export { packSchema } from "./schema";

// Where a worker thread may pause the service.
export { pausePoint, setPausePoint } from "./util/pause-points";
export { diskPath, diskUri, setDiskScheme } from "./util/disk-uris";

// Skill Testing case files.
export {
  buildPrompt,
  buildSkillModel,
  documentDiagnostics,
  formatResponse,
  judgeCachePath,
  looksLikeSkillCases,
  promptsJson,
  promptsMarkdown,
  rawAnswerOf,
  readCaseAnswer,
  readJudgeCache,
  readJudgeReply,
  responsePath,
  safeId,
  skillDirOf,
  skillReport,
  suiteKnowledge,
} from "./skill-cases";
export type { JudgeByPrompt, JudgeCacheEntry, PendingQuestion, SkillHost, SkillModel, SkillReportOptions, SuiteKnowledge, SuiteReport } from "./skill-cases";

// Small helpers the callers share with the service.
export { closest } from "./util/did-you-mean";
export { pushAll } from "./util/arrays";
