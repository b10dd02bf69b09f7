import { RE2JS, RE2JSSyntaxException } from "re2js";

/**
 * Go's regexp.Compile acceptance (RE2 syntax) and its error text (`error parsing regexp: …`), or undefined
 * when the pattern compiles. The pattern is only compiled, never run.
 */
export function goRegexpError(pattern: string): string | undefined {
  try {
    RE2JS.compile(pattern);
    return undefined;
  } catch (e) {
    if (e instanceof RE2JSSyntaxException) return e.message;
    throw e;
  }
}
