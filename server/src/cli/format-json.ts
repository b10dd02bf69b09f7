import type { PackDiagnostic } from "../service";
import type { RunCounts } from "./format-text";
import { FileReport, isValid, silencedNote } from "./report";

/**
 * `--format json`: packlint's version, the files (0-based LSP positions; field is null for decode-phase errors)
 * and the summary the text format's last line gives.
 */
export function formatJson(reports: FileReport[], run: { version: string; summary: RunCounts }): string {
  const files = reports.map((r) => ({
    path: r.path,
    kind: r.kind,
    valid: isValid(r),
    diagnostics: r.diagnostics.map(entry),
    // Errors turned off or below error by rule levels, at their own level: the file is not valid all the same.
    ...(r.silenced?.length ? { silenced: r.silenced.map(entry), note: silencedNote(r) } : {}),
  }));
  return JSON.stringify({ version: run.version, files, summary: run.summary }, null, 2) + "\n";
}

function entry(d: PackDiagnostic) {
  return {
    code: d.code,
    severity: d.severity,
    field: d.field,
    message: d.message,
    ...(d.text ? { text: d.text } : {}),
    ...(d.hint ? { hint: d.hint } : {}),
    range: d.range,
    ...(d.related ? { related: d.related } : {}),
    // Whether a safe fix, what --fix applies, would fix it.
    fixable: d.fixable === true,
  };
}
