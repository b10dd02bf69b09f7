import { isScalar, Node, visit, YAMLMap } from "yaml";
import type { Span } from "../../types";
import type { SkillModel } from "../model";
import type { Entry } from "../yaml-view";
import { lineEnd, lineStart } from "../yaml-view";

/**
 * Where the cursor is in a case file that may be half-written: the chain of keys to the enclosing mapping or list
 * ("[]" steps into a list item), and whether a key, a value or a list item is being typed. Read from the text's
 * indentation, because the YAML of a document being typed is often incomplete. Packs read the cursor from the
 * AST (model/cursor.ts); the two differ at quoted values and keys at odd indentation, so case files keep this one.
 */
export interface CaseCursor {
  /** Path of the mapping holding the key being typed (kind key/value), or of the list (kind item). */
  path: string[];
  kind: "key" | "value" | "item";
  /** For kind value: the key whose value is typed. */
  key?: string;
  /** What has been typed of the current token, and where it starts. */
  prefix: string;
  prefixStart: number;
  /** Column of the keys of the mapping (kind key/value) or of the item content (kind item). */
  column: number;
  /** The current line has no `- ` although the container is a list (an item must be started). */
  needsDash: boolean;
  /** Index of the case the cursor is in, when it is inside `cases`. */
  caseIndex?: number;
}

interface LineInfo {
  indent: number;
  dash: boolean;
  /** Column of the content after `- `. */
  content: number;
  key?: string;
}

