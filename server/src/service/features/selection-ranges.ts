import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type Node } from "yaml";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { SelectionRange } from "vscode-languageserver-types";
import type { Position, Span } from "../types";

/** What selection ranges read of a YAML document model: packs and case files alike. */
export interface YamlText {
  readonly text: string;
  readonly lines: TextDocument;
  readonly yaml: Document.Parsed | undefined;
}

/**
 * Expand selection, from the YAML AST: at each position, from the inside out, a name inside a value (`inner`:
 * the key in `input:<key>`), the value without its quotes, the value, the `key: value` pair, a list item with its
 * dash, the mapping or list, and so on up to the whole document.
 */
export function selectionRanges(doc: YamlText, positions: readonly Position[], inner: readonly Span[] = []): SelectionRange[] {
  return positions.map((p) => {
    const offset = doc.lines.offsetAt(p);
    const spans = enclosing(doc, offset);
    for (const s of inner) if (s.start <= offset && offset <= s.end) spans.push(s);
    return nest(doc, spans, offset);
  });
}

/** The spans around `offset`, outermost first. */
function enclosing(doc: YamlText, offset: number): Span[] {
  const { text } = doc;
  const out: Span[] = [];
  /** A node's span without the blank lines and comment its range may end with. */
  const spans = new Map<Node, Span>();
  const spanOf = (n: Node): Span => {
    let span = spans.get(n);
    if (span) return span;
    const [start, end] = n.range!;
    if (!(isMap(n) || isSeq(n)) || n.flow) span = { start, end: trimSpace(text, start, end) };
    else {
      // Never above the end of its last item (a block scalar's line may start with `#`).
      const last: unknown = n.items[n.items.length - 1];
      const lastNode = (isPair(last) ? (last.value ?? last.key) : last) as Node | null | undefined;
      span = { start, end: Math.max(lastNode?.range ? spanOf(lastNode).end : start, trimEnd(doc, start, end)) };
    }
    spans.set(n, span);
    return span;
  };
  const inside = (s: Span) => s.start <= offset && offset <= s.end;
  const visit = (node: Node | null | undefined): void => {
    if (!node?.range || isAlias(node)) {
      if (node?.range) out.push(spanOf(node));
      return;
    }
    const span = spanOf(node);
    if (!inside(span)) return;
    out.push(span);
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = pair.key as Node | null;
        const value = pair.value as Node | null;
        const start = key?.range?.[0] ?? value?.range?.[0];
        if (start === undefined || start > offset) continue;
        // A pair ends before the next one starts: the spans of pairs before the offset are never measured.
        if (Math.max(value?.range?.[1] ?? 0, colonEnd(text, key)) < offset) continue;
        const end = value?.range ? spanOf(value).end : key?.range ? spanOf(key).end : start;
        // An empty value (`key:`) still selects its colon with the key.
        const pairSpan = { start, end: Math.max(end, colonEnd(text, key)) };
        if (!inside(pairSpan)) continue;
        out.push(pairSpan);
        if (key?.range && inside(spanOf(key))) visit(key);
        else visit(value);
        return;
      }
    } else if (isSeq(node)) {
      for (const item of node.items as (Node | null)[]) {
        if (!item?.range || item.range[1] < offset) continue;
        const own = spanOf(item);
        const dash = dashBefore(text, own.start);
        const withDash = { start: dash ?? own.start, end: own.end };
        if (!inside(withDash)) continue;
        if (dash !== undefined) out.push(withDash);
        visit(item);
        return;
      }
    } else if (isScalar(node) && (node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE") && span.end - span.start >= 2) {
      const unquoted = { start: span.start + 1, end: span.end - 1 };
      if (inside(unquoted)) out.push(unquoted);
    }
  };
  if (doc.yaml?.contents) visit(doc.yaml.contents as Node);
  return out;
}

/** SelectionRange links, innermost first, each strictly inside its parent. */
function nest(doc: YamlText, spans: Span[], offset: number): SelectionRange {
  const sorted = spans.filter((s) => s.start <= offset && offset <= s.end).sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  let parent: SelectionRange | undefined;
  let last: Span | undefined;
  for (const s of sorted) {
    if (last && (s.start < last.start || s.end > last.end || (s.start === last.start && s.end === last.end))) continue;
    parent = { range: { start: doc.lines.positionAt(s.start), end: doc.lines.positionAt(s.end) }, ...(parent && { parent }) };
    last = s;
  }
  const here = doc.lines.positionAt(offset);
  return parent ?? { range: { start: here, end: here } };
}

function trimEnd(doc: YamlText, start: number, end: number): number {
  const { text, lines } = doc;
  let e = Math.min(end, text.length);
  // A block collection's range runs to the next line's start: drop trailing white space and comment lines.
  for (;;) {
    e = trimSpace(text, start, e);
    const lineStart = lines.offsetAt({ line: lines.positionAt(e).line, character: 0 });
    if (lineStart <= start) return e;
    let i = lineStart;
    while (text[i] === " " || text[i] === "\t") i++;
    if (text[i] !== "#") return e;
    e = lineStart;
  }
}

function trimSpace(text: string, start: number, end: number): number {
  let e = Math.min(end, text.length);
  while (e > start && /\s/.test(text[e - 1])) e--;
  return e;
}

/** The end of `key:`'s colon, or 0 when there is no key. */
function colonEnd(text: string, key: Node | null): number {
  if (!key?.range) return 0;
  const m = /^[ \t]*:/.exec(text.slice(key.range[1], key.range[1] + 200));
  return m ? key.range[1] + m[0].length : key.range[1];
}

/** The offset of the `-` of a block sequence item starting at `start`, if written on the same line. */
function dashBefore(text: string, start: number): number | undefined {
  let i = start - 1;
  while (i >= 0 && (text[i] === " " || text[i] === "\t")) i--;
  return text[i] === "-" ? i : undefined;
}
