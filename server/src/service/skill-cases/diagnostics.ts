import { RuleSettings, toRange } from "../pack-model";
import type { PackDiagnostic } from "../types";
import type { SkillModel } from "./model";

/** The case file's findings as LSP-shaped diagnostics, sorted by position, with the user's rule settings applied. */
export function skillDiagnostics(model: SkillModel, settings: RuleSettings = {}): PackDiagnostic[] {
  const out: PackDiagnostic[] = [];
  for (const f of model.findings) {
    const override = settings.rules?.[f.code];
    if (override === "off") continue;
    const d: PackDiagnostic = { code: f.code, severity: override ?? f.severity, field: f.field, message: f.message, range: toRange(model.lines, f.span) };
    if (f.related) d.related = f.related.map((r) => ({ range: toRange(model.lines, r.span), message: r.message }));
    if (f.data) d.data = f.data;
    if (f.tags) d.tags = f.tags;
    out.push(d);
  }
  return out.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
