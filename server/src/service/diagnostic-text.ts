import type { PackDiagnostic } from "./types";
import { ruleInfo } from "./rule-registry";

/**
 * A diagnostic as people read it (editor, text, GitHub and SARIF output): the reference's field and message, or
 * packlint's own advice, which is written as whole sentences; the author's words (`text`) where the reference's name Go
 * types; then the hint, if any.
 */
export function displayMessage(d: Pick<PackDiagnostic, "code" | "field" | "message" | "hint" | "text">): string {
  const sentence = ruleInfo(d.code)?.area === "advisory";
  const base = d.text ?? (d.field && !sentence ? `${d.field} ${d.message}` : d.message);
  if (!d.hint) return base;
  return /[.?!]$/.test(base) ? `${base} ${d.hint}` : `${base}. ${d.hint}`;
}
