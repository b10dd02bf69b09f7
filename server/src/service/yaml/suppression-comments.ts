import { Composer, isAlias, isCollection, isNode, isPair, isScalar, Parser, visit, type Document } from "yaml";
import type { Range } from "../types";

/**
 * Inline suppressions, read from a YAML text's comments (pure: text in, plain data out):
 *
 * - `# packlint-disable-next-line CODE[, CODE] -- reason`: the node that starts on the next line that is not blank
 *   or a comment, with all it contains;
 * - `# packlint-disable CODE[, CODE]` … `# packlint-enable CODE[, CODE]`: the lines between (to the end of the file
 *   when no enable follows);
 * - `# packlint-disable-file CODE[, CODE]`: the whole file.
 *
 * They are keyed on rule codes and on the YAML node, never on message text. Only real comments count (never a `#`
 * inside a quoted or block scalar): they are the parser's comment tokens.
 */

export type SuppressionKind = "disable-next-line" | "disable" | "enable" | "disable-file";

/** One code named in a directive: where it is written, and what to delete to take it out of the list. */
export interface SuppressedCode {
  code: string;
  range: Range;
  /** The code with the comma and blanks that join it to the list. */
  removal: Range;
  /** For a `disable` block: the line of the `enable` that ends it for this code (else the block runs to the end of the file). */
  lastLine?: number;
}

/** A directive comment, as plain data (it crosses to the workspace index's thread). */
export interface SuppressionDirective {
  kind: SuppressionKind;
  codes: SuppressedCode[];
  /** The comment (`#` to its end). */
  range: Range;
  /** What to delete to remove the directive: its whole line when the comment stands alone, else the comment and the blanks before it. */
  removal: Range;
  /** The 0-based lines (first and last, inclusive) where the directive silences its codes; none for `enable`. */
  lines?: { first: number; last: number };
  /** Why the directive is not well formed (no code named, a `packlint-` word we do not know); it then silences nothing. */
  problem?: string;
}

