import type { DocumentKind, PackDiagnostic } from "../service";

/** One validated file, as every output format sees it. */
export interface FileReport {
  path: string;
  kind: DocumentKind;
  text: string;
  diagnostics: PackDiagnostic[];
}

export function isValid(r: FileReport): boolean {
  return !r.diagnostics.some((d) => d.severity === "error");
}
