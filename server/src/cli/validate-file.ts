import { resolve } from "node:path";
import { URI } from "vscode-uri";
import type { DocumentKind } from "../service/languages";
import type { RuleLevels } from "../service/diagnostics";
import { skillDirOf } from "../service/skill-cases";
import { assetFilesFor } from "../workspace/asset-host";
import { checkFile } from "../workspace/file-check";
import { ConfinedFiles } from "../workspace/confined-files";
import { workspacePath } from "../workspace/paths";
import { confinedSkillHost } from "../workspace/skill-host";
import { kindOfNamed, readBytes } from "./files";
import type { FileReport } from "./report";

/** One file to validate, with the rule severities that apply to it (its config, then --rule). */
export interface FileJob {
  path: string;
  /** Its kind, when its name (or in a directory run, its content) decided it. */
  kind?: DocumentKind;
  rules: RuleLevels;
  /** Folders the pack's asset paths may lead into (the working directory, the directories named); see assetRoots. */
  roots: string[];
  /** The working directory, against which resolved asset paths are printed. */
  cwd: string;
}

/** The outcome for one file: a report, or why it could not be read (a usage error in the caller). */
export type FileOutcome = { report: FileReport } | { unreadable: string };

export function validateFile(job: FileJob): FileOutcome {
  let bytes: Buffer;
  try {
    bytes = readBytes(job.path);
  } catch (e) {
    return { unreadable: (e as Error).message };
  }
  const file = resolve(job.path);
  const files = new ConfinedFiles(job.roots);
  // A case file may also read its own Skill folder (SKILL.md, inputs.files); paths leading out are reported, never followed.
  const skillFiles = new ConfinedFiles([...job.roots, skillDirOf(file)]);
  const { kind, text, diagnostics } = checkFile(bytes, URI.file(file).toString(), (t) => job.kind ?? kindOfNamed(t), {
    rules: job.rules,
    assetFiles: assetFilesFor(files, job.path, (p) => workspacePath(p, job.cwd)),
    skillHost: confinedSkillHost(skillFiles),
  });
  return { report: { path: job.path, kind, text, diagnostics } };
}
