import { Document, isAlias, isMap, isPair, isScalar, isSeq, Node, Scalar, YAMLMap, YAMLSeq } from "yaml";
import type { Span } from "../types";
import { lineEnd, lineStart } from "../util/lines";

export type NodeKind = "map" | "seq" | "scalar" | "null";

/** One `key: value` pair of a mapping, with where its key and value were written. */
export interface Entry {
  key: string;
  keySpan: Span;
  /** The value node after alias resolution; null for an empty value (`key:`). */
  value: Node | null;
  /** The written value's span; null for an empty value. */
  valueSpan: Span | null;
}

const NULL_WORDS = new Set(["", "~", "null", "Null", "NULL"]);

/**
 * Read access to a parsed YAML document for the case-file model: kinds, scalar text, entries and spans.
 * The document is parsed with the failsafe schema, so every scalar is text; plain `~`/`null`/empty count as null.
 */
export class YamlView {
  constructor(
    readonly doc: Document.Parsed | undefined,
    readonly text: string,
  ) {}

  /** A node's written extent, without the trailing line break a block collection's range includes. */
  span(node: Node | null | undefined): Span {
    const r = node?.range ?? [0, 0, 0];
    let end = Math.max(r[0], r[1]);
    while (end > r[0] && /\s/.test(this.text[end - 1])) end--;
    return { start: r[0], end };
  }

  /** Follows an alias to its anchored node (one level at a time, cycle-safe). */
  deref(node: Node | null | undefined): Node | null {
    let n: Node | null = node ?? null;
    for (let hops = 0; n && isAlias(n) && hops < 32; hops++) n = (this.doc ? (n.resolve(this.doc) as Node | undefined) : undefined) ?? null;
    return n && isAlias(n) ? null : n;
  }

  kind(node: Node | null | undefined): NodeKind {
    const n = this.deref(node);
    if (!n) return "null";
    if (isMap(n)) return "map";
    if (isSeq(n)) return "seq";
    if (isScalar(n)) return this.isNullScalar(n) ? "null" : "scalar";
    return "null";
  }

  private isNullScalar(n: Scalar): boolean {
    const plain = n.type === "PLAIN" || n.type === undefined;
    return plain && !n.tag && NULL_WORDS.has(String(n.value ?? ""));
  }

  /** A scalar's text (quoted scalars unquoted, block scalars folded); undefined for maps, lists and null. */
  str(node: Node | null | undefined): string | undefined {
    const n = this.deref(node);
    if (!n || !isScalar(n) || this.isNullScalar(n)) return undefined;
    return String(n.value ?? "");
  }

  asMap(node: Node | null | undefined): YAMLMap | null {
    const n = this.deref(node);
    return n && isMap(n) ? n : null;
  }

  asSeq(node: Node | null | undefined): YAMLSeq | null {
    const n = this.deref(node);
    return n && isSeq(n) ? n : null;
  }

  /** The entries of a mapping with plain keys, in written order (duplicates included). */
  entries(map: YAMLMap | null): Entry[] {
    const out: Entry[] = [];
    for (const pair of map?.items ?? []) {
      if (!isPair(pair)) continue;
      const keyNode = pair.key as Node | null;
      const key = keyNode && isScalar(keyNode) ? String(keyNode.value ?? "") : undefined;
      if (key === undefined || !keyNode) continue;
      const written = (pair.value as Node | null) ?? null;
      const valueSpan = written && !(isScalar(written) && this.span(written).start === this.span(written).end) ? this.span(written) : null;
      out.push({ key, keySpan: this.span(keyNode), value: this.deref(written), valueSpan });
    }
    return out;
  }

  /** The first entry with this key. */
  get(map: YAMLMap | null, key: string): Entry | undefined {
    return this.entries(map).find((e) => e.key === key);
  }

  /** Where a list item starts: its dash, else the item itself. */
  itemAnchor(item: Node): Span {
    const s = this.span(item);
    let i = s.start - 1;
    while (i >= 0 && /[ \t\r\n]/.test(this.text[i])) i--;
    if (i >= 0 && this.text[i] === "-") return { start: i, end: i + 1 };
    return { start: s.start, end: lineEnd(this.text, s.start, s.end) };
  }

  /** The items of a sequence (null items kept as null). */
  items(seq: YAMLSeq | null): (Node | null)[] {
    return (seq?.items ?? []).map((i) => (i as Node | null) ?? null);
  }

  /** The span of the written item `i`, from its dash when it has one. */
  itemSpan(item: Node | null, fallback: Span): Span {
    if (!item) return fallback;
    const a = this.itemAnchor(item);
    return { start: a.start, end: Math.max(a.end, this.span(item).end) };
  }
}

export { lineEnd, lineStart } from "../util/lines";

/** The column (in code units) of an offset within its line. */
export function columnOf(text: string, offset: number): number {
  return offset - lineStart(text, offset);
}
