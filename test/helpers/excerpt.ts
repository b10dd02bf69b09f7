import { isMap, isSeq, parseDocument, type Document, type Node } from "yaml";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { Range } from "../../server/src/service/pack";
import { CLOSE, OPEN } from "./fixture";

/**
 * A rule book's excerpt put into a valid document. The excerpt is placed where its first key lives in the valid
 * document and replaces what is there; through keys that hold a single key it goes deeper (`version: {number: 0}`
 * replaces only the number; `cases: [{case_key: x}]` only the first case's key), so that an excerpt can show a
 * missing key by leaving it out. An excerpt that is not well-formed YAML on its own (the syntax rules) is the whole
 * document. The placed document is written anew, so a range marked in the excerpt is found again by what it is in the
 * YAML (a key, a value, a list item's dash) and its distance from that node's start or end.
 */

type Path = (string | number)[];

/** The path of the first mapping in `doc` (depth first, first items of lists) that holds `key`. */
function homeOf(doc: Document, key: string): Path | undefined {
  const walk = (node: unknown, path: Path): Path | undefined => {
    if (isMap(node)) {
      if (node.has(key)) return path;
      for (const pair of node.items) {
        const found = walk(pair.value, [...path, String((pair.key as { value?: unknown })?.value)]);
        if (found) return found;
      }
    } else if (isSeq(node) && node.items.length) return walk(node.items[0], [...path, 0]);
    return undefined;
  };
  return walk(doc.contents, []);
}

const keyOf = (pair: { key: unknown }) => String((pair.key as { value?: unknown }).value);

/** The valid document with the excerpt put in place, and the path the excerpt's keys went under (none: whole). */
function place(base: string, excerpt: string): { text: string; home?: Path } {
  const part = parseDocument(excerpt);
  if (part.errors.length || !isMap(part.contents)) return { text: excerpt };
  const doc = parseDocument(base);
  // All of its keys go where the first key the valid document has lives (at the top when it has none).
  const home = part.contents.items.map((p) => homeOf(doc, keyOf(p))).find((p) => p !== undefined) ?? [];
  for (const pair of part.contents.items) {
    let path: Path = [...home, keyOf(pair)];
    let value = pair.value as Node | null;
    // Through single-key mappings the base already has, go deeper instead of replacing the whole mapping.
    for (;;) {
      const there = doc.getIn(path, true);
      if (isMap(value) && value.items.length === 1 && isMap(there)) {
        path = [...path, keyOf(value.items[0])];
        value = value.items[0].value as Node | null;
      } else if (
        isSeq(value) &&
        value.items.length === 1 &&
        isMap(value.items[0]) &&
        value.items[0].items.length === 1 &&
        isSeq(there) &&
        isMap(there.items[0])
      ) {
        // A one-item list holding one key: that key of the first item already there.
        path = [...path, 0];
        value = value.items[0] as Node;
      } else break;
    }
    doc.setIn(path, value);
  }
  return { text: doc.toString({ lineWidth: 0 }), home };
}

/** The valid document with the excerpt put in place. */
export function withExcerpt(base: string, excerpt: string): string {
  return place(base, excerpt).text;
}

interface Part {
  path: Path;
  kind: "key" | "value" | "dash";
  start: number;
  /** Before any white space the node's range ends with. */
  end: number;
}

/** Every key, value and block list dash of a document. */
function partsOf(text: string): Part[] {
  const out: Part[] = [];
  const trimmedEnd = (start: number, end: number) => {
    while (end > start && /\s/.test(text[end - 1])) end--;
    return end;
  };
  const add = (path: Path, kind: Part["kind"], range: [number, number, number] | null | undefined) => {
    if (range) out.push({ path, kind, start: range[0], end: trimmedEnd(range[0], range[1]) });
  };
  const walk = (node: unknown, path: Path) => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const at = [...path, keyOf(pair)];
        add(at, "key", (pair.key as Node | null)?.range);
        add(at, "value", (pair.value as Node | null)?.range);
        walk(pair.value, at);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        const at = [...path, i];
        const range = (item as Node | null)?.range;
        add(at, "value", range);
        let dash = (range?.[0] ?? 0) - 1;
        while (dash >= 0 && text[dash] === " ") dash--;
        if (range && !node.flow && text[dash] === "-") out.push({ path: at, kind: "dash", start: dash, end: dash + 1 });
        walk(item, at);
      });
    }
  };
  walk(parseDocument(text).contents, []);
  return out;
}

const samePath = (a: Path, b: Path) => a.length === b.length && a.every((x, i) => String(x) === String(b[i]));

/** A point of the excerpt as a distance from the start or end of the smallest key, value or dash holding it. */
function anchorOf(parts: Part[], point: number): { part: Part; fromStart: boolean; k: number } {
  const holding = parts.filter((p) => p.start <= point && point <= p.end).sort((a, b) => a.end - a.start - (b.end - b.start));
  const part = holding[0];
  if (!part) throw new Error(`a mark at ${point} is on no key, value or dash`);
  return point - part.start <= part.end - point ? { part, fromStart: true, k: point - part.start } : { part, fromStart: false, k: part.end - point };
}

/** Where the anchor's point is in the placed document, whose parts are `parts` and whose paths begin with `home`. */
function pointIn(text: string, parts: Part[], excerpt: string, home: Path, a: ReturnType<typeof anchorOf>): number {
  const path = [...home, ...a.part.path];
  const to = parts.find((p) => samePath(p.path, path) && p.kind === a.part.kind);
  if (!to) throw new Error(`no ${a.part.kind} at ${path.join(".")} in the placed document`);
  const [from, there] = a.fromStart
    ? [excerpt.slice(a.part.start, a.part.start + a.k), text.slice(to.start, to.start + a.k)]
    : [excerpt.slice(a.part.end - a.k, a.part.end), text.slice(to.end - a.k, to.end)];
  if (from !== there) throw new Error(`the text around a mark at ${path.join(".")} was written anew: mark the whole node`);
  return a.fromStart ? to.start + a.k : to.end - a.k;
}

/** A marked excerpt (⟦ ⟧ around ranges) placed into the valid document: its text and the marked ranges in it. */
export function placeMarked(base: string, marked: string): { text: string; ranges: Range[] } {
  let excerpt = "";
  const opens: number[] = [];
  const spans: [number, number][] = [];
  for (const ch of marked) {
    if (ch === OPEN) opens.push(excerpt.length);
    else if (ch === CLOSE) spans.push([opens.pop()!, excerpt.length]);
    else excerpt += ch;
  }
  const { text, home } = place(base, excerpt);
  const lines = TextDocument.create("file:///placed.yaml", "yaml", 0, text);
  spans.sort((a, b) => a[0] - b[0]);
  if (home === undefined) return { text, ranges: spans.map(([s, e]) => ({ start: lines.positionAt(s), end: lines.positionAt(e) })) };
  const from = partsOf(excerpt);
  const to = partsOf(text);
  const at = (point: number) => lines.positionAt(pointIn(text, to, excerpt, home, anchorOf(from, point)));
  return { text, ranges: spans.map(([s, e]) => ({ start: at(s), end: at(e) })) };
}
