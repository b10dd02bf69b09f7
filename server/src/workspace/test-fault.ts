import { isMainThread } from "node:worker_threads";

/**
 * Faults the protocol tests inject to check fault isolation. With PACKLINT_TEST_FAULT set to a marker, checking a
 * text that holds the marker throws, as a packlint bug would; with PACKLINT_TEST_CRASH set to a marker, the
 * index's worker thread ends abruptly on such a text, as it would when a file makes it run out of memory. Unset
 * (always, outside those tests), they do nothing.
 */
const marker = process.env.PACKLINT_TEST_FAULT;
const crash = process.env.PACKLINT_TEST_CRASH;

export function injectedFault(text: string): void {
  if (marker && text.includes(marker)) throw new Error("a fault injected by the tests");
}

/** In a worker thread only: `process.exit` there ends the thread, never the server. */
export function injectedCrash(text: string): void {
  if (crash && !isMainThread && text.includes(crash)) process.exit(70);
}
