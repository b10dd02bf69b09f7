import { parentPort } from "node:worker_threads";
import { validateSafely, type FileJob } from "./validate-file";

/** A pool worker: validates the files the main thread sends, one at a time. */
parentPort?.on("message", (msg: { index: number; job: FileJob }) => {
  parentPort!.postMessage({ index: msg.index, outcome: validateSafely(msg.job) });
});
