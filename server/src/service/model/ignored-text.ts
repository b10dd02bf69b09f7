import type { Document } from "yaml";
import type { Finding } from "../types";
import { lineEnd, lineStart } from "../util/lines";

/** Our own rule: text the reference never reads, so that no data the author wrote is dropped silently. */
export const IGNORED_TEXT = "ignored-text";

/**
 * The reference reads the first YAML document only, and only its root node: text after a `...` document end
 * marker, a second document (`---`), and lines indented less than the root node's first line (which end that node)
 * are never read. One warning, on the first line of that text. The documents are the parser's (scanning the text
 * for markers would cost every version of a document of megabytes a pass over it).
 */
export function ignoredText(text: string, first: Document.Parsed | undefined, extra: readonly Document.Parsed[]): Finding[] {
  const root = firstContent(text, 0, true);
  if (!root) return [];
  if (root.indent > 0) {
    const less = new RegExp(`^([ \\t]{0,${root.indent - 1}})[^ \\t\\r\\n#]`, "gm");
    less.lastIndex = lineEnd(text, root.start);
    const m = less.exec(text);
    const dedent = m ? m.index + m[1].length : undefined;
    if (dedent !== undefined && (extra.length === 0 || dedent < extra[0].range[0])) {
      return [warning(text, dedent, `ignored: this line is indented less than the pack's first line (line ${lineNumber(text, root.start)}), which ends the pack for AgentClash, so it never reads this or anything after it`)];
    }
  }
  // A marker with nothing after it (an empty document) drops no data.
  if (!first || !extra.some((d) => d.contents?.range && d.contents.range[1] > d.contents.range[0])) return [];
  const rest = firstContent(text, extra[0].range[0], false);
  if (!rest) return [];
  if (!first.directives?.docEnd) return [warning(text, rest.start, "ignored: a second YAML document; AgentClash reads only the first, so it never reads this or anything after it")];
  const end = lineStart(text, text.lastIndexOf("...", extra[0].range[0]));
  return [warning(text, rest.start, `ignored: AgentClash stops reading the pack at the "..." on line ${lineNumber(text, end)}, so it never reads this or anything after it`)];
}

/** The first line from `from` that holds more than blanks and a comment (skipping a leading `---` and directives). */
function firstContent(text: string, from: number, skipStart: boolean): { start: number; indent: number } | undefined {
  const re = /^([ \t]*)([^ \t\r\n#])/gm;
  re.lastIndex = from;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index + m[1].length;
    if (skipStart && m[1] === "" && (text.startsWith("%", start) || /^---(?=[ \t\r\n]|$)/.test(text.slice(start, start + 4)))) {
      re.lastIndex = lineEnd(text, start);
      continue;
    }
    return { start, indent: m[1].length };
  }
  return undefined;
}

function lineNumber(text: string, offset: number): number {
  let n = 1;
  for (let i = lineStart(text, offset) - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}

function warning(text: string, start: number, message: string): Finding {
  return { code: IGNORED_TEXT, severity: "warning", field: null, message, span: { start, end: Math.max(start + 1, lineEnd(text, start)) } };
}
