import type { RunCounts } from "./format-text";
import { FileReport, isValid } from "./report";

/**
 * `--format json`: packlint's version, the files (0-based LSP positions; field is null for decode-phase errors)
 * and the summary the text format's last line gives.
 */
export function formatJson(reports: FileReport[], run: { version: string; summary: RunCounts }): string {
  const files = reports.map((r) => ({
    path: r.path,
    kind: r.kind,
    valid: isValid(r),
    diagnostics: r.diagnostics.map((d) => ({
      code: d.code,
      severity: d.severity,
      field: d.field,
      message: d.message,
      ...(d.text ? { text: d.text } : {}),
      ...(d.hint ? { hint: d.hint } : {}),
      range: d.range,
      ...(d.related ? { related: d.related } : {}),
    })),
  }));
  return JSON.stringify({ version: run.version, files, summary: run.summary }, null, 2) + "\n";
}
