import type { Finding } from "../types";
import type { SyntaxProblem } from "../model/parse";
import { lineStart } from "./yaml-view";
import { MAX_SYNTAX_ERRORS } from "../model/limits";

/**
 * YAML syntax errors, as for packs (code `yaml-syntax`). One common mistake gets a clearer message: text after a
 * block scalar indicator on the same line (`query: > <text>`, as in the specification's own template).
 */
export function syntaxFindings(text: string, syntax: readonly SyntaxProblem[]): Finding[] {
  const out: Finding[] = syntax.slice(0, MAX_SYNTAX_ERRORS).map((s) => {
    const before = text.slice(lineStart(text, s.span.start), s.span.start);
    const header = /:\s*([>|][-+0-9]*)\s+$/.exec(before);
    const message = header
      ? `text cannot follow the block scalar indicator "${header[1]}" on the same line: start the text on the next line, indented (or quote it: key: "text")`
      : s.message;
    return {
      code: "yaml-syntax",
      severity: "error",
      field: null,
      message,
      span: s.span,
      ...(s.related && { related: s.related }),
      data: { yamlCode: s.yamlCode },
    };
  });
  const more = syntax.length - MAX_SYNTAX_ERRORS;
  if (more > 0) {
    const next = syntax[MAX_SYNTAX_ERRORS];
    out.push({
      code: "yaml-syntax",
      severity: "error",
      field: null,
      message: `… and ${more} more YAML syntax error${more === 1 ? "" : "s"}`,
      span: next.span,
      data: { yamlCode: "MORE", more },
    });
  }
  return out;
}
