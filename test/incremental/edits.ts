import type { Rng } from "../fuzz/mutate";

/** One replacement of [start, end) of the current text by `text` (offsets; the test turns them into LSP ranges). */
export interface OffsetChange {
  start: number;
  end: number;
  text: string;
}

const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const int = (r: Rng, n: number) => Math.floor(r() * n);

const TYPED = [..."abcdefghijklmnopqrstuvwxyz-_0123456789 "];
const SYNTAX = [
  ":",
  ": ",
  "-",
  "- ",
  "#",
  '"',
  "'",
  "[",
  "]",
  "{",
  "}",
  ",",
  "|",
  ">",
  "&a ",
  "*a",
  "!!str ",
  "? ",
  "\t",
  "~",
  "\n",
  "\r\n",
  "\r",
  "---",
  "...",
  "\\",
  "{{ input.prompt }}",
  "input:",
  "artifact:",
  "\u0001",
  "\u007f",
  "\u0085",
  "\u2028",
  "%YAML 1.1\n",
  "\t# c",
  '"\\ud800"',
  "!<> ",
];

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

function lineEndOf(text: string, offset: number): number {
  const nl = text.indexOf("\n", offset);
  return nl < 0 ? text.length : nl;
}

function indentOf(text: string, lineStart: number): string {
  let i = lineStart;
  while (text[i] === " ") i++;
  return text.slice(lineStart, i);
}

/** A random offset, more often inside a line's content than at its edges. */
function position(text: string, r: Rng): number {
  return int(r, text.length + 1);
}

/**
 * One random editing step, as a person (or an editor) makes them: typing and deleting characters, pasting
 * lines elsewhere, cutting lines, pressing enter, changing indentation, switching line endings, writing block
 * scalars, and several changes sent together. Each step is a list of changes applied in order.
 */
export function randomEdit(text: string, r: Rng): OffsetChange[] {
  const pos = position(text, r);
  switch (int(r, 14)) {
    case 0:
    case 1: // type a character
      return [{ start: pos, end: pos, text: pick(r, TYPED) }];
    case 2: // type a syntax token
      return [{ start: pos, end: pos, text: pick(r, SYNTAX) }];
    case 3: // backspace
      return pos > 0 ? [{ start: pos - 1, end: pos, text: "" }] : [];
    case 4: // delete a selection, maybe across lines
      return [{ start: pos, end: Math.min(text.length, pos + 1 + int(r, 60)), text: "" }];
    case 5: {
      // paste lines copied from elsewhere, at a line start or anywhere
      const from = lineStartOf(text, position(text, r));
      let to = from;
      for (let n = 1 + int(r, 25); n > 0 && to < text.length; n--) to = lineEndOf(text, to) + 1;
      const chunk = text.slice(from, Math.min(to, text.length));
      const at = r() < 0.7 ? lineStartOf(text, pos) : pos;
      return [{ start: at, end: at, text: chunk }];
    }
    case 6: {
      // cut whole lines
      const from = lineStartOf(text, pos);
      let to = from;
      for (let n = 1 + int(r, 8); n > 0 && to < text.length; n--) to = lineEndOf(text, to) + 1;
      return [{ start: from, end: Math.min(to, text.length), text: "" }];
    }
    case 7: {
      // enter, keeping the indentation (sometimes one level deeper)
      const indent = indentOf(text, lineStartOf(text, pos));
      return [{ start: pos, end: pos, text: "\n" + indent + (r() < 0.3 ? "  " : "") }];
    }
    case 8: {
      // indent or dedent a line
      const ls = lineStartOf(text, pos);
      if (r() < 0.5) return [{ start: ls, end: ls, text: "  " }];
      const indent = indentOf(text, ls).length;
      return indent > 0 ? [{ start: ls, end: ls + Math.min(indent, 2), text: "" }] : [];
    }
    case 9: {
      // line endings: CRLF at one line, or back to LF
      const nl = text.indexOf("\n", pos);
      if (nl < 0) return [];
      if (text[nl - 1] === "\r") return [{ start: nl - 1, end: nl, text: "" }];
      return [{ start: nl, end: nl, text: "\r" }];
    }
    case 10: {
      // a block scalar as a value: after a key's colon, or typed inside an existing one
      const le = lineEndOf(text, pos);
      const indent = indentOf(text, lineStartOf(text, pos)) + "  ";
      const style = pick(r, ["|", "|-", "|+", ">", ">-", "|2"]);
      const body = Array.from({ length: 1 + int(r, 4) }, (_, k) =>
        k === 1 && r() < 0.3 ? "" : indent + pick(r, ["line", "more text", "# not a comment", "- not an item", "key: not a key"]),
      ).join("\n");
      const colon = text.lastIndexOf(":", le);
      if (colon > lineStartOf(text, pos) && r() < 0.7) return [{ start: colon + 1, end: le, text: ` ${style}\n${body}` }];
      return [{ start: le, end: le, text: "\n" + body }];
    }
    case 11: {
      // type a word, one keystroke per change, sent together
      const word = Array.from({ length: 2 + int(r, 6) }, () => pick(r, TYPED));
      return word.map((ch, k) => ({ start: pos + k, end: pos + k, text: ch }));
    }
    case 12: {
      // two edits far apart, sent together (the second in the text after the first)
      const a = randomEdit(text, r);
      const after = applyOffsetChanges(text, a);
      return [...a, ...randomEdit(after, r).slice(0, 1)];
    }
    default: {
      // replace a scalar value
      const ls = lineStartOf(text, pos);
      const le = lineEndOf(text, pos);
      const colon = text.indexOf(": ", ls);
      if (colon < 0 || colon >= le) return [{ start: pos, end: pos, text: pick(r, TYPED) }];
      return [{ start: colon + 2, end: le, text: pick(r, ["x", "", "[a, b]", "{a: 1}", "12", '"quoted"', "'single'", "null", "input:prompt", "case-x"]) }];
    }
  }
}

