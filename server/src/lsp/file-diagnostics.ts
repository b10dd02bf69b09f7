import type { RuleLevel } from "../../../shared/src";
import { assetFileDiagnostics, type AssetFiles, type AssetPathRef, type PackDiagnostic } from "../service";

/** Diagnostics found at their rules' own levels, with a file's rule levels applied ("off" drops them). */
export function withRuleLevels(diagnostics: readonly PackDiagnostic[], rules: Record<string, RuleLevel>): PackDiagnostic[] {
  const out: PackDiagnostic[] = [];
  for (const d of diagnostics) {
    const level = rules[d.code];
    if (level === "off") continue;
    out.push(level ? { ...d, severity: level } : d);
  }
  return out;
}

/**
 * A file's diagnostics plus the asset check of the paths it writes against the disk as it is now (the disk
 * changes without the file changing, so this is never cached), in position order.
 */
export function withAssetChecks(
  diagnostics: readonly PackDiagnostic[],
  assets: readonly AssetPathRef[] | undefined,
  files: AssetFiles | undefined,
  rules: Record<string, RuleLevel>,
): PackDiagnostic[] {
  if (!assets?.length || !files) return [...diagnostics];
  return [...diagnostics, ...assetFileDiagnostics(assets, files, { rules })].sort(
    (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
  );
}
