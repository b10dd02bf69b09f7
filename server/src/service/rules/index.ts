import type { Rule } from "./context";
import { packRules } from "./pack";
import { modalityRules } from "./modality";
import { executionModeRules } from "./execution-mode";
import { challengeRules, challengesNonEmptyRule } from "./challenges";
import { inputSetRules } from "./input-sets";
import { versionAssetRules } from "./assets";
import { evaluationSpecRules } from "./evaluation-spec";
import { caseTemplateRules } from "./case-templates";
import { userSimulatorRules } from "./user-simulator";
import { securityRules } from "./security";
import { toolsRules } from "./tools";
import { toolPolicyRules } from "./tool-policy";
import { sandboxRules } from "./sandbox";
import { deploymentDefaultsRules } from "./deployment-defaults";

/** Every reference rule module, in the reference's emission order (stages V01–V16 of the catalog, `ValidateBundle`, runtime/challengepack/validation.go). */
export const referenceRules: readonly Rule[] = [
  packRules, // V01, V02
  modalityRules, // V03
  executionModeRules, // V04
  challengesNonEmptyRule, // V05
  securityRules, // V06
  challengeRules, // V07
  inputSetRules, // V08
  toolsRules, // V09
  toolPolicyRules, // V10
  sandboxRules, // V11
  deploymentDefaultsRules, // V12
  evaluationSpecRules, // V13
  caseTemplateRules, // V14
  userSimulatorRules, // V15
  versionAssetRules, // V16
];
