import { TextDocument } from "vscode-languageserver-textdocument";
import { assetFileDiagnostics, assetPathRefs, buildPackModel, packDiagnostics, toRange, type PackDiagnostic, type RuleSettings } from "../service";
import type { DecodedFile } from "../service/model/encoding";
import { ConfinedFiles } from "../workspace/confined-files";
import { assetFilesFor } from "../workspace/asset-host";
import { readYamlFile } from "./files";
import { workspacePath } from "./paths";
import type { FileReport } from "./report";
import { isSkillCasesFile, skillFileReport } from "./skill";

/** One file to validate, with the rule severities that apply to it (its config, then --rule). */
export interface FileJob {
  path: string;
  rules: NonNullable<RuleSettings["rules"]>;
  /** Folders the pack's asset paths may lead into (the working directory, the directories named); see assetRoots. */
  roots: string[];
  /** The working directory, against which resolved asset paths are printed. */
  cwd: string;
}

/** The outcome for one file: a report, or why it could not be read (a usage error in the caller). */
export type FileOutcome = { report: FileReport } | { unreadable: string };

export function validateFile(job: FileJob): FileOutcome {
  let decoded: DecodedFile;
  try {
    decoded = readYamlFile(job.path);
  } catch (e) {
    return { unreadable: (e as Error).message };
  }
  const { text } = decoded;
  const encoding = encodingDiagnostics(decoded, job.rules);
  if (isSkillCasesFile(job.path, text)) {
    const report = skillFileReport(job.path, text, job.roots, { rules: job.rules });
    return { report: { ...report, diagnostics: inOrder([...encoding, ...report.diagnostics]) } };
  }
  const model = buildPackModel(text);
  const files = assetFilesFor(new ConfinedFiles(job.roots), job.path, (p) => workspacePath(p, job.cwd));
  const diagnostics = [...encoding, ...packDiagnostics(model, { rules: job.rules }), ...assetFileDiagnostics(assetPathRefs(model), files, { rules: job.rules })];
  return { report: { path: job.path, kind: "challenge-pack", text, diagnostics: inOrder(diagnostics) } };
}

/** validateFile, with a crash turned into an `internal-error` report on that file alone. */
export function validateSafely(job: FileJob): FileOutcome {
  try {
    return validateFile(job);
  } catch (e) {
    return { report: internalErrorReport(job.path, e) };
  }
}

/**
 * A file whose check threw (a packlint bug, or a limit of the runtime such as the call stack): one
 * `internal-error` diagnostic in its place, so that the other files of the run are still reported.
 */
export function internalErrorReport(path: string, error: unknown): FileReport {
  const first = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).split("\n")[0];
  const at = { line: 0, character: 0 };
  return {
    path,
    kind: "challenge-pack",
    text: "",
    diagnostics: [
      {
        code: "internal-error",
        severity: "error",
        field: null,
        message: `packlint failed while checking this file (${first}); the file was not checked. Please report this with the file.`,
        range: { start: at, end: at },
      },
    ],
  };
}

/** Bytes that do not decode: a YAML error for the reference's reader, at the replacement character. */
function encodingDiagnostics({ text, problem }: DecodedFile, rules: FileJob["rules"]): PackDiagnostic[] {
  const level = rules["yaml-syntax"];
  if (!problem || level === "off") return [];
  const lines = TextDocument.create("file:///decoded", "yaml", 0, text);
  return [{ code: "yaml-syntax", severity: level ?? "error", field: null, message: problem.message, range: toRange(lines, problem.span), data: { yamlCode: "INVALID_ENCODING" } }];
}

function inOrder(diagnostics: PackDiagnostic[]): PackDiagnostic[] {
  return diagnostics.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
