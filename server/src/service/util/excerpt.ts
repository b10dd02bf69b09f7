/** Helpers for the excerpts of the rule books (`*.book.ts`). */

export interface Excerpts {
  wrong: string;
  right: string;
}

export const pair = (wrong: string, right: string): Excerpts => ({ wrong, right });

export const indent = (s: string, n: number): string => s.replace(/^(?=.)/gm, " ".repeat(n));

/** Marks `text` where it first occurs within the first `context` of the wrong excerpt (unchanged when absent). */
export function markIn(p: Excerpts, context: string, text = context): Excerpts {
  const at = p.wrong.indexOf(context);
  const inner = at < 0 ? -1 : context.indexOf(text);
  if (inner < 0) return p;
  const start = at + inner;
  return { ...p, wrong: `${p.wrong.slice(0, start)}⟦${text}⟧${p.wrong.slice(start + text.length)}` };
}
