import type { Finding } from "../rules/context";
import { lineEnd, lineStart } from "../util/lines";

/** Our own rule: text the reference never reads, so that no data the author wrote is dropped silently. */
export const IGNORED_TEXT = "ignored-text";

/** A document marker at the start of a line. */
const MARKER = /^(---|\.\.\.)(?=[ \t\r\n]|$)/gm;

/**
 * The reference reads the first YAML document only, and only its root node: text after a `...` document end
 * marker, a second document (`---`), and lines indented less than the root node's first line (which end that node)
 * are never read. One warning, on the first line of that text. Searched with regular expressions, not line by line:
 * this runs on every version of documents of megabytes.
 */
export function ignoredText(text: string): Finding[] {
  const root = firstContent(text, 0, true);
  if (!root) return [];
  const rootLine = lineNumber(text, root.start);
  const after = lineEnd(text, root.start);
  MARKER.lastIndex = after;
  const marker = MARKER.exec(text);
  let dedent: number | undefined;
  if (root.indent > 0) {
    const less = new RegExp(`^([ \\t]{0,${root.indent - 1}})[^ \\t\\r\\n#]`, "gm");
    less.lastIndex = after;
    const m = less.exec(text);
    if (m) dedent = m.index + m[1].length;
  }
  if (dedent !== undefined && (!marker || dedent < marker.index)) {
    return [warning(text, dedent, `ignored: this line is indented less than the pack's first line (line ${rootLine}), which ends the pack for AgentClash, so it never reads this or anything after it`)];
  }
  if (!marker) return [];
  if (marker[1] === "---") return [warning(text, marker.index, "ignored: a second YAML document; AgentClash reads only the first, so it never reads this or anything after it")];
  const rest = firstContent(text, lineEnd(text, marker.index), false);
  if (!rest) return [];
  return [warning(text, rest.start, `ignored: AgentClash stops reading the pack at the "..." on line ${lineNumber(text, marker.index)}, so it never reads this or anything after it`)];
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
