import type { TextDocument } from "vscode-languageserver-textdocument";
import type { DocumentModel, Finding, PackDiagnostic, Position, Range, Severity, Span } from "./types";

/** A file's rule levels: a severity per diagnostic code, or "off". */
export type RuleLevels = Readonly<Record<string, Severity | "off">>;

/** How the user has tuned rules: a severity per code, or "off". */
export interface RuleSettings {
  rules?: RuleLevels;
}

/** A span of the text as an LSP range. */
export function toRange(lines: TextDocument, span: Span): Range {
  return { start: lines.positionAt(span.start), end: lines.positionAt(span.end) };
}

/** A model's findings as diagnostics, with the file's rule levels applied (none: the rules' own), in text order. */
export function diagnosticsOf(findings: readonly Finding[], lines: TextDocument, rules?: RuleLevels): PackDiagnostic[] {
  const out: PackDiagnostic[] = [];
  for (const f of findings) {
    const d: PackDiagnostic = { code: f.code, severity: f.severity, field: f.field, message: f.message, range: toRange(lines, f.span) };
    if (f.related) d.related = f.related.map((r) => ({ range: toRange(lines, r.span), message: r.message }));
    if (f.text) d.text = f.text;
    if (f.data) d.data = f.data;
    if (f.tags) d.tags = f.tags;
    out.push(d);
  }
  return inTextOrder(withRuleLevels(out, rules));
}

/** A document's diagnostics, whatever its kind, with the user's rule settings applied, in text order. */
export function documentDiagnostics(model: DocumentModel, settings: RuleSettings = {}): PackDiagnostic[] {
  return diagnosticsOf(model.findings, model.lines, settings.rules);
}

/** Diagnostics found at their rules' own levels, with a file's rule levels applied ("off" drops them). */
export function withRuleLevels(diagnostics: readonly PackDiagnostic[], rules: RuleLevels | undefined): PackDiagnostic[] {
  return levelled(diagnostics, rules).diagnostics;
}

/** A file's diagnostics at its rule levels, and the errors those levels silenced. */
export interface Levelled {
  diagnostics: PackDiagnostic[];
  /**
   * The findings that are errors at their own level and that the file's levels turned off or below error, at their
   * own level: the validator still rejects the file for each, so the file is not valid (verdicts fail closed).
   */
  silenced: PackDiagnostic[];
}

/** withRuleLevels, keeping the errors it silenced. */
export function levelled(diagnostics: readonly PackDiagnostic[], rules: RuleLevels | undefined): Levelled {
  if (!rules) return { diagnostics: [...diagnostics], silenced: [] };
  const out: PackDiagnostic[] = [];
  const silenced: PackDiagnostic[] = [];
  for (const d of diagnostics) {
    const level = rules[d.code];
    if (d.severity === "error" && level && level !== "error") silenced.push(d);
    if (level === "off") continue;
    out.push(level && level !== d.severity ? { ...d, severity: level } : d);
  }
  return { diagnostics: out, silenced };
}

/** Orders positions as they stand in the text. */
export function comparePositions(a: Position, b: Position): number {
  return a.line - b.line || a.character - b.character;
}

/** Whether two ranges overlap or touch. */
export function rangesTouch(a: Range, b: Range): boolean {
  return comparePositions(a.end, b.start) >= 0 && comparePositions(b.end, a.start) >= 0;
}

/** Orders ranges by where they start. */
export function compareRanges(a: Range, b: Range): number {
  return comparePositions(a.start, b.start);
}

/** Diagnostics in the order they stand in the text (a stable sort: equal starts keep their order). */
export function inTextOrder(diagnostics: PackDiagnostic[]): PackDiagnostic[] {
  return diagnostics.sort((a, b) => compareRanges(a.range, b.range));
}

/**
 * Findings kept per document: past them, one `too-many-findings` says how many more there are. A one-line list of
 * two million wrong items made two million findings, gigabytes in the CLI and the workspace index (issue 35).
 */
export const MAX_FINDINGS = 1_000;

const RANK: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

/**
 * `findings` cut to MAX_FINDINGS in place, the most severe kept first and, among equals, those earliest in the text;
 * the rest are counted in one last finding, at the first of them, as severe as the most severe of them (so a verdict
 * never turns on what was left out).
 */
export function capFindings(findings: Finding[]): void {
  if (findings.length <= MAX_FINDINGS) return;
  const order = findings
    .map((f, i) => i)
    .sort((a, b) => RANK[findings[a].severity] - RANK[findings[b].severity] || findings[a].span.start - findings[b].span.start || a - b);
  const kept = order.slice(0, MAX_FINDINGS).sort((a, b) => a - b);
  const left = order.slice(MAX_FINDINGS).map((i) => findings[i]);
  const first = left.reduce((a, b) => (b.span.start < a.span.start ? b : a));
  const counts = (["error", "warning", "information", "hint"] as const)
    .map((s) => [s, left.filter((f) => f.severity === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n.toLocaleString("en-US")} ${s === "information" ? "information" : s + (n === 1 ? "" : "s")}`);
  const more: Finding = {
    code: "too-many-findings",
    severity: left[0].severity,
    field: null,
    message: `… and ${left.length.toLocaleString("en-US")} more (${counts.join(", ")}): packlint reports ${MAX_FINDINGS.toLocaleString("en-US")} per file; fix these and check again`,
    span: first.span,
    data: { more: left.length, limit: MAX_FINDINGS },
  };
  const keptFindings = kept.map((i) => findings[i]);
  findings.length = 0;
  for (const f of keptFindings) findings.push(f);
  findings.push(more);
}
