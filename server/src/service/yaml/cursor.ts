import { Document, isMap, isScalar, isSeq, Node, Scalar, YAMLMap, YAMLSeq } from "yaml";
import type { Span } from "../types";

/** A key, or a written (not decoded) list index. */
export type PathSegment = string | number;

/**
 * Where a cursor stands in the YAML structure, worked out from the AST and the indentation, so that it
 * also works in the half-typed documents of an editing session:
 * - "key": on a key (or on a blank/partial line where a key of the map at `path` goes);
 * - "value": in the scalar value of `key` in the map at `path`;
 * - "item": on a scalar item (or a new item) of the sequence at `path`;
 * - "none": in a comment, or nowhere a key or value can go.
 */
export interface CursorContext {
  role: "key" | "value" | "item" | "none";
  /** Keys and written list indexes from the root to the map (key, value) or sequence (item) the cursor is in. */
  path: PathSegment[];
  /** Role value: the key whose value this is. Role key: the key under the cursor, if one is written. */
  key?: string;
  /** Role item: the written index of the item (the list's length for an item not written yet). */
  index?: number;
  /** What a completion replaces: the scalar or partial word under the cursor (inside quotes), else empty at the cursor. */
  span: Span;
  /** The part of `span` before the cursor. */
  prefix: string;
  /** Column where the key or item content starts (or would start). */
  column: number;
  /** The text of the cursor's line before the cursor. */
  linePrefix: string;
  /** The map (key, value) or sequence (item) the cursor is in, when it is written. */
  node?: YAMLMap | YAMLSeq;
}

interface Walk {
  text: string;
  offset: number;
  column: number;
  linePrefix: string;
}

export function cursorContext(doc: Document | undefined, text: string, offset: number): CursorContext {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const linePrefix = text.slice(lineStart, offset);
  const w: Walk = { text, offset, column: offset - lineStart, linePrefix };
  const none: CursorContext = { role: "none", path: [], span: { start: offset, end: offset }, prefix: "", column: w.column, linePrefix };
  if (inComment(linePrefix)) return none;
  const root = doc?.contents as Node | null | undefined;
  if (!root || (isScalar(root) && !isCollection(root))) {
    const span = root && isScalar(root) && within(root, offset) ? scalarSpan(root, text) : wordAt(text, offset);
    return { role: "key", path: [], span, prefix: text.slice(span.start, offset), column: span.start - lineStart, linePrefix };
  }
  return walk(w, root, []) ?? none;
}

function isCollection(n: unknown): n is YAMLMap | YAMLSeq {
  return isMap(n) || isSeq(n);
}

function range(n: Node): [number, number, number] {
  return (n.range ?? [0, 0, 0]) as [number, number, number];
}

function within(n: Node, offset: number): boolean {
  const [s, e] = range(n);
  return s <= offset && offset <= e;
}

function sameLine(text: string, a: number, b: number): boolean {
  return !text.slice(Math.min(a, b), Math.max(a, b)).includes("\n");
}

function columnOf(text: string, offset: number): number {
  return offset - (text.lastIndexOf("\n", offset - 1) + 1);
}

