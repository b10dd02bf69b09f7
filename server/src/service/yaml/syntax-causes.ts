import { Document, isMap, isPair, isScalar, isSeq, Node, Scalar } from "yaml";
import type { Span } from "../types";
import { lineEnd, lineStart } from "../util/lines";
import { BYTE_ORDER_MARK, CONTROL_CHARACTER, TAB_AS_INDENT, type SyntaxProblem } from "./parse";

/**
 * The yaml package reports a broken document as it recovers, error after error, most of them consequences of one
 * mistake and some far from it (an unclosed quote is reported at the end of the file). This reduces them to their
 * causes, each where the author made it, and says which parts of the text did not parse (the broken parts: the
 * block that holds each cause, to the end of that block and of every node the parser built from its text).
 */
export interface SyntaxCauses {
  /** One problem per cause, in document order; characters YAML does not allow are kept as they are. */
  problems: SyntaxProblem[];
  /** The broken parts, sorted and disjoint; empty when the YAML structure parsed. */
  broken: Span[];
}

/** Causes looked for per document; the diagnostics show at most 20 of them. */
const MAX_CAUSES = 100;

/** Causes that explain what follows them come first: a tab, an unclosed quote or bracket, then indentation. */
const enum Rank {
  Opening = 0,
  Indentation = 1,
  Other = 2,
}

interface Cause {
  problem: SyntaxProblem;
  rank: Rank;
  /** Where the parser noticed it (the broken part runs at least to there). */
  noticed: number;
}

export function syntaxCauses(text: string, doc: Document.Parsed | undefined, raw: readonly SyntaxProblem[]): SyntaxCauses {
  const structural = raw.filter((p) => p.yamlCode !== CONTROL_CHARACTER);
  if (structural.length === 0) return { problems: [...raw], broken: [] };
  const nodes = new NodeIndex(doc);
  const causes = unique(structural)
    .map((p) => causeOf(text, nodes, p))
    .sort((a, b) => a.rank - b.rank || a.problem.span.start - b.problem.span.start);
  const kept: SyntaxProblem[] = [];
  const regions: Span[] = [];
  for (const c of causes) {
    const at = c.problem.span.start;
    if (regions.some((r) => r.start <= at && at < r.end)) continue; // a consequence of a cause already kept
    kept.push(c.problem);
    if (kept.length === MAX_CAUSES) {
      // Past this many, a document is broken from here on (each cause costs a scan of its block).
      regions.push({ start: lineStart(text, at), end: text.length });
      break;
    }
    regions.push(...nodes.extend(region(text, at, c.noticed)));
  }
  const controls = raw.filter((p) => p.yamlCode === CONTROL_CHARACTER);
  const problems = unique([...kept, ...controls]).sort((a, b) => a.span.start - b.span.start);
  return { problems, broken: merge(regions) };
}

