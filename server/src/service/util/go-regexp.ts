import type * as Re2js from "re2js";

/**
 * Verdicts by pattern text. Compiling is the costliest check of a hostile pack (a 750 KB pattern takes seconds),
 * and every edit rebuilds the model: a verdict depends on the text alone, so it is kept for the next version.
 * Bounded by the characters of the patterns it holds; the oldest go first.
 */
const verdicts = new Map<string, string | undefined>();
let cachedChars = 0;
const MAX_CACHED_CHARS = 16_000_000;

/**
 * Patterns longer than this (UTF-16 code units) are not compiled: compiling costs up to 8 µs a character (a
 * 750 KB pattern takes seconds), and real patterns stay under a few hundred characters. A rule that meets one
 * reports `pattern-too-large` (rules/pattern-budget.ts) instead of a verdict.
 */
export const MAX_PATTERN_LENGTH = 10_000;

/** Whether a pattern is over the budget, so goRegexpError does not compile it. */
export function patternTooLarge(pattern: string): boolean {
  return pattern.length > MAX_PATTERN_LENGTH;
}

/**
 * Go's regexp.Compile acceptance (RE2 syntax) and its error text (`error parsing regexp: …`), or undefined
 * when the pattern compiles, or is too large to compile (patternTooLarge). The pattern is only compiled, never run.
 */
export function goRegexpError(pattern: string): string | undefined {
  if (patternTooLarge(pattern)) return undefined;
  if (verdicts.has(pattern)) return verdicts.get(pattern);
  const verdict = compileError(pattern);
  if (pattern.length <= MAX_CACHED_CHARS) {
    for (const old of verdicts.keys()) {
      if (cachedChars + pattern.length <= MAX_CACHED_CHARS) break;
      verdicts.delete(old);
      cachedChars -= old.length;
    }
    verdicts.set(pattern, verdict);
    cachedChars += pattern.length;
  }
  return verdict;
}

function compileError(pattern: string): string | undefined {
  const { RE2JS, RE2JSSyntaxException } = re2js();
  try {
    RE2JS.compile(pattern);
    return undefined;
  } catch (e) {
    if (e instanceof RE2JSSyntaxException) return e.message;
    throw e;
  }
}

/** re2js, loaded on first use: most packs have no pattern, and the CLI starts faster without it. */
export function re2js(): typeof Re2js {
  return require("re2js") as typeof Re2js;
}
