import type { Finding } from "../types";
import type { SyntaxProblem } from "./parse";
import { MAX_SYNTAX_ERRORS } from "./limits";

/**
 * YAML syntax problems as `yaml-syntax` findings, for packs and case files alike: the first MAX_SYNTAX_ERRORS, then
 * one "… and N more" at the next. `message` may word a problem for its kind of file.
 */
export function syntaxErrorFindings(problems: readonly SyntaxProblem[], message: (s: SyntaxProblem) => string = (s) => s.message): Finding[] {
  const out: Finding[] = problems.slice(0, MAX_SYNTAX_ERRORS).map((s) => ({
    code: "yaml-syntax",
    severity: "error",
    field: null,
    message: message(s),
    span: s.span,
    ...(s.related && { related: s.related }),
    data: { yamlCode: s.yamlCode },
  }));
  const more = problems.length - MAX_SYNTAX_ERRORS;
  if (more > 0) {
    out.push({
      code: "yaml-syntax",
      severity: "error",
      field: null,
      message: `… and ${more} more YAML syntax error${more === 1 ? "" : "s"}`,
      span: problems[MAX_SYNTAX_ERRORS].span,
      data: { yamlCode: "MORE", more },
    });
  }
  return out;
}
