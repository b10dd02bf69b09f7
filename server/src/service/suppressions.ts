import { kindWanted } from "./action-kinds";
import { rangesTouch } from "./diagnostics";
import type { CodeAction, PackDiagnostic, Range } from "./types";
import type { SuppressionDirective } from "./yaml/suppression-comments";
import { unknownRuleProblem } from "./rule-registry";

export const SUPPRESSION_UNUSED = "suppression-unused";
export const SUPPRESSION_INVALID = "suppression-invalid";

/** A file's diagnostics after its suppression comments: what is left, what they silenced, and their own findings. */
export interface Suppressed {
  diagnostics: PackDiagnostic[];
  /** The diagnostics a comment silenced (at the level they had). */
  suppressed: PackDiagnostic[];
  /** `suppression-unused` and `suppression-invalid`, at their own level (warnings), each with the edit that removes it. */
  problems: PackDiagnostic[];
}

/** The edit a suppression finding's quick fix makes (`data.removal`): the directive, or one code of its list. */
export interface SuppressionRemoval {
  removal: Range;
  /** The quick fix's title. */
  title: string;
}

/**
 * Applies a file's suppression directives to its diagnostics: a diagnostic whose code a directive names and whose
 * first line is in the directive's lines is silenced. A code no diagnostic used is `suppression-unused`; an unknown
 * code or a malformed directive is `suppression-invalid`. Suppression findings are never suppressed themselves.
 */
export function applySuppressions(diagnostics: readonly PackDiagnostic[], directives: readonly SuppressionDirective[]): Suppressed {
  if (!directives.length) return { diagnostics: [...diagnostics], suppressed: [], problems: [] };
  const used = new Set<SuppressionDirective["codes"][number]>();
  const kept: PackDiagnostic[] = [];
  const suppressed: PackDiagnostic[] = [];
  for (const d of diagnostics) {
    const line = d.range.start.line;
    let by: SuppressionDirective["codes"][number] | undefined;
    for (const dir of directives) {
      if (dir.problem || !dir.lines || dir.kind === "enable") continue;
      const c = dir.codes.find((c) => c.code === d.code && line >= dir.lines!.first && line <= (c.lastLine ?? dir.lines!.last));
      if (c) {
        by = c;
        used.add(c);
      }
    }
    (by ? suppressed : kept).push(d);
  }
  const problems: PackDiagnostic[] = [];
  const finding = (code: string, range: Range, message: string, fix: SuppressionRemoval): PackDiagnostic => ({
    code,
    severity: "warning",
    field: null,
    message,
    range,
    data: { removal: fix.removal, title: fix.title },
  });
  for (const dir of directives) {
    const name = `packlint-${dir.kind}`;
    const whole = { removal: dir.removal, title: `Remove the ${name} comment` };
    if (dir.problem) {
      problems.push(finding(SUPPRESSION_INVALID, dir.range, `${dir.problem}; it silences nothing`, whole));
      continue;
    }
    if (dir.kind === "enable") continue;
    const unknown = dir.codes.map((c) => ({ c, problem: unknownRuleProblem(c.code) })).filter((u) => u.problem);
    const unused = dir.codes.filter((c) => !used.has(c) && !unknownRuleProblem(c.code));
    const dropped = unknown.length + unused.length;
    const fixFor = (c: SuppressionDirective["codes"][number]) =>
      dropped === dir.codes.length ? whole : { removal: c.removal, title: `Remove ${c.code} from the ${name} comment` };
    for (const { c, problem } of unknown) problems.push(finding(SUPPRESSION_INVALID, c.range, `${name} names ${problem}`, fixFor(c)));
    for (const c of unused) {
      const where = dir.kind === "disable-next-line" ? "on the node below it" : dir.kind === "disable-file" ? "in this file" : "in its block";
      problems.push(finding(SUPPRESSION_UNUSED, c.range, `${name} ${c.code} silences nothing: no ${c.code} is reported ${where}; remove it`, fixFor(c)));
    }
  }
  return { diagnostics: kept, suppressed, problems };
}

/**
 * The quick fixes of suppression findings among `diagnostics` (a document's, at its levels) that touch `range`: each
 * removes the directive or the one code its finding is about, as the finding's `data` says.
 */
export function suppressionActions(diagnostics: readonly PackDiagnostic[], range: Range, uri: string, only?: readonly string[]): CodeAction[] {
  if (!kindWanted("quickfix", only)) return [];
  const out: CodeAction[] = [];
  for (const d of diagnostics) {
    if ((d.code !== SUPPRESSION_UNUSED && d.code !== SUPPRESSION_INVALID) || !rangesTouch(d.range, range)) continue;
    const fix = d.data as Partial<SuppressionRemoval> | undefined;
    if (!fix?.removal || !fix.title) continue;
    out.push({ title: fix.title, kind: "quickfix", diagnostics: [d], isPreferred: true, edit: { changes: { [uri]: [{ range: fix.removal, newText: "" }] } } });
  }
  return out;
}
