import type { Finding } from "../types";
import type { SyntaxProblem } from "../yaml/parse";
import { lineStart } from "./yaml-view";
import { syntaxErrorFindings } from "../yaml/syntax-findings";

/**
 * YAML syntax errors, as for packs (code `yaml-syntax`). One common mistake gets a clearer message: text after a
 * block scalar indicator on the same line (`query: > <text>`, as in the specification's own template).
 */
export function syntaxFindings(text: string, syntax: readonly SyntaxProblem[]): Finding[] {
  return syntaxErrorFindings(syntax, (s) => {
    const before = text.slice(lineStart(text, s.span.start), s.span.start);
    const header = /:\s*([>|][-+0-9]*)\s+$/.exec(before);
    return header
      ? `text cannot follow the block scalar indicator "${header[1]}" on the same line: start the text on the next line, indented (or quote it: key: "text")`
      : s.message;
  });
}
