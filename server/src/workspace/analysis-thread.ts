import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { DocumentKind, DecodedFile } from "../service";
import type { AnalysisJob, AnalysisResult } from "./analysis-job";
import { failedSummary, type FileSummary } from "./file-check";
import { WorkerGate } from "./worker-gate";

/** The worker's script: `index-worker.js` beside this module, in out/ (tsc) and beside the server's bundle alike. */
export const INDEX_WORKER = join(__dirname, "index-worker.js");

/**
 * The worker's heap, in megabytes: a file whose check needs more stops the worker (it is started again, the file
 * gets one `internal-error`), never the server. A 7.9 MB pack of two million findings took 4.5 GB before findings
 * were capped (issue 35); a generated pack of 10,000 cases (6.5 MB) needs under 1 GB.
 */
export const INDEX_WORKER_HEAP_MB = 2_048;

export interface AnalysisThreadOptions {
  script?: string;
  /** The worker's heap limit (default INDEX_WORKER_HEAP_MB). */
  heapMB?: number;
  /** The worker stopped (a crash, out of memory) while on `uri`'s file; it is started again for the files after it. */
  died?(error: Error, uri: string | undefined): void;
}

/**
 * The workspace index's analysis, off the main thread: one worker thread that builds each file's model and sends
 * back its summary (plain data), so that requests never wait for a file of the index. Started on first use; a
 * worker that dies is started again, the file it was on gets one `internal-error` (failedSummary) and the files
 * queued after it are sent to the new worker. The worker does not keep the process alive while it has nothing to do.
 */
export class AnalysisThread {
  private worker?: Worker;
  private nextId = 0;
  /** Jobs sent and not answered, in the order sent: the worker answers in that order, so the first is the one it is on. */
  private readonly sent = new Map<number, { job: AnalysisJob; done: (summary: FileSummary) => void; failed: (e: Error) => void }>();
  private terminated = false;
  /** Closed, it holds the worker at its next pause point (the server keeps it closed while the editor is busy). */
  readonly gate = new WorkerGate();

  constructor(private readonly options: AnalysisThreadOptions = {}) {}

  /** How many files are sent and not answered. */
  get pending(): number {
    return this.sent.size;
  }

  analyze(kind: DocumentKind, decoded: DecodedFile, uri: string, roots: readonly string[]): Promise<FileSummary> {
    if (this.terminated) return Promise.reject(new Error("the index's worker thread was terminated"));
    const job: AnalysisJob = { id: ++this.nextId, uri, kind, decoded, roots };
    return new Promise((done, failed) => {
      this.sent.set(job.id, { job, done, failed });
      const worker = this.running();
      worker.ref();
      worker.postMessage(job);
    });
  }

  /** Ends the worker; files sent and not answered are rejected (the server shuts down). */
  terminate(): Promise<void> {
    this.terminated = true;
    this.gate.open();
    const worker = this.worker;
    this.worker = undefined;
    const error = new Error("the index's worker thread was terminated");
    for (const { failed } of this.sent.values()) failed(error);
    this.sent.clear();
    return worker ? worker.terminate().then(() => undefined) : Promise.resolve();
  }

  private running(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.options.script ?? INDEX_WORKER, {
      workerData: { gate: this.gate.buffer },
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMB ?? INDEX_WORKER_HEAP_MB },
    });
    this.worker = worker;
    worker.on("message", (result: AnalysisResult) => {
      const entry = this.sent.get(result.id);
      this.sent.delete(result.id);
      if (!this.sent.size) worker.unref();
      entry?.done(result.summary);
    });
    worker.on("error", (e: Error & { code?: string }) =>
      this.died(
        worker,
        e.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new Error(`checking it needs more than the ${this.options.heapMB ?? INDEX_WORKER_HEAP_MB} MB of memory the workspace index allows`)
          : e,
      ),
    );
    worker.on("exit", (code) => this.died(worker, new Error(`the index's worker thread stopped (exit code ${code})`)));
    return worker;
  }

  private died(worker: Worker, error: Error): void {
    if (worker !== this.worker) return; // its "exit" after its "error", or a worker already replaced
    this.worker = undefined;
    void worker.terminate();
    const [on, ...queued] = [...this.sent.values()];
    if (on) {
      this.sent.delete(on.job.id);
      this.options.died?.(error, on.job.uri);
      on.done(failedSummary(error));
    } else this.options.died?.(error, undefined);
    if (!queued.length) return;
    const next = this.running();
    for (const { job } of queued) next.postMessage(job);
  }
}
