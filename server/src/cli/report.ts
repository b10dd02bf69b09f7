import type { DocumentKind, PackDiagnostic } from "../service";
import type { SkippedFile } from "./files";

/** One validated file, as every output format sees it. */
export interface FileReport {
  path: string;
  kind: DocumentKind;
  text: string;
  diagnostics: PackDiagnostic[];
  /** Set when --fix changed the text (now `text`): what it was, and the new text as bytes in the file's encoding. */
  fixed?: { original: string; bytes: Uint8Array };
}

export function isValid(r: FileReport): boolean {
  return !r.diagnostics.some((d) => d.severity === "error");
}

/** What one check of the command's paths found. */
export interface CheckedRun {
  reports: FileReport[];
  skipped: SkippedFile[];
}
