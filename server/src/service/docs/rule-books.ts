import type { RuleBook, RuleBookRow } from "../types";
import { decodeBook } from "../model/decode.book";
import { packBook } from "../rules/pack.book";
import { modalityBook } from "../rules/modality.book";
import { executionModeBook } from "../rules/execution-mode.book";
import { challengesBook } from "../rules/challenges.book";
import { securityBook } from "../rules/security.book";
import { assetsBook } from "../rules/assets.book";
import { inputSetsBook } from "../rules/input-sets.book";
import { toolsBook } from "../rules/tools.book";
import { toolPolicyBook } from "../rules/tool-policy.book";
import { sandboxBook } from "../rules/sandbox.book";
import { deploymentDefaultsBook } from "../rules/deployment-defaults.book";
import { caseTemplatesBook } from "../rules/case-templates.book";
import { userSimulatorBook } from "../rules/user-simulator.book";
import { patternBudgetBook } from "../rules/pattern-budget.book";
import { specDecodeBook } from "../rules/evaluation-spec/decode.book";
import { specTopLevelBook } from "../rules/evaluation-spec/top-level.book";
import { validatorsBook } from "../rules/evaluation-spec/validators.book";
import { validatorConfigBook } from "../rules/evaluation-spec/validator-config.book";
import { postExecutionChecksBook } from "../rules/evaluation-spec/post-execution-checks.book";
import { metricsBook } from "../rules/evaluation-spec/metrics.book";
import { behavioralBook } from "../rules/evaluation-spec/behavioral.book";
import { pricingBook } from "../rules/evaluation-spec/pricing.book";
import { judgesBook } from "../rules/evaluation-spec/judges.book";
import { dimensionsBook } from "../rules/evaluation-spec/dimensions.book";
import { scorecardBook } from "../rules/evaluation-spec/scorecard.book";
import { skillCasesBook } from "../skill-cases/rules/skill-cases.book";
import { advisoriesBook } from "../advisories/advisories.book";
import { assetFilesBook } from "../asset-files.book";
import { suppressionsBook } from "../suppressions.book";

/** Every rule book, by its file under server/src/service/. */
export const RULE_BOOKS: Readonly<Record<string, RuleBook>> = {
  "model/decode.book.ts": decodeBook,
  "rules/pack.book.ts": packBook,
  "rules/modality.book.ts": modalityBook,
  "rules/execution-mode.book.ts": executionModeBook,
  "rules/challenges.book.ts": challengesBook,
  "rules/security.book.ts": securityBook,
  "rules/assets.book.ts": assetsBook,
  "rules/input-sets.book.ts": inputSetsBook,
  "rules/tools.book.ts": toolsBook,
  "rules/tool-policy.book.ts": toolPolicyBook,
  "rules/sandbox.book.ts": sandboxBook,
  "rules/deployment-defaults.book.ts": deploymentDefaultsBook,
  "rules/case-templates.book.ts": caseTemplatesBook,
  "rules/user-simulator.book.ts": userSimulatorBook,
  "rules/pattern-budget.book.ts": patternBudgetBook,
  "rules/evaluation-spec/decode.book.ts": specDecodeBook,
  "rules/evaluation-spec/top-level.book.ts": specTopLevelBook,
  "rules/evaluation-spec/validators.book.ts": validatorsBook,
  "rules/evaluation-spec/validator-config.book.ts": validatorConfigBook,
  "rules/evaluation-spec/post-execution-checks.book.ts": postExecutionChecksBook,
  "rules/evaluation-spec/metrics.book.ts": metricsBook,
  "rules/evaluation-spec/behavioral.book.ts": behavioralBook,
  "rules/evaluation-spec/pricing.book.ts": pricingBook,
  "rules/evaluation-spec/judges.book.ts": judgesBook,
  "rules/evaluation-spec/dimensions.book.ts": dimensionsBook,
  "rules/evaluation-spec/scorecard.book.ts": scorecardBook,
  "skill-cases/rules/skill-cases.book.ts": skillCasesBook,
  "advisories/advisories.book.ts": advisoriesBook,
  "asset-files.book.ts": assetFilesBook,
  "suppressions.book.ts": suppressionsBook,
};

const pageRows = new Map<string, RuleBookRow>();
for (const book of Object.values(RULE_BOOKS)) for (const row of book) if (!pageRows.has(row.code)) pageRows.set(row.code, row);

/** The row a rule's page is written from: the first of its code. */
export function pageRow(code: string): RuleBookRow | undefined {
  return pageRows.get(code);
}
