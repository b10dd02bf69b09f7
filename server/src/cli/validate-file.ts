import { assetFileDiagnostics, assetPathRefs, buildPackModel, packDiagnostics, type RuleSettings } from "../service";
import { ConfinedFiles } from "../workspace/confined-files";
import { assetFilesFor } from "../workspace/asset-host";
import { readText } from "./files";
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
  let text: string;
  try {
    text = readText(job.path);
  } catch (e) {
    return { unreadable: (e as Error).message };
  }
  if (isSkillCasesFile(job.path, text)) return { report: skillFileReport(job.path, text, job.roots, { rules: job.rules }) };
  const model = buildPackModel(text);
  const files = assetFilesFor(new ConfinedFiles(job.roots), job.path, (p) => workspacePath(p, job.cwd));
  const diagnostics = [...packDiagnostics(model, { rules: job.rules }), ...assetFileDiagnostics(assetPathRefs(model), files, { rules: job.rules })];
  diagnostics.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  return { report: { path: job.path, kind: "challenge-pack", text, diagnostics } };
}
