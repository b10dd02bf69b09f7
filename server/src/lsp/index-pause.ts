import type { WorkerGate } from "../workspace/worker-gate";

/** The editor has been quiet this long (no message, no request, no diagnostics due): the index goes on. */
export const QUIET_MS = 500;
/**
 * However busy the editor stays, the index is held this long at most before it goes on for SLICE_MS: only a client
 * that never goes quiet for QUIET_MS reaches it (a person typing pauses long before). At 3 s the slices came often
 * enough, in a benchmark of completions one every 50 ms then one every 250 ms, to double their p95 (4.6 → 10 ms).
 */
export const MAX_HELD_MS = 10_000;
export const SLICE_MS = 250;

/**
 * When the index's worker thread may work: it is held from the moment the editor is busy (Foreground) until the
 * editor has been quiet for QUIET_MS, so that a request or an open document never shares the machine with the
 * index; typing is a burst of messages, and the index waits for its end. A request that waits for the index
 * itself lets it go on at once. So that the index is never starved, a hold lasts MAX_HELD_MS at most; then the
 * worker runs for SLICE_MS whatever comes.
 *
 * Measured on 2 cores with a workspace of 200 packs: the worker's building of models (and its collector's
 * threads) delayed the answers to requests from 1.5 ms to 5–15 ms at times, whatever its nice value; holding it
 * while the editor is busy, and the index's main-thread part waiting for the foreground (Foreground.idle), avoid it.
 */
export class IndexPause {
  private busy = false;
  private lastBusy = 0;
  private slicing = false;
  private disposed = false;
  private quiet?: NodeJS.Timeout;
  private cap?: NodeJS.Timeout;

  constructor(
    private readonly gate: Pick<WorkerGate, "closed" | "close" | "open" | "stops">,
    private readonly trace: (message: string) => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** The foreground changed: whether it is busy, and whether a request waits for the index. */
  update(busy: boolean, awaitingIndex: boolean): void {
    if (this.disposed) return;
    if (busy || this.busy) this.lastBusy = this.now();
    this.busy = busy;
    if (this.slicing) return;
    if (busy) this.hold();
    else if (awaitingIndex) this.release();
    else if (this.gate.closed) this.releaseWhenQuiet(QUIET_MS);
  }

  /** The server shuts down: the worker goes on (to be ended) and no timer is left. */
  dispose(): void {
    this.disposed = true;
    this.release();
  }

  private hold(): void {
    clearTimeout(this.quiet);
    if (this.gate.closed) return;
    this.gate.close();
    this.trace("index paused: the editor is busy");
    this.cap = unref(setTimeout(() => this.slice(), MAX_HELD_MS));
  }

  private release(): void {
    clearTimeout(this.quiet);
    clearTimeout(this.cap);
    if (!this.gate.closed) return;
    this.gate.open();
    this.trace(`index resumed (worker stops at the gate so far: ${this.gate.stops})`);
  }

  private releaseWhenQuiet(ms: number): void {
    clearTimeout(this.quiet);
    this.quiet = unref(setTimeout(() => this.release(), ms));
  }

  /** Held MAX_HELD_MS: the worker runs SLICE_MS, then is held again if the editor is still busy or not yet quiet. */
  private slice(): void {
    this.release();
    this.slicing = true;
    unref(
      setTimeout(() => {
        this.slicing = false;
        if (this.disposed) return;
        const quietFor = this.now() - this.lastBusy;
        if (!this.busy && quietFor >= QUIET_MS) return;
        this.hold();
        if (!this.busy) this.releaseWhenQuiet(QUIET_MS - quietFor);
      }, SLICE_MS),
    );
  }
}

function unref(timer: NodeJS.Timeout): NodeJS.Timeout {
  timer.unref?.();
  return timer;
}
