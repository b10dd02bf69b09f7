import type { DocumentKind, DecodedFile } from "../service";
import { ConfinedFiles } from "./confined-files";
import { analyzeFile, failedSummary, type FileSummary } from "./file-check";
import { confinedSkillHost } from "./skill-host";
import { injectedFault } from "./test-fault";

/**
 * What the workspace index sends its worker thread for one file (plain data: it crosses the thread boundary by
 * structured clone), and what comes back. `roots` are the workspace folders: a Skill case file reads its Skill
 * folder inside them, as the server's open documents do.
 */
export interface AnalysisJob {
  id: number;
  uri: string;
  kind: DocumentKind;
  decoded: DecodedFile;
  roots: readonly string[];
}

export interface AnalysisResult {
  id: number;
  summary: FileSummary;
}

/** Runs one job where it is (the index's worker thread): a check that throws gives the file one `internal-error`. */
export class JobRunner {
  private files?: { key: string; files: ConfinedFiles };

  run(job: AnalysisJob): AnalysisResult {
    try {
      injectedFault(job.decoded.text);
      return { id: job.id, summary: analyzeFile(job.kind, job.decoded, job.uri, { skillHost: confinedSkillHost(this.confined(job.roots)) }) };
    } catch (e) {
      return { id: job.id, summary: failedSummary(e) };
    }
  }

  /** The confined view of the roots, kept while they stay the same (it resolves each root's real path). */
  private confined(roots: readonly string[]): ConfinedFiles {
    const key = JSON.stringify(roots);
    if (this.files?.key !== key) this.files = { key, files: new ConfinedFiles(roots) };
    return this.files.files;
  }
}
