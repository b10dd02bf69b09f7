import type { Finding } from "../types";
import { lineEnd, lineStart } from "../util/lines";

/** Our own rule: text the reference never reads, so that no data the author wrote is dropped silently. */
export const IGNORED_TEXT = "ignored-text";

/**
 * The reference reads the first YAML document only, and only its root node: text after a `...` document end
 * marker, a second document (`---` or a directive), and lines indented less than the root node's first line (which
 * end that node) are never read. `end` is where its reader stops (reference-reader.ts); one warning goes on the
 * first line of what it leaves that holds more than blanks, comments and markers, since only that drops data.
 */
export function ignoredText(text: string, end: number): Finding[] {
  if (end >= text.length) return [];
  const stop = firstContent(text, end, false);
  if (!stop) return [];
  if (stop.indent === 0 && /^\.\.\.(?=[ \t\r\n]|$)/.test(text.slice(stop.start, stop.start + 4))) {
    const rest = firstContent(text, lineEnd(text, stop.start), true);
    if (!rest) return [];
    return [
      warning(
        text,
        rest.start,
        `ignored: AgentClash stops reading the pack at the "..." on line ${lineNumber(text, stop.start)}, so it never reads this or anything after it`,
      ),
    ];
  }
  if (stop.indent === 0 && (text.startsWith("%", stop.start) || /^---(?=[ \t\r\n]|$)/.test(text.slice(stop.start, stop.start + 4)))) {
    if (!firstContent(text, stop.start, true)) return []; // a marker with nothing after it (an empty document) drops no data
    return [warning(text, stop.start, "ignored: a second YAML document; AgentClash reads only the first, so it never reads this or anything after it")];
  }
  const root = firstContent(text, 0, true);
  const where = root ? ` (line ${lineNumber(text, root.start)})` : "";
  return [
    warning(
      text,
      stop.start,
      `ignored: this line is indented less than the pack's first line${where}, which ends the pack for AgentClash, so it never reads this or anything after it`,
    ),
  ];
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