function inComment(linePrefix: string): boolean {
  let quote = "";
  for (let i = 0; i < linePrefix.length; i++) {
    const c = linePrefix[i];
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") {
      if (i === 0 || /[\s:[{,-]/.test(linePrefix[i - 1])) quote = c;
    } else if (c === "#" && (i === 0 || /\s/.test(linePrefix[i - 1]))) return true;
  }
  return false;
}

/** A scalar's replaceable text: its content, inside the quotes for a quoted scalar. */
export function scalarSpan(node: Scalar, text: string): Span {
  const [s, e] = range(node);
  if ((node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE") && e > s) {
    const q = text[s];
    const closed = e - s >= 2 && text[e - 1] === q;
    return { start: s + 1, end: closed ? e - 1 : e };
  }
  return { start: s, end: e };
}

/** The partial word around the cursor (no spaces, colons or flow punctuation). */
function wordAt(text: string, offset: number): Span {
  let s = offset;
  while (s > 0 && !/[\s:,[\]{}]/.test(text[s - 1])) s--;
  let e = offset;
  while (e < text.length && !/[\s:,[\]{}]/.test(text[e])) e++;
  return { start: s, end: e };
}

function ctx(w: Walk, role: CursorContext["role"], path: PathSegment[], span: Span, extra: Partial<CursorContext> = {}): CursorContext {
  return {
    role,
    path,
    span,
    prefix: w.text.slice(span.start, Math.max(span.start, Math.min(w.offset, span.end))),
    column: extra.column ?? columnOf(w.text, span.start),
    linePrefix: w.linePrefix,
    ...extra,
  };
}

function walk(w: Walk, node: Node, path: PathSegment[]): CursorContext | undefined {
  if (isMap(node)) return walkMap(w, node, path);
  if (isSeq(node)) return walkSeq(w, node, path);
  return undefined;
}

function keyText(k: unknown): string {
  return isScalar(k) ? String(k.value ?? "") : String(k ?? "");
}

function walkMap(w: Walk, map: YAMLMap, path: PathSegment[]): CursorContext | undefined {
  const { text, offset } = w;
  const pairs = map.items.filter((p) => p.key && (p.key as Node).range);
  if (map.flow) {
    if (!within(map, offset)) return undefined;
    for (const p of pairs) {
      const k = p.key as Node;
      if (within(k, offset)) return ctx(w, "key", path, isScalar(k) ? scalarSpan(k, text) : wordAt(text, offset), { key: keyText(k), node: map });
      const v = p.value as Node | null;
      if (v && within(v, offset)) {
        if (isCollection(v)) return walk(w, v, [...path, keyText(k)]);
        return ctx(w, "value", path, isScalar(v) ? scalarSpan(v, text) : wordAt(text, offset), { key: keyText(k), node: map });
      }
    }
    return ctx(w, "key", path, wordAt(text, offset), { node: map });
  }
  const keyColumn = pairs.length ? columnOf(text, range(pairs[0].key as Node)[0]) : w.column;
  let last = -1;
  for (let i = 0; i < pairs.length; i++) if (range(pairs[i].key as Node)[0] <= offset) last = i;
  if (last < 0) return w.column === keyColumn ? ctx(w, "key", path, wordAt(text, offset), { node: map }) : undefined;
  const pair = pairs[last];
  const k = pair.key as Node;
  const key = keyText(k);
  if (within(k, offset)) return ctx(w, "key", path, isScalar(k) ? scalarSpan(k, text) : wordAt(text, offset), { key, node: map });
  const v = pair.value as Node | null;
  const sub = [...path, key];
  if (sameLine(text, range(k)[1], offset)) {
    // On the key's line, after the key: the value.
    if (v && isCollection(v) && v.flow && range(v)[0] <= offset) return walk(w, v, sub) ?? undefined;
    if (v && isScalar(v) && within(v, offset) && range(v)[0] < range(v)[1]) return ctx(w, "value", path, scalarSpan(v, text), { key, node: map });
    const colon = text.indexOf(":", range(k)[1]);
    if (colon < 0 || colon >= offset) return ctx(w, "key", path, isScalar(k) ? scalarSpan(k, text) : wordAt(text, offset), { key, node: map });
    return ctx(w, "value", path, wordAt(text, offset), { key, node: map });
  }
  // On a later line.
  if (v && isScalar(v) && range(v)[0] < range(v)[1] && offset <= range(v)[1] && !sameLine(text, range(v)[0], range(v)[1])) {
    return ctx(w, "value", path, scalarSpan(v, text), { key, node: map }); // inside a multi-line scalar
  }
  const typingItem = /^\s*-(\s|$)/.test(w.linePrefix);
  if (w.column > keyColumn || (w.column === keyColumn && typingItem && v && isSeq(v))) {
    if (v && isCollection(v)) return walk(w, v, sub);
    if (!v || (isScalar(v) && range(v)[0] === range(v)[1])) {
      return ctx(w, typingItem ? "item" : "key", sub, wordAt(text, offset), typingItem ? { index: 0 } : {});
    }
    return undefined;
  }
  if (w.column === keyColumn) return ctx(w, "key", path, wordAt(text, offset), { node: map });
  return undefined;
}

/** Offset of the dash that introduces a block sequence item, or the item's start when there is none. */
function dashOf(text: string, item: Node): number {
  let i = range(item)[0] - 1;
  while (i >= 0 && (text[i] === " " || text[i] === "\t" || text[i] === "\r" || text[i] === "\n")) i--;
  return i >= 0 && text[i] === "-" ? i : range(item)[0];
}

function walkSeq(w: Walk, seq: YAMLSeq, path: PathSegment[]): CursorContext | undefined {
  const { text, offset } = w;
  const items = seq.items as (Node | null)[];
  if (seq.flow) {
    if (!within(seq, offset)) return undefined;
    let index = 0;
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (!item?.range) continue;
      if (within(item, offset)) {
        if (isCollection(item)) return walk(w, item, [...path, i]);
        return ctx(w, "item", path, isScalar(item) ? scalarSpan(item, text) : wordAt(text, offset), { index: i, node: seq });
      }
      if (range(item)[0] < offset) index = i + 1;
    }
    return ctx(w, "item", path, { start: offset, end: offset }, { index, node: seq });
  }
  // The last item whose dash is at or before the cursor; items are in document order, so the scan stops at the
  // first one after it (a pack's input set may hold thousands of cases).
  let first: Node | undefined;
  let last: { item: Node; i: number } | undefined;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (!item?.range) continue;
    first ??= item;
    if (dashOf(text, item) > offset) break;
    last = { item, i };
  }
  if (!first) return undefined;
  const dashColumn = columnOf(text, dashOf(text, first));
  if (!last) return undefined;
  const { item, i } = last;
  if (isCollection(item)) {
    if (range(item)[0] <= offset || !sameLine(text, dashOf(text, item), offset)) {
      const r = walk(w, item, [...path, i]);
      if (r) return r;
    } else {
      return ctx(w, "item", path, { start: offset, end: offset }, { index: i, node: seq });
    }
  } else if (isScalar(item) && sameLine(text, dashOf(text, item), offset) && offset <= range(item)[1]) {
    const span = range(item)[0] <= offset ? scalarSpan(item, text) : { start: offset, end: offset };
    return ctx(w, "item", path, span, { index: i, node: seq });
  }
  if (w.column === dashColumn) return ctx(w, "item", path, wordAt(text, offset), { index: items.length, node: seq });
  return undefined;
}
