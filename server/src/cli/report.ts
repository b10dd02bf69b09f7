import { type DocumentKind, type PackDiagnostic, languages, NOT_A_PACK } from "../service";
import type { SkippedFile } from "./files";
import type { ReadStamp } from "./fix";

/** One validated file, as every output format sees it. */
export interface FileReport {
  path: string;
  kind: DocumentKind;
  text: string;
  diagnostics: PackDiagnostic[];
  /** The errors (at their own level) that rule levels turned off or below error: each still makes the validator reject the file. */
  silenced?: PackDiagnostic[];
  /**
   * Set when --fix changed the text (now `text`): what it was, the new text as bytes in the file's encoding, and
   * which file with which bytes it was made from (written only over that file unchanged; none for standard input).
   */
  fixed?: { original: string; bytes: Uint8Array; read?: ReadStamp };
}

/** No error, shown or silenced: a file whose errors were turned off is still rejected by the validator (fail closed). */
export function isValid(r: FileReport): boolean {
  return !r.diagnostics.some((d) => d.severity === "error") && !r.silenced?.length;
}

/** How many errors the file's rule levels silenced, in words (`3 reference errors silenced`); undefined when none. */
function silencedCount(r: FileReport): string | undefined {
  const n = r.silenced?.length ?? 0;
  if (!n) return undefined;
  return `${n} ${r.kind === "challenge-pack" ? "reference " : ""}error${n === 1 ? "" : "s"} silenced`;
}

/**
 * Why a file that shows no error is not valid, in one sentence (`3 reference errors silenced; the hosted validator
 * rejects this file`), or undefined when nothing was silenced.
 */
export function silencedNote(r: FileReport): string | undefined {
  const count = silencedCount(r);
  if (!count) return undefined;
  return `${count}; ${r.kind === "challenge-pack" ? "the hosted validator rejects this file" : "packlint skill refuses to run a case file with errors"}`;
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
  if (isValid(r)) return `${noun} is valid`;
  if (!r.diagnostics.some((d) => d.severity === "error")) return `${noun} is not valid: ${silencedNote(r)}`;
  const count = silencedCount(r);
  return count ? `${noun} has errors (and ${count})` : `${noun} has errors`;
}