/** The block of lines that starts at line start `ls`: that line and the following ones indented more. */
function blockAt(text: string, ls: number): [number, number] {
  const indent = indentOf(text, ls).length;
  let end = Math.min(text.length, lineEndOf(text, ls) + 1);
  while (end < text.length) {
    const next = indentOf(text, end);
    const rest = text[end + next.length];
    if (next.length <= indent && rest !== "\n" && rest !== "\r" && rest !== undefined) break;
    end = Math.min(text.length, lineEndOf(text, end) + 1);
  }
  return [ls, end];
}

/**
 * An editing step that mostly keeps the pack well-formed, as most keystrokes do: typing and deleting inside
 * values, duplicating or cutting a block (a case, an input, a key with its children), pressing enter.
 * One step in five is a chaotic one (randomEdit), so errors appear and, after an undo, go away again.
 */
export function realisticEdit(text: string, r: Rng): OffsetChange[] {
  const ls = lineStartOf(text, position(text, r));
  const le = lineEndOf(text, ls);
  const colon = text.indexOf(": ", ls);
  const inValue = colon >= 0 && colon + 2 <= le ? colon + 2 + int(r, le - colon - 1) : -1;
  switch (int(r, 10)) {
    case 0:
    case 1:
    case 2:
    case 3:
    case 6: // type in a value
      return inValue >= 0 ? [{ start: inValue, end: inValue, text: pick(r, TYPED) }] : [];
    case 7: // backspace in a value
      return inValue > colon + 2 ? [{ start: inValue - 1, end: inValue, text: "" }] : [];
    case 4: {
      // duplicate a block below itself or paste it before a sibling
      const [from, to] = blockAt(text, ls);
      const chunk = text.slice(from, to).replace(/\n?$/, "\n");
      const at = r() < 0.5 ? from : to;
      return [{ start: at, end: at, text: chunk }];
    }
    case 5: {
      // cut a block
      const [from, to] = blockAt(text, ls);
      return [{ start: from, end: to, text: "" }];
    }
    case 8: {
      // enter at the end of a line, then a new key or item at that indentation
      const indent = indentOf(text, ls);
      return [{ start: le, end: le, text: "\n" + indent + pick(r, ["key: x", "- key: y", "kind: text", "x"]) }];
    }
    default:
      return randomEdit(text, r);
  }
}

/** One change that turns `from` into `to` (their common prefix and suffix kept), as an editor's undo sends it. */
export function diffChange(from: string, to: string): OffsetChange {
  let p = 0;
  const max = Math.min(from.length, to.length);
  while (p < max && from.charCodeAt(p) === to.charCodeAt(p)) p++;
  let q = 0;
  while (q < max - p && from.charCodeAt(from.length - 1 - q) === to.charCodeAt(to.length - 1 - q)) q++;
  return { start: p, end: from.length - q, text: to.slice(p, to.length - q) };
}

export function applyOffsetChanges(text: string, changes: readonly OffsetChange[]): string {
  for (const c of changes) text = text.slice(0, c.start) + c.text + text.slice(c.end);
  return text;
}