/** Problems with the same message at the same place, once. */
function unique(problems: readonly SyntaxProblem[]): SyntaxProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.span.start}\0${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function causeOf(text: string, nodes: NodeIndex, p: SyntaxProblem): Cause {
  const at = p.span.start;
  if (p.yamlCode === TAB_AS_INDENT) {
    const tab = text.indexOf("\t", at);
    const start = tab >= 0 && tab < Math.max(p.span.end, at + 1) ? tab : at;
    return { problem: { ...p, span: { start, end: start + 1 } }, rank: Rank.Opening, noticed: at };
  }
  if (p.yamlCode === BYTE_ORDER_MARK) {
    // What the yaml package reports after it, up to the last character the reference skips, follows from it.
    const last = Math.max(at, ...(p.related ?? []).map((r) => r.span.start));
    return { problem: p, rank: Rank.Opening, noticed: last };
  }
  const quote = /^Missing closing (["'])quote/.exec(p.message);
  if (quote) {
    const opening = nodes.quotedEndingAt(at, quote[1] === '"' ? Scalar.QUOTE_DOUBLE : Scalar.QUOTE_SINGLE);
    if (opening !== undefined) {
      return {
        problem: {
          ...p,
          span: { start: opening, end: opening + 1 },
          message: `this ${quote[1]} opens a quoted value that is never closed: add the closing ${quote[1]}`,
          related: [{ span: p.span, message: `YAML looked for the closing ${quote[1]} up to here` }],
        },
        rank: Rank.Opening,
        noticed: at,
      };
    }
  }
  const flow = /^Flow (sequence|map) .*end with a ([\]}])$/.exec(p.message);
  if (flow) {
    const opening = nodes.flowEndingAt(at, flow[1] === "map");
    if (opening !== undefined) {
      const what = flow[1] === "map" ? "mapping" : "list";
      return {
        problem: {
          ...p,
          span: { start: opening, end: opening + 1 },
          message: `this ${text[opening]} opens a ${what} that is never closed: add the closing ${flow[2]}`,
          related: [{ span: p.span, message: `YAML looked for the closing ${flow[2]} up to here` }],
        },
        rank: Rank.Opening,
        noticed: at,
      };
    }
  }
  if (p.yamlCode === "BLOCK_AS_IMPLICIT_KEY" || p.yamlCode === "MULTILINE_IMPLICIT_KEY") {
    // `number: 1` followed by a line indented further: YAML reads `1` and the next line as one key.
    // Only where the error is at a value written after its key on the same line (`  number: ⟨1⟩`).
    const start = lineStart(text, at);
    const key = /^[ \t]*(?:- +)*([^\s#-][^\r\n]*?):[ \t]+$/.exec(text.slice(start, at));
    const next = lineEnd(text, at);
    const nextLine = next < text.length ? next + (text.startsWith("\r\n", next) ? 2 : 1) : -1;
    if (key && nextLine > 0) {
      const own = key[0].indexOf(key[1]);
      const theirs = indentation(text, nextLine);
      const content = nextLine + theirs;
      if (theirs > own && /^[^\s#][^\n\r]*:(\s|$)/.test(text.slice(content, lineEnd(text, content)))) {
        return {
          problem: {
            ...p,
            span: { start: content, end: lineEnd(text, content) },
            message: `bad indentation: this line is indented ${theirs} spaces, the key above it ${own}`,
          },
          rank: Rank.Indentation,
          noticed: at,
        };
      }
    }
  }
  return { problem: p, rank: Rank.Other, noticed: at };
}

/** Spaces and tabs at the start of the line that starts at `start`. */
function indentation(text: string, start: number): number {
  let i = start;
  while (text[i] === " " || text[i] === "\t") i++;
  return i - start;
}

/** A line that holds something YAML reads (not blank, not only a comment). */
function hasContent(text: string, start: number, end: number): boolean {
  const body = text.slice(start + indentation(text, start), end);
  return body !== "" && !body.startsWith("#");
}

/**
 * The part of the text a cause at `at` may have broken: from the line of the block that holds it (the nearest line
 * above indented less) to the next line indented no further than that block's line, and at least to where the
 * parser noticed it.
 */
function region(text: string, at: number, noticed: number): Span {
  const own = lineStart(text, at);
  const ownIndent = indentation(text, own);
  let parent = own;
  for (let s = own; s > 0 && ownIndent > 0;) {
    s = lineStart(text, s - 1);
    const e = lineEnd(text, s);
    if (hasContent(text, s, e) && indentation(text, s) < ownIndent) {
      parent = s;
      break;
    }
    if (s === 0) break;
  }
  const limit = indentation(text, parent);
  let end = text.length;
  for (let s = nextLineStart(text, at); s < text.length; s = nextLineStart(text, s)) {
    const e = lineEnd(text, s);
    if (hasContent(text, s, e) && indentation(text, s) <= limit) {
      end = s;
      break;
    }
  }
  if (noticed < end) return { start: parent, end };
  // The parser gave up past the block (an unclosed bracket reads on): the block it gave up in is broken too.
  const gaveUp = lineStart(text, noticed);
  const gaveUpIndent = indentation(text, gaveUp);
  let after = text.length;
  for (let s = nextLineStart(text, noticed); s < text.length; s = nextLineStart(text, s)) {
    if (hasContent(text, s, lineEnd(text, s)) && indentation(text, s) <= gaveUpIndent) {
      after = s;
      break;
    }
  }
  return { start: parent, end: Math.max(after, noticed + 1) };
}

function nextLineStart(text: string, offset: number): number {
  const e = lineEnd(text, offset);
  if (e >= text.length) return text.length;
  return e + (text.startsWith("\r\n", e) ? 2 : 1);
}

function merge(regions: Span[]): Span[] {
  const sorted = [...regions].sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/**
 * The nodes of a parsed document a cause is looked up in. Each lookup descends only into the nodes around the
 * offsets it is about, so that a syntax error at the end of a document of megabytes costs a path, not a walk.
 */
class NodeIndex {
  constructor(private readonly doc: Document.Parsed | undefined) {}

  quotedEndingAt(end: number, type: Scalar.Type): number | undefined {
    let found: number | undefined;
    this.descend(end, end + 1, (n) => {
      if (isScalar(n) && n.type === type && n.range?.[1] === end) found ??= n.range[0];
    });
    return found;
  }

  /** The outermost flow collection of that kind ending at `end` (nested unclosed brackets end together). */
  flowEndingAt(end: number, map: boolean): number | undefined {
    let found: number | undefined;
    this.descend(end, end + 1, (n) => {
      if (!(isMap(n) || isSeq(n)) || isMap(n) !== map || !n.flow || n.range?.[1] !== end) return;
      if (found === undefined || n.range[0] < found) found = n.range[0];
    });
    return found;
  }

  /** A region grown to the end of every pair or item the parser built from text inside it. */
  extend(region: Span): Span[] {
    const r = { ...region };
    for (let grown = true; grown;) {
      grown = false;
      this.descend(r.start, r.end, (n, extent, item) => {
        if ((isPair(n) || item) && extent[0] >= r.start && extent[0] < r.end && extent[1] > r.end) {
          r.end = extent[1];
          grown = true;
        }
      });
    }
    return [r];
  }

  /** Visits every node and pair whose extent overlaps [from, to), with that extent and whether it is a list item. */
  private descend(from: number, to: number, visit: (n: unknown, extent: [number, number], item: boolean) => void): void {
    const stack: [unknown, boolean][] = [[this.doc?.contents, false]];
    while (stack.length > 0) {
      const [n, item] = stack.pop()!;
      const extent = extentOf(n);
      if (!extent || extent[0] >= to || extent[1] < from) continue;
      visit(n, extent, item);
      if (isPair(n)) stack.push([n.key, false], [n.value, false]);
      else if (isMap(n) || isSeq(n)) for (const child of n.items) stack.push([child, isSeq(n)]);
    }
  }
}

function extentOf(n: unknown): [number, number] | undefined {
  if (isPair(n)) {
    const k = (n.key as Node | null)?.range;
    const v = (n.value as Node | null)?.range;
    if (!k && !v) return undefined;
    return [(k ?? v)![0], Math.max(k?.[1] ?? 0, v?.[1] ?? 0)];
  }
  const range = (n as Node | null)?.range;
  return range ? [range[0], range[1]] : undefined;
}
