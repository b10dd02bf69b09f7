import { diagnosticsOf } from "../diagnostics";
import type { RuleSettings } from "../pack-model";
import type { PackDiagnostic } from "../types";
import type { SkillModel } from "./model";

/** The case file's findings as LSP-shaped diagnostics, with the user's rule settings applied, in text order. */
export function skillDiagnostics(model: SkillModel, settings: RuleSettings = {}): PackDiagnostic[] {
  return diagnosticsOf(model.findings, model.lines, settings.rules);
}
