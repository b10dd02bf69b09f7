import { resolve } from "node:path";
import { TextDocument } from "vscode-languageserver-textdocument";
import { URI } from "vscode-uri";
import { type PackDiagnostic, type DocumentKind, type RuleLevels, NOT_A_PACK, levelled, skillDirOf } from "../service";
import { assetFilesFor } from "../workspace/asset-host";
import { checkDecoded, decodeFile, internalError } from "../workspace/file-check";
import { ConfinedFiles } from "../workspace/confined-files";
import { workspacePath } from "../workspace/paths";
import { kindByContent, type ReadFile } from "../workspace/project";
import { confinedSkillHost } from "../workspace/skill-host";
import { encodeLike, fixText, markFixable, readStamp } from "./fix";
import { readRegularFileWithId } from "../workspace/regular-files";
import type { FileReport } from "./report";

/** One file to validate, with the rule severities that apply to it (its config, then --rule). */
export interface FileJob {
  path: string;
  /** Its kind, when its name, a `packs` glob (or in a directory run, its content) decided it. */
  kind?: DocumentKind;
  rules: RuleLevels;
  /** Folders the pack's asset paths may lead into (the working directory, the directories named); see assetRoots. */
  roots: string[];
  /** The working directory, against which resolved asset paths are printed. */
  cwd: string;
  /** The file's bytes when they are not read from `path` (standard input). */
  bytes?: Uint8Array;
  /** The file as the expansion read it to find its kind: not read (nor decoded) again. */
  read?: ReadFile;
  /** Apply the safe fixes first and check the fixed text. */
  fix?: boolean;
  /** `--skip-non-packs`: a file that neither its kind nor its content makes a pack or case file is skipped, not an error. */
  skipNonPack?: boolean;
  /** With `fix`: the preferred unsafe fixes too. */
  unsafeFixes?: boolean;
}

/** The outcome for one file: a report, why it could not be read (a usage error in the caller), or why it was skipped. */
export type FileOutcome = { report: FileReport } | { unreadable: string } | { skipped: string };

export function validateFile(job: FileJob): FileOutcome {
  let read: ReadFile;
  try {
    read = job.read ?? readOnce(job);
  } catch (e) {
    return { unreadable: (e as Error).message };
  }
  const { bytes, id, decoded } = read;
  // A file named on the command line whose name did not decide its kind is checked only if its content does.
  const kind = job.kind ?? kindByContent(decoded.text);
  if (!kind && job.skipNonPack) return { skipped: `neither a pack nor a case file by name or content (--skip-non-packs)` };
  const alone = (diagnostics: PackDiagnostic[], silenced: PackDiagnostic[] = []): FileOutcome => ({
    report: { path: job.path, kind: "challenge-pack", text: decoded.text, diagnostics, ...(silenced.length ? { silenced } : {}) },
  });
  const binary = binaryFile(decoded.text);
  if (binary) {
    const { diagnostics, silenced } = levelled(binary, job.rules);
    return alone(diagnostics, silenced);
  }
  if (!kind) {
    // Turned off or down, it is silenced like any error: a file that is no pack is never "valid".
    const { diagnostics, silenced } = levelled(notAPack(decoded.text), job.rules);
    return alone(diagnostics, silenced);
  }
  const file = resolve(job.path);
  const files = new ConfinedFiles(job.roots);
  // A case file may also read its own Skill folder (SKILL.md, inputs.files); paths leading out are reported, never followed.
  const skillFiles = new ConfinedFiles([...job.roots, skillDirOf(file)]);
  const uri = URI.file(file).toString();
  const skillHost = confinedSkillHost(skillFiles);
  // Text that did not decode cleanly is never rewritten: its replacement characters would be written back.
  const fixed = job.fix && !decoded.problem ? fixText(decoded.text, uri, kind, job.rules, { skillHost }, job.unsafeFixes) : decoded.text;
  const { text, session, diagnostics, silenced } = checkDecoded({ ...decoded, text: fixed }, uri, kind, {
    rules: job.rules,
    assetFiles: assetFilesFor(files, job.path, (p) => workspacePath(p, job.cwd)),
    skillHost,
  });
  // What --fix would fix in the text as it now is (text that did not decode cleanly is never rewritten).
  const marked = decoded.problem ? diagnostics : markFixable(diagnostics, session, text, uri, job.rules);
  const report: FileReport = { path: job.path, kind, text, diagnostics: marked, ...(silenced.length ? { silenced } : {}) };
  if (fixed !== decoded.text) {
    report.fixed = { original: decoded.text, bytes: encodeLike(bytes, fixed), ...(id !== undefined ? { read: readStamp(id, bytes) } : {}) };
  }
  return { report };
}

/** The job's file, read and decoded (standard input: its bytes decoded). */
function readOnce(job: FileJob): ReadFile {
  const { bytes, id } = job.bytes ? { bytes: job.bytes, id: undefined } : readRegularFileWithId(job.path);
  return { bytes, id, decoded: decodeFile(bytes) };
}

/** validateFile, with a crash turned into an `internal-error` report on that file alone. */
export function validateSafely(job: FileJob): FileOutcome {
  try {
    return validateFile(job);
  } catch (e) {
    return { report: internalErrorReport(job.path, e) };
  }
}

/** A file whose check threw: its `internal-error` report, so that the other files of the run are still reported. */
export function internalErrorReport(path: string, error: unknown): FileReport {
  return { path, kind: "challenge-pack", text: "", diagnostics: [internalError(error)] };
}

/** One error for a binary file (a NUL byte: YAML is text), instead of one per line of it, at its own level. */
function binaryFile(text: string): PackDiagnostic[] | undefined {
  const nul = text.indexOf("\0");
  if (nul < 0) return undefined;
  const at = TextDocument.create("file:///decoded", "yaml", 0, text).positionAt(nul);
  return [
    {
      code: "yaml-syntax",
      severity: "error",
      field: null,
      message: "this is a binary file, not YAML text (it holds a NUL byte here): a challenge pack is UTF-8 text, or UTF-16 with a byte order mark",
      range: { start: at, end: { line: at.line, character: at.character + 1 } },
      data: { yamlCode: "BINARY" },
    },
  ];
}

/** One error for a file named on the command line that neither its name, a `packs` glob nor its content makes a pack (or a case file). */
function notAPack(text: string): PackDiagnostic[] {
  const start = { line: 0, character: 0 };
  return [
    {
      code: NOT_A_PACK,
      severity: "error",
      field: null,
      message:
        "not a challenge pack: packlint expected a challenge pack or a Skill Testing case file. A pack is a file named *.pack.yaml or *.pack.yml, " +
        'one the config\'s "packs" globs match, or YAML with two of the top-level keys pack:, version:, challenges: and input_sets:; ' +
        "a case file is named skill_cases.yaml or has a top-level skill: with cases:",
      range: { start, end: TextDocument.create("file:///decoded", "yaml", 0, text).positionAt(text.search(/[\r\n]|$/)) },
    },
  ];
}
