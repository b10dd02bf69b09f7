import type * as Re2js from "re2js";

/**
 * Go's regexp.Compile acceptance (RE2 syntax) and its error text (`error parsing regexp: …`), or undefined
 * when the pattern compiles. The pattern is only compiled, never run.
 */
export function goRegexpError(pattern: string): string | undefined {
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
