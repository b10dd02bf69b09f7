/** Whether a code action of `kind` is among the kinds a client asked for (`only`; none: every kind), LSP's hierarchy included. */
export function kindWanted(kind: string, only?: readonly string[]): boolean {
  return !only || only.some((k) => kind === k || kind.startsWith(k + "."));
}
