import { buildPackModel, packDiagnostics, type RuleSettings } from "../service";
import { readText } from "./files";
import type { FileReport } from "./report";
import { isSkillCasesFile, skillFileReport } from "./skill";

/** One file to validate, with the rule severities that apply to it (its config, then --rule). */
export interface FileJob {
  path: string;
  rules: NonNullable<RuleSettings["rules"]>;
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
  if (isSkillCasesFile(job.path, text)) return { report: skillFileReport(job.path, text) };
  const diagnostics = packDiagnostics(buildPackModel(text), { rules: job.rules });
  return { report: { path: job.path, kind: "challenge-pack", text, diagnostics } };
}
