import { statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { validateSafely, type FileJob, type FileOutcome } from "./validate-file";

/** Below this many files a worker's start-up (loading the service, warming it) costs more than it saves. */
const MIN_FILES_PER_WORKER = 8;

/**
 * Threads are used by default only from this many cores. With fewer, one Node process already keeps two busy
 * (its collector and compiler threads), and workers that each load and warm the service were measured slower
 * than one process (2 vCPUs, 40 and 200 packs of 100 cases: `--jobs 2` took 1.48× the wall time of `--jobs 1` over 40, and 1.16× the CPU time over 200).
 */
const MIN_CORES_FOR_THREADS = 4;

/**
 * The heap of a thread that validates files, in megabytes: a file whose check needs more ends the run with exit 3 and
 * its name, never a V8 abort (a one-line list of 2M items took 4.5 GB and aborted: issue 35).
 */
export const CLI_HEAP_MB = 4_096;

/** Files from this size are validated in a worker thread under CLI_HEAP_MB even in a run without threads. */
export const LARGE_FILE_BYTES = 1_000_000;

export interface PoolOptions {
  /** Upper bound on threads; default: `defaultJobs()`. */
  jobs?: number;
  /** The heap limit of the threads (default CLI_HEAP_MB). */
  heapMB?: number;
  onProgress?: (done: number, total: number) => void;
}

/** A bug while validating a file (not a problem in the file): the CLI exits 3. */
export class InternalError extends Error {}

/**
 * Validates every file, in worker threads when there are enough files to pay for them;
 * outcomes come back in the order of `jobs` whatever order the workers finish in.
 */
export async function validateAll(jobs: FileJob[], opts: PoolOptions = {}): Promise<FileOutcome[]> {
  const threads = threadCount(jobs.length, opts.jobs ?? defaultJobs());
  if (threads === 0) return validateInProcess(jobs, opts);
  return validateInWorkers(jobs, threads, opts);
}

/** The thread limit without `--jobs`: the machine's available parallelism from 4 of it, else one (no workers). */
export function defaultJobs(cores = availableParallelism()): number {
  return cores >= MIN_CORES_FOR_THREADS ? cores : 1;
}

/**
 * Worker threads for a run: up to `limit` and never more than the cores (`-j 100000` on 5,000 packs took 111 s and
 * 11.6 GB, `-j 1` 41 s and 0.9 GB: issue 35), each with enough files to pay for its start; under 2, none.
 */
export function threadCount(files: number, limit: number, cores = availableParallelism()): number {
  const threads = Math.min(limit, cores, Math.floor(files / MIN_FILES_PER_WORKER));
  return threads < 2 ? 0 : threads;
}

async function validateInProcess(jobs: FileJob[], opts: PoolOptions): Promise<FileOutcome[]> {
  const out: FileOutcome[] = [];
  for (const job of jobs) {
    out.push(isLarge(job) ? (await validateInWorkers([job], 1, { heapMB: opts.heapMB }))[0] : validateSafely(job));
    opts.onProgress?.(out.length, jobs.length);
    // Let the progress line reach the terminal between files.
    if (opts.onProgress) await new Promise((r) => setImmediate(r));
  }
  return out;
}

function isLarge(job: FileJob): boolean {
  try {
    return (job.bytes?.length ?? statSync(job.path).size) >= LARGE_FILE_BYTES;
  } catch {
    return false; // unreadable: validateSafely says so
  }
}

function validateInWorkers(jobs: FileJob[], threads: number, opts: PoolOptions): Promise<FileOutcome[]> {
  return new Promise((resolveAll, reject) => {
    const outcomes: FileOutcome[] = new Array(jobs.length);
    const workers: Worker[] = [];
    let next = 0;
    let done = 0;
    let failed = false;
    const stop = (err?: Error) => {
      for (const w of workers) void w.terminate();
      if (err) {
        failed = true;
        reject(err);
      } else resolveAll(outcomes);
    };
    const feed = (w: Worker) => {
      if (next < jobs.length) {
        const index = next++;
        on.set(w, index);
        w.postMessage({ index, job: jobs[index] });
      }
    };
    const heapMB = opts.heapMB ?? CLI_HEAP_MB;
    const on = new Map<Worker, number>();
    for (let i = 0; i < threads; i++) {
      const w = new Worker(join(__dirname, "worker.js"), { resourceLimits: { maxOldGenerationSizeMb: heapMB } });
      workers.push(w);
      w.on("message", (msg: { index: number; outcome: FileOutcome }) => {
        if (failed) return;
        outcomes[msg.index] = msg.outcome;
        done++; // not inside the optional call below: without onProgress it would never run
        opts.onProgress?.(done, jobs.length);
        if (done === jobs.length) stop();
        else feed(w);
      });
      w.on("error", (e: Error & { code?: string }) => {
        if (failed) return;
        const path = jobs[on.get(w) ?? -1]?.path;
        if (e.code === "ERR_WORKER_OUT_OF_MEMORY" && path !== undefined)
          stop(new InternalError(`while checking ${path}: it needs more than the ${heapMB} MB of memory packlint allows a file`));
        else stop(new InternalError(`worker failed${path === undefined ? "" : ` on ${path}`}: ${e.stack ?? e}`));
      });
      feed(w);
    }
  });
}