/** Every directive of `text`, in text order; [] at once for a text that does not mention `packlint-`. */
export function suppressionDirectives(text: string): SuppressionDirective[] {
  if (!text.includes("packlint-")) return [];
  const tokens = [...new Parser().parse(text)];
  const comments: { offset: number; source: string }[] = [];
  collectComments(tokens, comments);
  // Only `packlint-disable…` and `packlint-enable…` are directives (a misspelled one among them is reported); any
  // other comment that starts with `packlint-` is the author's own.
  const found = comments.filter((c) => /^#\s*packlint-(disable|enable)/.test(c.source)).sort((a, b) => a.offset - b.offset);
  if (!found.length) return [];
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const lastLine = lineOf(text.length);
  let extents: Map<number, number> | undefined;
  const at = (offset: number) => {
    const line = lineOf(offset);
    return { line, character: offset - lineStarts[line] };
  };
  const out: SuppressionDirective[] = [];
  for (const c of found) {
    const d = parseDirective(c.source, c.offset, text, at);
    const line = lineOf(c.offset);
    if (!d.problem) {
      if (d.kind === "disable-file") d.lines = { first: 0, last: lastLine };
      else if (d.kind === "disable") d.lines = { first: line, last: lastLine };
      else if (d.kind === "disable-next-line") {
        extents ??= nodeExtents(tokens, lineOf);
        const next = nextContentLine(text, lineStarts, line + 1);
        if (next === undefined) d.problem = "no line follows it";
        else d.lines = { first: next, last: Math.max(next, extents.get(next) ?? next) };
      }
    }
    out.push(d);
  }
  closeBlocks(out);
  return out;
}

const KINDS: readonly SuppressionKind[] = ["disable-next-line", "disable-file", "disable", "enable"];

type At = (offset: number) => { line: number; character: number };

/** `# packlint-KIND CODE, CODE -- reason` → the directive, or what is wrong with it. */
function parseDirective(source: string, offset: number, text: string, at: At): SuppressionDirective {
  const m = /^#\s*packlint-([A-Za-z-]+)/.exec(source)!;
  const word = m[1];
  const kind = KINDS.find((k) => k === word);
  const end = offset + source.trimEnd().length;
  const base = { range: { start: at(offset), end: at(end) }, removal: removal(text, offset, end, at), codes: [] as SuppressedCode[] };
  if (!kind) return { ...base, kind: "disable", problem: `packlint-${word} is not a directive (write packlint-${KINDS.join(", packlint-")})` };
  // The codes end where the reason starts (` -- `).
  const rest = source.slice(m[0].length);
  const reason = rest.search(/\s--(\s|$)/);
  const list = reason < 0 ? rest : rest.slice(0, reason);
  const from = offset + m[0].length;
  const codes: SuppressedCode[] = [];
  const items = [...list.matchAll(/[^\s,]+/g)];
  items.forEach((c, i) => {
    const start = from + c.index;
    const stop = start + c[0].length;
    // The first code takes the separator after it with it; any other, the separator before it.
    const cut = i === 0 ? [start, items.length > 1 ? from + items[1].index : stop] : [from + items[i - 1].index + items[i - 1][0].length, stop];
    codes.push({ code: c[0], range: { start: at(start), end: at(stop) }, removal: { start: at(cut[0]), end: at(cut[1]) } });
  });
  if (!codes.length) return { ...base, kind, problem: `packlint-${kind} names no rule code: write the codes it is for` };
  return { ...base, kind, codes };
}

/** The comment's whole line when nothing else is on it, else the comment and the blanks before it. */
function removal(text: string, start: number, end: number, at: At): Range {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const nl = text.indexOf("\n", end);
  const lineEnd = nl < 0 ? text.length : nl;
  const before = text.slice(lineStart, start);
  if (!before.trim() && !text.slice(end, lineEnd).trim()) return { start: at(lineStart), end: at(nl < 0 ? text.length : nl + 1) };
  return { start: at(start - (before.length - before.trimEnd().length)), end: at(end) };
}

/** Each `disable` ends at the first later `enable` of its code (an `enable` of a code not disabled is a problem). */
function closeBlocks(out: SuppressionDirective[]): void {
  const open = new Map<string, SuppressionDirective[]>();
  for (const d of out) {
    if (d.problem) continue;
    if (d.kind === "disable") for (const c of d.codes) open.set(c.code, [...(open.get(c.code) ?? []), d]);
    if (d.kind !== "enable") continue;
    const line = d.range.start.line;
    for (const c of d.codes) {
      const blocks = open.get(c.code) ?? [];
      if (!blocks.length) d.problem = `packlint-enable ${c.code}: no packlint-disable ${c.code} comes before it`;
      // An enable ends the block for the codes it names; the block's other codes stay disabled.
      for (const b of blocks) for (const bc of b.codes) if (bc.code === c.code && bc.lastLine === undefined) bc.lastLine = line;
      open.delete(c.code);
    }
  }
}

/** The first line from `from` on that holds something other than blanks and comments. */
function nextContentLine(text: string, lineStarts: number[], from: number): number | undefined {
  for (let l = from; l < lineStarts.length; l++) {
    const end = l + 1 < lineStarts.length ? lineStarts[l + 1] : text.length;
    const line = text.slice(lineStarts[l], end).trim();
    if (line && !line.startsWith("#")) return l;
  }
  return undefined;
}

/** For each line where a key, a sequence item or a scalar starts, the last line of the widest of them that starts there (a key with its value). */
function nodeExtents(tokens: ReturnType<Parser["parse"]> extends Iterable<infer T> ? T[] : never, lineOf: (offset: number) => number): Map<number, number> {
  const extents = new Map<number, number>();
  const note = (start: number | undefined, end: number) => {
    if (start === undefined || end < 0) return;
    const first = lineOf(start);
    // A node's end is just past its last character.
    const last = lineOf(Math.max(start, end - 1));
    if (last > (extents.get(first) ?? -1)) extents.set(first, last);
  };
  const docs: Document.Parsed[] = [...new Composer().compose(tokens)];
  for (const doc of docs) {
    visit(doc, {
      Pair(_, pair) {
        const key = isNode(pair.key) ? pair.key : undefined;
        const value = isNode(pair.value) ? pair.value : undefined;
        note(key?.range?.[0] ?? value?.range?.[0], Math.max(tightEnd(key), tightEnd(value)));
      },
      // A sequence's items whole; never a mapping as such: its first key starts where it does, and it is that key's pair.
      Seq(_, seq) {
        for (const item of seq.items) if (isNode(item)) note(item.range?.[0], tightEnd(item));
      },
      Scalar(_, scalar) {
        note(scalar.range?.[0], tightEnd(scalar));
      },
    });
  }
  return extents;
}

/**
 * Where a node's text ends: its last scalar's end (a collection's own range runs on over the blanks and the
 * indentation after it, into the next line); -1 for none.
 */
function tightEnd(node: unknown): number {
  if (isScalar(node) || isAlias(node)) return node.range?.[1] ?? -1;
  if (isPair(node)) return Math.max(tightEnd(node.key), tightEnd(node.value));
  if (isCollection(node)) return node.items.reduce<number>((end, item) => Math.max(end, tightEnd(item)), node.range?.[0] ?? -1);
  return -1;
}

/** Every comment token of the parser's tokens, at any depth. */
function collectComments(value: unknown, out: { offset: number; source: string }[]): void {
  if (Array.isArray(value)) {
    for (const v of value) collectComments(v, out);
    return;
  }
  if (!value || typeof value !== "object") return;
  const token = value as { type?: unknown; offset?: unknown; source?: unknown };
  if (token.type === "comment" && typeof token.offset === "number" && typeof token.source === "string") {
    out.push({ offset: token.offset, source: token.source });
    return;
  }
  for (const v of Object.values(value)) if (v && typeof v === "object") collectComments(v, out);
}
