import { parentPort } from "node:worker_threads";
import { setPausePoint } from "../service";
import { JobRunner, type AnalysisJob } from "./analysis-job";
import { injectedCrash } from "./test-fault";

/** The index worker's work: each file the main thread sends, analysed in the order sent; `pause` at the service's pause points. */
export function serveJobs(pause: () => void): void {
  setPausePoint(pause);
  const runner = new JobRunner();
  parentPort?.on("message", (job: AnalysisJob) => {
    injectedCrash(job.decoded.text);
    parentPort!.postMessage(runner.run(job));
  });
}
