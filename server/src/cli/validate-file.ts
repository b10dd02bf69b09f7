import { TextDocument } from "vscode-languageserver-textdocument";
import { assetFileDiagnostics, assetPathRefs, buildPackModel, packDiagnostics, toRange, type PackDiagnostic, type RuleSettings } from "../service";
import type { DecodedFile } from "../service/model/encoding";
import { ConfinedFiles } from "../workspace/confined-files";
import { assetFilesFor } from "../workspace/asset-host";
import { readYamlFile } from "./files";
import { basename } from "node:path";
import { looksLikePack } from "../service";
import { PACK_FILE_NAME } from "../workspace/discovery";
import { NOT_A_PACK } from "../service/rule-registry";
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
  /** Named on the command line and matched by no `packs` glob: checked only if its name or content makes it a pack or a case file. */
  sniff?: boolean;
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
  const binary = binaryFile(job, text);
  if (binary) return { report: { path: job.path, kind: "challenge-pack", text, diagnostics: [binary] } };
  const encoding = encodingDiagnostics(decoded, job.rules);
  if (isSkillCasesFile(job.path, text)) {
    const report = skillFileReport(job.path, text, job.roots, { rules: job.rules });
    return { report: { ...report, diagnostics: inOrder([...encoding, ...report.diagnostics]) } };
  }
  const notAPack = notAPackFile(job, text);
  if (notAPack) return { report: { path: job.path, kind: "challenge-pack", text, diagnostics: [notAPack] } };
  const model = buildPackModel(text);
  const files = assetFilesFor(new ConfinedFiles(job.roots), job.path, (p) => workspacePath(p, job.cwd));
  const diagnostics = [...encoding, ...packDiagnostics(model, { rules: job.rules }), ...assetFileDiagnostics(assetPathRefs(model), files, { rules: job.rules })];
  return { report: { path: job.path, kind: "challenge-pack", text, diagnostics: inOrder(diagnostics) } };
}

<<<<<<< HEAD
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
=======
/** One error for a binary file (a NUL byte: YAML is text), instead of one per line of it. */
function binaryFile(job: FileJob, text: string): PackDiagnostic | undefined {
  const nul = text.indexOf("\0");
  if (nul >= 0 && job.rules["yaml-syntax"] !== "off") {
    const at = TextDocument.create("file:///decoded", "yaml", 0, text).positionAt(nul);
    return {
      code: "yaml-syntax",
      severity: job.rules["yaml-syntax"] ?? "error",
      field: null,
      message: "this is a binary file, not YAML text (it holds a NUL byte here): a challenge pack is UTF-8 text, or UTF-16 with a byte order mark",
      range: { start: at, end: { line: at.line, character: at.character + 1 } },
      data: { yamlCode: "BINARY" },
    };
  }
  return undefined;
}

/** One error for a file named on the command line that neither its name, a `packs` glob nor its content makes a pack (or a case file). */
function notAPackFile(job: FileJob, text: string): PackDiagnostic | undefined {
  if (!job.sniff || PACK_FILE_NAME.test(basename(job.path)) || looksLikePack(text) || job.rules[NOT_A_PACK] === "off") return undefined;
  const start = { line: 0, character: 0 };
  return {
    code: NOT_A_PACK,
    severity: job.rules[NOT_A_PACK] ?? "error",
    field: null,
    message:
      "not a challenge pack: packlint expected a challenge pack or a Skill Testing case file. A pack is a file named *.pack.yaml or *.pack.yml, " +
      "one the config's \"packs\" globs match, or YAML with a top-level pack: key and challenges: or input_sets:; " +
      "a case file is named skill_cases.yaml or has a top-level skill: with cases:",
    range: { start, end: TextDocument.create("file:///decoded", "yaml", 0, text).positionAt(text.search(/[\r\n]|$/)) },
>>>>>>> issue-15
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
