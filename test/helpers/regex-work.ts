/**
 * The regular-expression work of a call, counted without a clock: every match attempt of every RegExp (`test`,
 * `exec`, and `replace`, `match`, `split`, `search` of a string, which all call `RegExp.prototype.exec` once it is
 * replaced) is counted with the characters it was given from its start index on. A sticky regex (`/…/y`) matches
 * only at its start index, so it is counted with the characters it matched (plus the one that stopped it).
 */
export interface RegexWork {
  /** Match attempts. */
  calls: number;
  /** Characters handed to the engine (input length minus start index; a sticky regex's match), summed over the calls. */
  chars: number;
  /** The longest input one attempt that is not sticky was given, and the pattern that got it. */
  longest: { length: number; source: string };
}

export function countRegexWork<T>(fn: () => T): { result: T; work: RegexWork } {
  const work: RegexWork = { calls: 0, chars: 0, longest: { length: 0, source: "" } };
  const exec = Object.getOwnPropertyDescriptor(RegExp.prototype, "exec") as PropertyDescriptor;
  const original = RegExp.prototype.exec;
  Object.defineProperty(RegExp.prototype, "exec", {
    ...exec,
    value: function (this: RegExp, input: string) {
      const s = String(input);
      const from = this.global || this.sticky ? this.lastIndex : 0;
      const match = original.call(this, s);
      work.calls++;
      if (this.sticky) work.chars += (match?.[0].length ?? 0) + 1;
      else {
        work.chars += Math.max(0, s.length - from);
        if (s.length - from > work.longest.length) work.longest = { length: s.length - from, source: this.source };
      }
      return match;
    },
  });
  try {
    return { result: fn(), work };
  } finally {
    Object.defineProperty(RegExp.prototype, "exec", exec);
  }
}
