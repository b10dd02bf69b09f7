import { parentPort } from "node:worker_threads";
import { JobRunner, type AnalysisJob } from "./analysis-job";
import { injectedCrash } from "./test-fault";

/**
 * The workspace index's worker thread (AnalysisThread starts it as `index-worker.js` beside the server): builds the
 * model of each file the main thread sends, one at a time in the order sent, and sends back its summary.
 */
const runner = new JobRunner();
parentPort?.on("message", (job: AnalysisJob) => {
  injectedCrash(job.decoded.text);
  parentPort!.postMessage(runner.run(job));
});
