/**
 * A raw answer as the checks read it: its text with Markdown emphasis and any `selected_skill:` / `status:` field it
 * wrote itself blanked out (offsets unchanged), cut into clauses, and the negation that governs a place in a clause.
 * English and Chinese.
 *
 * A clause ends at a sentence end, a line end, a semicolon, a Chinese comma, and before a connective that starts a
 * new predicate ("…, then UPDATE invoices", "…, I will…", "然后…"). An English comma alone does not end one, so a
 * negation carries over a list ("I won't modify files, run commands or send email").
 */

export interface Clause {
  start: number;
  end: number;
  /** The clause's text, lower-cased, the same length as the original. */
  lower: string;
}

export interface AnswerText {
  /** The raw answer with `**`, `__` and backticks blanked, CRLF read as LF, curly apostrophes straightened. */
  text: string;
  /** `text` lower-cased, character for character. */
  lower: string;
  clauses: Clause[];
}

/** Answers are read up to this many characters (a dry-run answer is short); the Raw Response keeps all of it. */
export const MAX_ANALYZED = 256 * 1024;

export function readAnswer(raw: string): AnswerText {
  let text = raw.slice(0, MAX_ANALYZED).replace(/^\uFEFF/, " ");
  text = text
    .replace(/\r\n/g, " \n")
    .replace(/\r/g, "\n")
    .replace(/\*\*|__/g, "  ")
    .replace(/`/g, " ")
    .replace(/[’‘]/g, "'")
    // The answer's own `selected_skill:` / `status:` lines are the contract's fields written by the answer: never read.
    .replace(/^([ \t>*-]*(?:selected_skill|status)[ \t]*[:：][ \t]*)([^\s,;，。；]*)/gim, (m) => " ".repeat(m.length));
  const lower = lowerSameLength(text);
  return { text, lower, clauses: clausesOf(lower) };
}

/** Lower case, one character for one, so that offsets into the lower-cased text are offsets into the text. */
export function lowerSameLength(s: string): string {
  let out = "";
  for (const ch of s) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

const HARD_END = /[\n!?。！？；;，]/;
/** Where a new predicate starts inside a sentence: after a comma that a connective or a subject follows, or at a connective. */
const SOFT_BREAK =
  /,\s*(?=(?:and |but |so |then |after that|afterwards|next|however|instead|otherwise|finally|i |i'|we |we'|you |it |this |they |the (?:agent|skill|user) ))|\s(?=(?:and then|then|but|however|otherwise|after that|afterwards)\s)|(?=然后|接着|随后|但是|不过|所以|因此|之后再)/g;

function clausesOf(lower: string): Clause[] {
  const out: Clause[] = [];
  let start = 0;
  const push = (s: number, e: number) => {
    if (lower.slice(s, e).trim()) out.push({ start: s, end: e, lower: lower.slice(s, e) });
  };
  const sentence = (s: number, e: number) => {
    let from = s;
    for (const m of lower.slice(s, e).matchAll(SOFT_BREAK)) {
      const at = s + m.index + m[0].length;
      if (at > from) push(from, at);
      from = at;
    }
    push(from, e);
  };
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i];
    const ends = HARD_END.test(c) || (c === "." && (i + 1 === lower.length || /\s/.test(lower[i + 1])));
    if (!ends) continue;
    sentence(start, i + 1);
    start = i + 1;
  }
  sentence(start, lower.length);
  return out;
}

/** The clause holding offset `at` (the last one for the end of the text). */
export function clauseAt(t: AnswerText, at: number): Clause {
  let lo = 0;
  let hi = t.clauses.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (t.clauses[mid].start <= at) lo = mid;
    else hi = mid - 1;
  }
  return t.clauses[lo] ?? { start: 0, end: t.text.length, lower: t.lower };
}

/** Words that look like negations but deny nothing of what they stand next to, blanked before a negation is looked for. */
const NOT_NEGATIONS =
  /\b(?:not only|no matter|no errors?|no issues?|no problems?|without (?:errors?|issues?|problems?)|no doubt|without (?:a |any )?doubt|no question|without question|no-?brainer|none other than)\b|^\s*no\s*[,.!:—-]\s*|不同|不错|不断|不少|不过|不仅|不久|差不多|不论|无论|未来|无误|无异常|没问题|没有问题|没有错误|别的|别人|毫无疑问|无疑/g;

/** A negation, English or Chinese: what an action or a choice next to it is not. */
const NEGATOR =
  /\b(?:not|no|never|none|nothing|nobody|neither|nor|without|cannot|can't|won't|don't|doesn't|didn't|isn't|aren't|wasn't|weren't|haven't|hasn't|hadn't|shouldn't|wouldn't|mustn't|needn't|avoid|avoids|avoiding|refrain|refrains|instead of|rather than|unlike|forbidden|prohibited)\b|不|没|未|无|勿|别|禁止|避免|而非|并非|切勿|绝不/;

/** The negations that deny a statement of fact ("I ran no commands", "没有执行"), for execution claims. */
const DENIAL =
  /\b(?:not|no|never|none|nothing|neither|nor|zero|won't|don't|doesn't|didn't|haven't|hasn't|hadn't|wasn't|weren't|isn't|aren't)\b|不|没|未|无|并未|从未/;

/** A negation right after a place that governs it: "X is not needed", "X — no", "X 不适合", "X（不执行）". */
const AFTER_NEGATION =
  /^[\s"'”」)）]*(?:(?:skill\s+|here\s+)?(?:(?:is|are|was|were|will|would|should|must|can|could|do|does|did|has|have|had|needs?|gets?|seems?)\s*(?:not\b|n't\b|never\b)|won't\s+(?:help|work|fit|apply|do\b|cut it|be\s+(?:needed|used|useful|helpful|relevant|right|the right|appropriate|suitable|a (?:good )?fit)))|(?:—|-|:|：|\()\s*(?:not|no|never|none)\b|(?:是|会|将|要|被|并|也)?(?:不|并不|不太|没有|未|无需|禁止|不会|不要|不需要|不允许|不得|不适合|不适用|不相关))/;

/** A dash or an arrow sets what follows against what precedes ("Not X — Y", "X → Y"): a negation does not cross it. */
const DASH = /\s[—–-]{1,2}\s|—|→|->|=>/g;

function afterLastDash(s: string): string {
  let from = 0;
  for (const m of s.matchAll(DASH)) from = m.index + m[0].length;
  return s.slice(from);
}

function blanked(s: string): string {
  return s.replace(NOT_NEGATIONS, (m) => " ".repeat(m.length));
}

/** Is the place [start, end) governed by a negation in its clause: one before it, or a predicate right after it? */
export function negatedAt(t: AnswerText, start: number, end: number, negator: RegExp = NEGATOR): boolean {
  const c = clauseAt(t, start);
  const before = blanked(afterLastDash(t.lower.slice(c.start, start)));
  if (negator.test(before)) return true;
  return AFTER_NEGATION.test(blanked(t.lower.slice(end, c.end)));
}

/** Does the clause deny what it says ("I have modified no files", "我已修改的文件：无")? */
export function clauseDenies(c: Clause): boolean {
  return DENIAL.test(blanked(c.lower));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A pattern for a term as authors write it: case-insensitive, spaces, `-`, `_` and `/` alike between its words, an
 * optional plural on its last Latin word, and no letter or digit glued to either end of a Latin term.
 */
export function termPattern(term: string): RegExp | undefined {
  const words = lowerSameLength(term.trim())
    .split(/[\s_\-/]+/)
    .filter(Boolean);
  if (!words.length) return undefined;
  const latin = (w: string) => /[a-z0-9]$/.test(w);
  const body = words.map(escape).join("[\\s_\\-/]+");
  const plural = latin(words[words.length - 1]) ? "(?:e?s)?" : "";
  const before = /^[a-z0-9]/.test(words[0]) ? "(?<![a-z0-9])" : "";
  const after = latin(words[words.length - 1]) ? "(?![a-z0-9])" : "";
  return new RegExp(`${before}${body}${plural}${after}`, "g");
}

/** Every place a term is written, at most `limit` of them (bounded work on a pathological answer). */
export function findTerm(t: AnswerText, term: string, limit = 200): { start: number; end: number }[] {
  const re = termPattern(term);
  if (!re) return [];
  const out: { start: number; end: number }[] = [];
  for (const m of t.lower.matchAll(re)) {
    out.push({ start: m.index, end: m.index + m[0].length });
    if (out.length >= limit) break;
  }
  return out;
}

/** The sentence around a clause: from the previous sentence end to the next (a Chinese comma does not end one). */
export function sentenceOf(t: AnswerText, c: { start: number; end: number }): { start: number; end: number } {
  let start = c.start;
  while (start > 0 && !/[\n!?。！？；;]/.test(t.lower[start - 1]) && !(t.lower[start - 1] === "." && /\s/.test(t.lower[start] ?? ""))) start--;
  let end = c.end;
  while (end < t.lower.length && !/[\n!?。！？；;]/.test(t.lower[end - 1] ?? "") && !(t.lower[end - 1] === "." && /\s/.test(t.lower[end] ?? ""))) end++;
  return { start, end };
}

/** The clause's original text, whitespace collapsed, for quoting in a finding. */
export function quote(t: AnswerText, c: { start: number; end: number }, max = 80): string {
  const s = t.text.slice(c.start, c.end).replace(/\s+/g, " ").trim();
  return s.length > max ? s.slice(0, max - 1) + "…" : s;
}
