import { Diagnostic, DiagnosticSeverity } from "vscode-languageserver/node";
import { type PackDiagnostic, ruleDocHref, displayMessage } from "../service";

const SEVERITY: Record<PackDiagnostic["severity"], DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/**
 * A service diagnostic as an LSP one: the field path travels in `data`, next to the facts quick fixes use; the code
 * links to its rule's page under `docsBase`; the editor's message adds the hint (the `message` stays the reference's).
 */
export function toLspDiagnostic(uri: string, d: PackDiagnostic, docsBase: string): Diagnostic {
  const out: Diagnostic = {
    range: d.range,
    severity: SEVERITY[d.severity],
    code: d.code,
    codeDescription: { href: ruleDocHref(docsBase, d.code) },
    source: "agentclash",
    message: displayMessage(d),
    data: { ...(d.data ?? {}), field: d.field },
  };
  if (d.related?.length) out.relatedInformation = d.related.map((r) => ({ location: { uri, range: r.range }, message: r.message }));
  if (d.tags?.length) out.tags = d.tags as Diagnostic["tags"];
  return out;
}
