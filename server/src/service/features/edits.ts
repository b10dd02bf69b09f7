import { isMap, isNode, isSeq, Node, YAMLMap, YAMLSeq } from "yaml";
import { lineEnd, lineStart } from "../util/lines";
import type { PackModel } from "../pack-model";
import { toRange } from "../pack-model";
import type { Span } from "../types";
import type { TextEdit } from "vscode-languageserver-types";

/**
 * Minimal text edits on a pack: they touch only the characters that change, keep comments and quoting,
 * and write new lines with the document's own line ending and indentation.
 */

/** The line break new lines are written with: the document's first one (CRLF, a lone CR or LF). */
export function eolOf(text: string): string {
  const i = text.search(/[\r\n]/);
  if (i < 0 || text[i] === "\n") return "\n";
  return text[i + 1] === "\n" ? "\r\n" : "\r";
}

export function edit(model: PackModel, span: Span, newText: string): TextEdit {
  return { range: toRange(model.lines, span), newText };
}

export function columnOf(text: string, offset: number): number {
  return offset - lineStart(text, offset);
}

export { lineStart, lineEnd };

/** The offset just after the line break ending the line at `offset` (the text's end on the last line). */
export function nextLineStart(text: string, offset: number): number {
  const end = lineEnd(text, offset);
  if (end >= text.length) return text.length;
  return text[end] === "\r" && text[end + 1] === "\n" ? end + 2 : end + 1;
}

/** A string as a YAML scalar: plain when YAML reads it back unchanged as a string, else double-quoted. */
export function yamlScalar(s: string): string {
  const plain =
    s !== "" &&
    s === s.trim() &&
    !/^[-?:,[\]{}#&*!|>'"%@`]/.test(s) &&
    !/: | #|:$|[\n\r\t]/.test(s) &&
    !/^(~|null|Null|NULL|true|True|TRUE|false|False|FALSE|y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/.test(s) &&
    !/^[-+.]?\d/.test(s);
  return plain ? s : JSON.stringify(s);
}

function range(n: Node): [number, number, number] {
  return (n.range ?? [0, 0, 0]) as [number, number, number];
}

/**
 * The end of a node's last content (its last scalar, closing bracket or alias), ignoring the comments and blank
 * lines YAML counts into a collection's range: a nested map followed by a more-indented comment ends at the
 * map's last value, not at the next item's dash.
 */
export function contentEnd(n: Node): number {
  if (isMap(n) && !n.flow && n.items.length > 0) {
    const last = n.items[n.items.length - 1];
    const v = last.value as Node | null;
    const k = last.key as Node | null;
    const keyEnd = k && isNode(k) ? contentEnd(k) : 0;
    return v && isNode(v) && range(v)[1] > range(v)[0] ? Math.max(keyEnd, contentEnd(v)) : keyEnd;
  }
  if (isSeq(n) && !n.flow && n.items.length > 0) {
    const last = n.items[n.items.length - 1] as Node | null;
    return last && isNode(last) ? contentEnd(last) : range(n)[1];
  }
  return range(n)[1];
}

/**
 * Where whole new lines go after a block node: after the line break that ends its last content line. Block
 * scalars end at a line start already. `prefix` is a line break to write first when that line has none.
 */
function afterBlock(text: string, n: Node): { offset: number; prefix: string } {
  const end = contentEnd(n);
  if (end > 0 && (text[end - 1] === "\n" || text[end - 1] === "\r")) return { offset: end, prefix: "" };
  const offset = nextLineStart(text, end);
  return { offset, prefix: offset === text.length && lineEnd(text, end) === text.length ? eolOf(text) : "" };
}

/** Lines at a column, joined with the document's line ending (each line ends with one). */
function block(text: string, column: number, lines: string[]): string {
  const eol = eolOf(text);
  return lines.map((l) => " ".repeat(column) + l + eol).join("");
}

function blockMap(model: PackModel, obj: object | undefined): YAMLMap | undefined {
  const node = model.sources.get(obj)?.node;
  return node && isMap(node) && !node.flow && node.items.length > 0 ? node : undefined;
}

/**
 * Adds `key` to a written block map, after its last key, at its keys' column. `lines` are the key's
 * first line (`key: value`) and any further lines indented relative to the key.
 */
export function insertKey(model: PackModel, obj: object | undefined, lines: string[]): TextEdit | undefined {
  const map = blockMap(model, obj);
  if (!map) return undefined;
  const { text } = model;
  const column = columnOf(text, range(map.items[0].key as Node)[0]);
  const at = afterBlock(text, map);
  return edit(model, { start: at.offset, end: at.offset }, at.prefix + block(text, column, lines));
}

/**
 * Appends an item to the list `owner[key]` (a decoded object and key): after the last written item, or as a
 * new `key:` with the item when the list is not written. `lines` are the item's lines without the dash,
 * the first one being its first key.
 */
export function appendItem(model: PackModel, owner: object | undefined, key: string, lines: string[]): TextEdit | undefined {
  const { text } = model;
  const list = owner ? (owner as Record<string, unknown>)[key] : undefined;
  const seq = model.sources.get(list as object | undefined)?.node;
  if (seq && isSeq(seq) && !seq.flow && seq.items.length > 0) {
    const first = (seq as YAMLSeq).items[0] as Node;
    const content = columnOf(text, range(first)[0]);
    const dash = dashColumn(text, first) ?? content - 2;
    const at = afterBlock(text, seq);
    const body = [" ".repeat(dash) + "-" + " ".repeat(Math.max(1, content - dash - 1)) + lines[0], ...lines.slice(1).map((l) => " ".repeat(content) + l)];
    return edit(model, { start: at.offset, end: at.offset }, at.prefix + block(text, 0, body));
  }
  if (model.at.has(owner, key)) {
    // `key:` written with an empty value: the items go on the lines below it.
    const map = blockMap(model, owner);
    const pair = model.sources.get(owner)?.keys.get(key);
    if (!map || !pair || pair.value) return undefined;
    const column = columnOf(text, pair.key.start) + 2;
    const at = nextLineStart(text, pair.key.end);
    const prefix = at === text.length && lineEnd(text, pair.key.end) === text.length ? eolOf(text) : "";
    return edit(model, { start: at, end: at }, prefix + block(text, column, ["- " + lines[0], ...lines.slice(1).map((l) => "  " + l)]));
  }
  return insertKey(model, owner, [`${key}:`, "  - " + lines[0], ...lines.slice(1).map((l) => "    " + l)]);
}

function dashColumn(text: string, item: Node): number | undefined {
  let i = range(item)[0] - 1;
  while (i >= 0 && (text[i] === " " || text[i] === "\t")) i--;
  return i >= 0 && text[i] === "-" ? columnOf(text, i) : undefined;
}
