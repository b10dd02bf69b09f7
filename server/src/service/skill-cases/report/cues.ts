/** Wording cues in an answer's text, shared by the scorer and the formatter. */

export const NEGATION =
  /\b(not|no|never|without|avoid(s|ing)?|refrain|instead of|rather than|forbidden|must not|cannot|can't|don't|won't|shouldn't|nor)\b|不|没|无需|勿|禁止|避免|别|未/i;

/** Claims of having really done something during a dry run (past tense, first person). */
export const EXECUTION_CLAIM = [
  /\b(?:I|we)(?:\s+have|'ve)?\s+(?:already\s+|just\s+)?(?:executed|ran|edited|modified|deleted|invoked)\b[^.\n]*/i,
  /\b(?:I|we)(?:\s+have|'ve)\s+(?:already\s+|just\s+)?run\b[^.\n]*/i,
  /我(?:已经|已)(?:执行|运行|修改|删除|调用|提交)[^。\n]*/,
];

/** The first claim of real execution in a text, if any. */
export function executionClaim(text: string): string | undefined {
  for (const re of EXECUTION_CLAIM) {
    const m = re.exec(text);
    if (m) return m[0].trim().slice(0, 60);
  }
  return undefined;
}

/** Offsets of every case-insensitive occurrence of `term`. */
export function occurrences(text: string, term: string): number[] {
  const out: number[] = [];
  const t = text.toLowerCase();
  const needle = term.trim().toLowerCase();
  if (!needle) return out;
  for (let at = t.indexOf(needle); at >= 0; at = t.indexOf(needle, at + 1)) out.push(at);
  return out;
}

/** Is the occurrence at `at` inside a negated phrase ("will not …", "不会…")? Looks back within its sentence. */
export function negated(text: string, at: number): boolean {
  const start = Math.max(0, at - 60);
  const before = text.slice(start, at);
  const sentence = before.split(/[.!?。！？;；\n]/).pop() ?? "";
  return NEGATION.test(sentence);
}
