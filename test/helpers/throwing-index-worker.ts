import { parentPort } from "node:worker_threads";

/** An index worker that fails on the first file it gets with an exception nobody catches, as a crashing thread would. */
parentPort?.on("message", () => {
  throw new Error("a worker thread that throws");
});
