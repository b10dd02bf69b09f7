import { getPriority, setPriority } from "node:os";
import { workerData } from "node:worker_threads";
import { waitAtGate } from "./worker-gate";

/**
 * The workspace index's worker thread (AnalysisThread starts it as `index-worker.js` beside the server): builds the
 * model of each file the main thread sends, one at a time in the order sent, and sends back its summary
 * (index-worker-loop.ts). It loads the language service only once the gate first lets it go on: started while the
 * editor is busy, it does nothing until the editor is quiet.
 */

/**
 * The index is background work: on a busy machine it should take the CPU mostly when the server's main thread (and
 * whatever else runs) leaves it. On Linux a thread's nice value is its own, so this lowers this thread alone; on
 * other systems it would lower the whole server, so it is left as it is there. Measured on 2 oversubscribed vCPUs:
 * opening a 1,000-case pack while the index builds took 2.0–2.1× the time it takes in an empty workspace with the
 * worker at the server's priority, 1.2–1.5× at nice 10, 1.07× at 19; but at 19 the index all but stopped while
 * other programs kept the CPUs busy (a workspace of 22 packs not indexed within 10 s), so 10.
 */
const BACKGROUND_NICE = 10;
if (process.platform === "linux") {
  try {
    // Only ever lowers the priority: a server started at a nice value above 10 leaves the worker at its own.
    setPriority(0, Math.max(getPriority(0), BACKGROUND_NICE));
  } catch {
    // not allowed here (a sandbox): the worker runs at the server's priority
  }
}

const gate = (workerData as { gate?: SharedArrayBuffer } | undefined)?.gate;
const pause = gate ? waitAtGate(gate) : () => undefined;
pause();
void import("./index-worker-loop").then(({ serveJobs }) => serveJobs(pause));
