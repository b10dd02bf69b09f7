/**
 * A fault the protocol tests inject to check fault isolation: with PACKLINT_TEST_FAULT set to a marker, checking
 * a text that holds the marker throws, as a packlint bug would. Unset (always, outside those tests), it does nothing.
 */
const marker = process.env.PACKLINT_TEST_FAULT;

export function injectedFault(text: string): void {
  if (marker && text.includes(marker)) throw new Error("a fault injected by the tests");
}
