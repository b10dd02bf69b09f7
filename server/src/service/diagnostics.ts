import type { PackDiagnostic, Position, Range, Severity } from "./types";

/** A file's rule levels: a severity per diagnostic code, or "off". */
export type RuleLevels = Readonly<Record<string, Severity | "off">>;

/** Diagnostics found at their rules' own levels, with a file's rule levels applied ("off" drops them). */
export function withRuleLevels(diagnostics: readonly PackDiagnostic[], rules: RuleLevels | undefined): PackDiagnostic[] {
  if (!rules) return [...diagnostics];
  const out: PackDiagnostic[] = [];
  for (const d of diagnostics) {
    const level = rules[d.code];
    if (level === "off") continue;
    out.push(level && level !== d.severity ? { ...d, severity: level } : d);
  }
  return out;
}

/** Orders positions as they stand in the text. */
export function comparePositions(a: Position, b: Position): number {
  return a.line - b.line || a.character - b.character;
}

/** Orders ranges by where they start. */
export function compareRanges(a: Range, b: Range): number {
  return comparePositions(a.start, b.start);
}

/** Diagnostics in the order they stand in the text (a stable sort: equal starts keep their order). */
export function inTextOrder(diagnostics: PackDiagnostic[]): PackDiagnostic[] {
  return diagnostics.sort((a, b) => compareRanges(a.range, b.range));
}
