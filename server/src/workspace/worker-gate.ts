/**
 * A gate in shared memory between the server's main thread and the index's worker thread. While the main thread
 * keeps it closed, the worker stops at its next pause point (service/util/pause-points.ts) and sleeps there,
 * using no CPU and allocating nothing, until the gate opens. Cells: [0] is 1 while closed; [1] counts the worker's
 * stops.
 */
export class WorkerGate {
  // A browser without cross-origin isolation has no SharedArrayBuffer; there the index runs on the server's thread.
  readonly buffer: SharedArrayBuffer | ArrayBuffer =
    typeof SharedArrayBuffer === "function" ? new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT) : new ArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
  private readonly cells = new Int32Array(this.buffer);

  get closed(): boolean {
    return Atomics.load(this.cells, 0) === 1;
  }

  /** How many times the worker has stopped at the gate so far. */
  get stops(): number {
    return Atomics.load(this.cells, 1);
  }

  close(): void {
    Atomics.store(this.cells, 0, 1);
  }

  open(): void {
    Atomics.store(this.cells, 0, 0);
    Atomics.notify(this.cells, 0);
  }
}

/** The worker's side: a pause point that waits while the gate over `buffer` is closed. */
export function waitAtGate(buffer: SharedArrayBuffer): () => void {
  const cells = new Int32Array(buffer);
  return () => {
    if (Atomics.load(cells, 0) === 0) return;
    Atomics.add(cells, 1, 1);
    while (Atomics.load(cells, 0) === 1) Atomics.wait(cells, 0, 1);
  };
}
