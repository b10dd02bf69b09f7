import type { DocumentKind, DecodedFile } from "../service";
import { JobRunner } from "./analysis-job";
import type { FileSummary } from "./file-check";
import { WorkerGate } from "./worker-gate";

export interface AnalysisThreadOptions {
  died?(error: Error, uri: string | undefined): void;
}

/**
 * In the web build, in place of analysis-thread.ts: the server already runs in a Web Worker, which cannot start a
 * thread of its own everywhere, so each file of the index is analysed on the server's thread, one at a time, each
 * after a turn of the event loop. The open document never waits for more than one file: the index reads its next
 * file only when the foreground is idle (WorkspaceIndex's `pause`), as in Node.
 */
export class AnalysisThread {
  private readonly runner = new JobRunner();
  private nextId = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private terminated = false;
  private running = 0;
  /** Never closed for long here: the index's pause between files does its work. */
  readonly gate = new WorkerGate();

  constructor(_options: AnalysisThreadOptions = {}) {}

  get pending(): number {
    return this.running;
  }

  analyze(kind: DocumentKind, decoded: DecodedFile, uri: string, roots: readonly string[]): Promise<FileSummary> {
    if (this.terminated) return Promise.reject(new Error("the index's analysis was stopped"));
    this.running++;
    const job = { id: ++this.nextId, uri, kind, decoded, roots };
    const done = this.queue.then(
      () =>
        new Promise<FileSummary>((resolve) =>
          setTimeout(() => {
            this.running--;
            resolve(this.runner.run(job).summary);
          }, 0),
        ),
    );
    this.queue = done.catch(() => undefined);
    return done;
  }

  terminate(): Promise<void> {
    this.terminated = true;
    return Promise.resolve();
  }
}
