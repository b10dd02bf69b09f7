import assert from "node:assert/strict";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
/** The engine's collector, reached without starting node with --expose-gc. */
const gc = runInNewContext("gc") as () => void;

/** Bounds on work a test can hold without depending on the machine's speed or load (never wall-clock time). */
export interface Bounds {
  /** Megabytes the call leaves reachable (its result included), measured after a full collection. */
  heapMB: number;
}

export interface Measured<T> {
  result: T;
  heapMB: number;
}

/** Runs `fn` and asserts it stays within the retained-heap bound. */
export function withinBounds<T>(what: string, bounds: Bounds, fn: () => T): Measured<T> {
  gc();
  const before = process.memoryUsage().heapUsed;
  const result = fn();
  gc();
  const heapMB = (process.memoryUsage().heapUsed - before) / 1e6;
  assert.ok(heapMB < bounds.heapMB, `${what}: retained ${heapMB.toFixed(1)} MB (bound ${bounds.heapMB} MB)`);
  return { result, heapMB };
}
