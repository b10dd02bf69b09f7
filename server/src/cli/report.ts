import { type DocumentKind, type PackDiagnostic, languages, NOT_A_PACK } from "../service";
import type { SkippedFile } from "./files";
import type { ReadStamp } from "./fix";

/** One validated file, as every output format sees it. */
export interface FileReport {
  path: string;
  kind: DocumentKind;
  text: string;
  diagnostics: PackDiagnostic[];
  /**
   * Set when --fix changed the text (now `text`): what it was, the new text as bytes in the file's encoding, and
   * which file with which bytes it was made from (written only over that file unchanged; none for standard input).
   */
  fixed?: { original: string; bytes: Uint8Array; read?: ReadStamp };
}

export function isValid(r: FileReport): boolean {
  return !r.diagnostics.some((d) => d.severity === "error");
}

/** What one check of the command's paths found. */
export interface CheckedRun {
  reports: FileReport[];
  skipped: SkippedFile[];
  /** What could not be read (`cannot read PATH: why`), each reported on stderr; the run then exits 2. */
  unreadable: Unreadable[];
  /** The config's `docsBaseUrl`, where rule links lead (SARIF helpUri) unless --docs-base-url says. */
  docsBaseUrl?: string;
}

export interface Unreadable {
  path: string;
  message: string;
}

/** The official CLI's verdict line for a file (`Challenge pack is valid`), or that it is not one. */
export function verdict(r: FileReport): string {
  if (r.diagnostics.some((d) => d.code === NOT_A_PACK)) return "Not a challenge pack or Skill Testing case file";
  const noun = languages[r.kind].noun;
  return isValid(r) ? `${noun} is valid` : `${noun} has errors`;
}
