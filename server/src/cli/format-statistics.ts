import type { Severity } from "../service";
import type { FileReport } from "./report";

/** How many findings of one code a run made. */
export interface CodeCount {
  code: string;
  severity: Severity;
  count: number;
}

/** `--statistics`: the codes found, most frequent first (then by code), each with its count and its severity. */
export function statistics(reports: FileReport[]): CodeCount[] {
  const byCode = new Map<string, CodeCount>();
  for (const d of reports.flatMap((r) => r.diagnostics)) {
    const key = `${d.code}\0${d.severity}`;
    const seen = byCode.get(key);
    if (seen) seen.count++;
    else byCode.set(key, { code: d.code, severity: d.severity, count: 1 });
  }
  return [...byCode.values()].sort((a, b) => b.count - a.count || a.code.localeCompare(b.code) || a.severity.localeCompare(b.severity));
}

/** `--statistics` as text: one line per code (`   8  version-number-positive  error`), then a blank line. */
export function formatStatistics(reports: FileReport[]): string {
  const rows = statistics(reports);
  if (!rows.length) return "";
  const countWidth = Math.max(...rows.map((r) => String(r.count).length));
  const codeWidth = Math.max(...rows.map((r) => r.code.length));
  return rows.map((r) => `${String(r.count).padStart(countWidth)}  ${r.code.padEnd(codeWidth)}  ${r.severity}\n`).join("") + "\n";
}
