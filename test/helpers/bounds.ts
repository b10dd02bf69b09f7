import assert from "node:assert/strict";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
/** The engine's collector, reached without starting node with --expose-gc. */
const gc = runInNewContext("gc") as () => void;

export interface Bounds {
  /** Wall-clock milliseconds (generous: the machine running the tests may be shared). */
  ms: number;
  /** Megabytes the call leaves reachable (its result included), measured after a full collection. */
  heapMB: number;
}

export interface Measured<T> {
  result: T;
  ms: number;
  heapMB: number;
}

/** Runs `fn` and asserts it stays within the time and retained-heap bounds. */
export function withinBounds<T>(what: string, bounds: Bounds, fn: () => T): Measured<T> {
  gc();
  const before = process.memoryUsage().heapUsed;
  const started = performance.now();
  const result = fn();
  const ms = performance.now() - started;
  gc();
  const heapMB = (process.memoryUsage().heapUsed - before) / 1e6;
  assert.ok(ms < bounds.ms, `${what}: took ${ms.toFixed(0)} ms (bound ${bounds.ms} ms)`);
  assert.ok(heapMB < bounds.heapMB, `${what}: retained ${heapMB.toFixed(1)} MB (bound ${bounds.heapMB} MB)`);
  return { result, ms, heapMB };
}
