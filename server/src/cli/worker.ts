import { parentPort } from "node:worker_threads";
import { validateFile, type FileJob } from "./validate-file";

/** A pool worker: validates the files the main thread sends, one at a time. */
parentPort?.on("message", (msg: { index: number; job: FileJob }) => {
  try {
    parentPort!.postMessage({ index: msg.index, outcome: validateFile(msg.job) });
  } catch (e) {
    parentPort!.postMessage({ index: msg.index, crash: (e as Error).stack ?? String(e) });
  }
});
