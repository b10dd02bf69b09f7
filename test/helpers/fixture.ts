import { TextDocument } from "vscode-languageserver-textdocument";
import type { Position, Range } from "../../server/src/service/pack";

/** Range markers in fixture text: ⟦ starts and ⟧ ends an expected range; ‸ marks the cursor. */
export const OPEN = "⟦";
export const CLOSE = "⟧";
export const CURSOR = "‸";

export interface Marked {
  text: string;
  ranges: Range[];
  cursor?: Position;
  cursorOffset?: number;
}

/** Strips the markers and returns the clean text with the marked ranges (LSP positions in the clean text). */
export function marked(src: string): Marked {
  let text = "";
  const starts: number[] = [];
  const spans: [number, number][] = [];
  let cursorOffset: number | undefined;
  for (const ch of src) {
    if (ch === OPEN) starts.push(text.length);
    else if (ch === CLOSE) {
      const s = starts.pop();
      if (s === undefined) throw new Error("fixture: ⟧ without ⟦");
      spans.push([s, text.length]);
    } else if (ch === CURSOR) cursorOffset = text.length;
    else text += ch;
  }
  if (starts.length) throw new Error("fixture: ⟦ without ⟧");
  const doc = TextDocument.create("file:///fixture.yaml", "yaml", 0, text);
  spans.sort((a, b) => a[0] - b[0]);
  return {
    text,
    ranges: spans.map(([s, e]) => ({ start: doc.positionAt(s), end: doc.positionAt(e) })),
    cursor: cursorOffset === undefined ? undefined : doc.positionAt(cursorOffset),
    cursorOffset,
  };
}

/** Removes the common indentation of a template literal, so fixtures can be indented with the test code. */
export function yaml(strings: TemplateStringsArray, ...values: unknown[]): string {
  const raw = strings.reduce((acc, s, i) => acc + s + (i < values.length ? String(values[i]) : ""), "");
  const lines = raw
    .replace(/^\n/, "")
    .replace(/\n[ \t]*$/, "\n")
    .split("\n");
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length));
  return lines.map((l) => l.slice(indent)).join("\n");
}