const KEY = /^((?:[^\s#'"{[\]}:,][^#:]*?)|"[^"]*"|'[^']*')\s*:(?:\s|$)/;

function unquote(k: string): string {
  return /^(["']).*\1$/.test(k) ? k.slice(1, -1) : k.trim();
}

function info(line: string): LineInfo | undefined {
  const m = /^( *)((?:- +|-$)?)(.*)$/.exec(line);
  if (!m || m[3].startsWith("#") || (m[3].trim() === "" && !m[2])) return undefined;
  const key = KEY.exec(m[3]);
  return { indent: m[1].length, dash: m[2] !== "", content: m[1].length + m[2].length, key: key ? unquote(key[1]) : undefined };
}

/** Spans of block scalars' text (their lines are prose, not structure). */
function blockScalarBodies(model: SkillModel): Span[] {
  const out: Span[] = [];
  if (!model.yaml) return out;
  visit(model.yaml, {
    Scalar(_, node) {
      if (isScalar(node) && (node.type === "BLOCK_FOLDED" || node.type === "BLOCK_LITERAL")) {
        const s = model.view.span(node as Node);
        out.push({ start: lineEnd(model.text, s.start) + 1, end: s.end });
      }
    },
  });
  return out;
}

/** The path of the container a token at `column` belongs to, scanning the lines above `lineStartOffset`. */
function ancestors(text: string, lineStartOffset: number, column: number, inList: boolean, skip: Span[]): string[] {
  const path: string[] = [];
  let col = column;
  let seq = inList;
  // The lines above with their start offsets; a lone CR ends a line too, as in model.lines.
  const above = [...text.slice(0, lineStartOffset).matchAll(/[^\r\n]*(?:\r\n|\r|\n)/g)].map((m) => ({ line: m[0].replace(/[\r\n]+$/, ""), start: m.index! }));
  for (let i = above.length - 1; i >= 0 && (col > 0 || seq); i--) {
    const start = above[i].start;
    if (skip.some((s) => start >= s.start && start < s.end)) continue;
    const l = info(above[i].line);
    if (!l) continue;
    if (l.dash) {
      if (seq && l.indent === col) continue; // an earlier item of the same list
      if (!seq && l.content === col && l.key !== undefined) {
        path.unshift("[]"); // a sibling key on the item's dash line: we are inside that item
        col = l.indent;
        seq = true;
      } else if (l.content < col && l.key !== undefined) {
        path.unshift(l.key, "[]");
        col = l.indent;
        seq = true;
      } else if (l.indent < col) {
        path.unshift("[]");
        col = l.indent;
        seq = true;
      }
      continue;
    }
    if (l.key !== undefined && (l.indent < col || (seq && l.indent === col))) {
      path.unshift(l.key);
      col = l.indent;
      seq = false;
    }
  }
  return path;
}

export function caseCursor(model: SkillModel, offset: number): CaseCursor | undefined {
  const { text } = model;
  const skip = blockScalarBodies(model);
  if (skip.some((s) => offset >= s.start && offset <= s.end && lineStart(text, offset) >= s.start)) return undefined;
  const ls = lineStart(text, offset);
  const before = text.slice(ls, offset);
  if (/(^|\s)#/.test(before.replace(/"[^"]*"|'[^']*'/g, '""'))) return undefined;
  const m = /^( *)((?:- +)*)(.*)$/.exec(before);
  if (!m) return undefined;
  const indent = m[1].length;
  const dashes = m[2];
  const rest = m[3];
  const column = indent + dashes.length;
  const kv = /^([A-Za-z_][\w.-]*|"[^"]*"|'[^']*')\s*:(\s*)(.*)$/.exec(rest);
  let ctx: CaseCursor;
  if (kv) {
    if (!kv[2] && kv[3] === "" && rest.endsWith(":")) return undefined; // right after the colon: nothing to offer yet
    const valueText = kv[3];
    const path = dashes ? [...ancestors(text, ls, indent, true, skip), "[]"] : ancestors(text, ls, column, false, skip);
    ctx = { path, kind: "value", key: unquote(kv[1]), prefix: valueText, prefixStart: offset - valueText.length, column, needsDash: false };
  } else if (/^[\w.-]*$/.test(rest)) {
    if (dashes) {
      ctx = { path: ancestors(text, ls, indent, true, skip), kind: "item", prefix: rest, prefixStart: offset - rest.length, column, needsDash: false };
    } else {
      ctx = { path: ancestors(text, ls, column, false, skip), kind: "key", prefix: rest, prefixStart: offset - rest.length, column, needsDash: false };
    }
  } else if (dashes) {
    ctx = { path: ancestors(text, ls, indent, true, skip), kind: "item", prefix: rest, prefixStart: offset - rest.length, column, needsDash: false };
  } else return undefined;
  if (ctx.path[0] === "cases" && ctx.path.length >= 2) ctx.caseIndex = caseIndexAt(model, offset);
  return ctx;
}

/** The index of the case whose written extent (from its dash to the next case) holds the offset. */
export function caseIndexAt(model: SkillModel, offset: number): number | undefined {
  let found: number | undefined;
  for (const c of model.cases) if (c.anchor.start <= offset) found = c.index;
  return found;
}

/** A location in the AST under the cursor, for hover. */
export interface NodeAt {
  /** Path of keys ("[]" for list items) to the entry. */
  path: string[];
  entry: Entry;
  on: "key" | "value";
  /** When the cursor is on an item of the entry's list value: its index and node. */
  item?: { index: number; node: Node };
  caseIndex?: number;
}

export function nodeAt(model: SkillModel, offset: number): NodeAt | undefined {
  const { view } = model;
  const within = (s: Span | null | undefined) => !!s && offset >= s.start && offset <= s.end;
  const walk = (map: YAMLMap | null, path: string[], caseIndex?: number): NodeAt | undefined => {
    for (const e of view.entries(map)) {
      if (within(e.keySpan)) return { path: [...path, e.key], entry: e, on: "key", caseIndex };
      if (!within(e.valueSpan)) continue;
      const inner = view.asMap(e.value);
      if (inner) return walk(inner, [...path, e.key], caseIndex) ?? { path: [...path, e.key], entry: e, on: "value", caseIndex };
      const seq = view.asSeq(e.value);
      if (seq) {
        const items = view.items(seq);
        for (let i = 0; i < items.length; i++) {
          const item = items[i];
          if (!item || !within(view.itemSpan(item, view.span(item)))) continue;
          const itemMap = view.asMap(item);
          const ci = path.length === 0 && e.key === "cases" ? i : caseIndex;
          if (itemMap) return walk(itemMap, [...path, e.key, "[]"], ci);
          return { path: [...path, e.key], entry: e, on: "value", item: { index: i, node: item }, caseIndex: ci };
        }
      }
      return { path: [...path, e.key], entry: e, on: "value", caseIndex };
    }
    return undefined;
  };
  return walk(model.root, []);
}
