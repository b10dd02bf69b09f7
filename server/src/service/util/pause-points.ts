/**
 * Places in a long analysis where the thread running it may stop for a while: the workspace index's worker thread
 * waits there while the editor is busy (workspace/worker-gate.ts), so that the index never competes with the
 * document being edited. Elsewhere (the server's main thread, the CLI) a pause point does nothing.
 */
let hook: () => void = () => undefined;

/** Sets what a pause point does in this thread. */
export function setPausePoint(pause: () => void): void {
  hook = pause;
}

/** Lets the thread's host hold it here, if it wants to. */
export function pausePoint(): void {
  hook();
}
