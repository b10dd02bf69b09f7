import { Composer, Document, isMap, isPair, isScalar, isSeq, Node, parseDocument, Parser, Scalar, visit } from "yaml";
import { MAX_CHECKED_LENGTH, MAX_NESTING, megabytes } from "./limits";
import { lineEnd } from "../util/lines";
import { eachNode } from "./each-node";
import type { Finding, Span } from "../types";
import { ReaderScan, rescanAsReference, scanAsReference } from "./reference-reader";
import { markSkips } from "./bom-blocks";
import { padLines, unpadRanges } from "./padded-parse";
import { isBlank } from "../util/go-quote";
import { pausePoint } from "../util/pause-points";
import { recoverFromTabs } from "./tab-recovery";

export interface SyntaxProblem {
  span: Span;
  message: string;
  /** The yaml package's error code (BAD_INDENT, DUPLICATE_KEY, …). */
  yamlCode: string;
  /** Where else the problem shows (an unclosed quote: where the parser gave up looking for its end). */
  related?: { span: Span; message: string }[];
}

export interface ParsedYaml {
  /** The first YAML document, up to where the reference stops reading. Undefined for an empty stream. */
  doc: Document.Parsed | undefined;
  /** The reference's reader over the text: where it stops reading (text.length when it reads it all), its errors. */
  reader: ReaderScan;
  syntax: SyntaxProblem[];
  /** The first collection nested deeper than MAX_NESTING: it and everything below it were replaced by an empty value. */
  tooDeep?: Span;
}

/** The yaml package's options for every parse of a pack (incremental updates parse units with the same). */
export const PARSE_OPTIONS = {
  schema: "failsafe", // scalars stay text; resolution follows the reference's decoder (scalars.ts)
  uniqueKeys: false, // duplicate keys are reported by the decoder, with the first occurrence
  prettyErrors: false,
  strict: true,
} as const;

/**
 * Parses YAML text once per document version, keeping every node's range and every comment: only as far as the
 * reference reads (its first document, up to where its root node ends), with the reference reader's own errors.
 */
export function parseYaml(text: string): ParsedYaml {
  // Line breaks as the reference's reader sees them (a lone CR, NEL, LS, PS), each a LF of the same length.
  const reader = scanReader(text);
  pausePoint();
  const broken = unifiedBreaks(text);
  const blanked = blankAt(broken, reader.markSkips?.skipped ?? []);
  const lead = leadingMark(blanked);
  // The yaml package drops a U+FEFF that starts the document's first node; the reference reads it as text.
  const source = lead < 0 ? blanked : blanked.slice(0, lead) + "x" + blanked.slice(lead + 1);
  const read = reader.end < source.length ? source.slice(0, reader.end) : source;
  const pads = reader.shallowLines.filter((p) => p.at < reader.end);
  const parse = (from: string) => {
    const parsed = withoutStackTraces(() => firstDocument(padLines(from, pads)));
    if (parsed && pads.length > 0) unpadRanges(parsed, pads);
    return parsed;
  };
  const { doc, tabs } = recoverFromTabs(read, parse(read), parse);
  if (doc && lead >= 0) restoreLeadingMark(doc, lead);
  acceptQuoteEscapes(doc, source);
  const tooDeep = doc ? pruneDeepNodes(doc, text) : undefined;
  const tabProblems = tabs.map((t): SyntaxProblem => ({ ...t, yamlCode: TAB_AS_INDENT }));
  const own = [...tabProblems, ...keyLimitAsReference(syntaxProblems(doc), reader, text)];
  const fromReader = readerProblems(reader, text, own);
  const syntax = [
    ...markProblems(reader, text, own.length + fromReader.length > 0),
    ...own,
    ...fromReader,
    ...controlCharacters(text, 0, decodedUntil(text, reader)),
  ].sort((a, b) => a.span.start - b.span.start);
  return { doc, reader, syntax, ...(tooDeep && { tooDeep }) };
}

/** `text` with each lone CR, NEL, LS and PS made a LF, by one scan (no regex over the whole text: issue 35). */
function unifiedBreaks(text: string): string {
  let out: string[] | undefined;
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0d ? text.charCodeAt(i + 1) !== 0x0a : c === 0x85 || c === 0x2028 || c === 0x2029) {
      (out ??= []).push(text.slice(copied, i), "\n");
      copied = i + 1;
    }
  }
  return out ? out.join("") + text.slice(copied) : text;
}

/** Lines parsed between two pause points: a few milliseconds of work. */
const PAUSE_LINES = 256;

/** The first document of `source` (as the yaml package's parseAllDocuments composes it), with pause points as it goes. */
function firstDocument(source: string): Document.Parsed | undefined {
  let lines = 0;
  const parser = new Parser(() => {
    if (++lines % PAUSE_LINES === 0) pausePoint();
  });
  return Array.from(new Composer(PARSE_OPTIONS).compose(parser.parse(source)))[0];
}

/**
 * Where a U+FEFF (not the encoding's, at offset 0) starts the first node of the text, after blank and comment
 * lines only; -1 when none does.
 */
function leadingMark(text: string): number {
  const m = /\uFEFF?(?:[ \t]*(?:#[^\n]*)?\r?\n)*[ \t]*/y;
  m.lastIndex = 0;
  m.test(text);
  const at = m.lastIndex;
  return at > 0 && text.charCodeAt(at) === 0xfeff ? at : -1;
}

/** Puts the U+FEFF that leadingMark found back at the start of the scalar that starts there. */
function restoreLeadingMark(doc: Document.Parsed, at: number): void {
  visit(doc, {
    Scalar(_, node) {
      if (node.range?.[0] !== at || typeof node.value !== "string") return undefined;
      node.value = "\uFEFF" + node.value.slice(1);
      if (typeof node.source === "string") node.source = "\uFEFF" + node.source.slice(1);
      return visit.BREAK;
    },
  });
}

/**
 * yaml.v3 reads `\'` in a double-quoted scalar as `'` (libyaml's escapes); the yaml package rejects it and keeps
 * the backslash. Its errors there are dropped, and each such scalar's value is read again with `\x27` in its place.
 */
export function acceptQuoteEscapes(doc: Document.Parsed | undefined, source: string): void {
  if (!doc?.errors.some((e) => e.code === "BAD_DQ_ESCAPE")) return;
  const quotes = doc.errors.filter((e) => e.code === "BAD_DQ_ESCAPE" && source.startsWith("\\'", e.pos[0]));
  if (quotes.length === 0) return;
  for (const e of quotes) doc.errors.splice(doc.errors.indexOf(e), 1);
  eachNode(doc.contents, (node) => {
    if (!isScalar(node) || node.type !== Scalar.QUOTE_DOUBLE || !node.range) return;
    const [start, end] = node.range;
    if (!quotes.some((e) => start <= e.pos[0] && e.pos[0] < end)) return;
    const raw = source.slice(start, end).replace(/\\([\s\S])/g, (escape, c: string) => (c === "'" ? "\\x27" : escape));
    const again = parseDocument(raw, PARSE_OPTIONS).contents;
    if (isScalar(again)) node.value = again.value;
  });
}

/**
 * Runs `fn` with no stack traces captured for the errors it makes: the yaml package makes one YAMLError per
 * problem (tens of thousands in a hostile file), and capturing each one's stack costs more than the parse.
 */
export function withoutStackTraces<T>(fn: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return fn();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * The reference reader's scan of `text` (reference-reader.ts), or of a text `edit` made from the one `previous`
 * scanned. The reference never reads a blank text: the bundle is required before any YAML is read.
 */
export function scanReader(text: string, previous?: ReaderScan, edit?: { start: number; oldEnd: number; newEnd: number }): ReaderScan {
  if (isBlank(text)) return { end: text.length, lookedAt: text.length, problems: [], shallowLines: [], checkpoints: [] };
  if (hasInnerMark(text)) return scanWithMarks(text);
  return previous && edit ? rescanAsReference(text, previous, edit) : scanAsReference(text);
}

/** Whether a byte order mark stands anywhere but at the start (where it is the encoding's). */
export function hasInnerMark(text: string): boolean {
  return text.indexOf("\uFEFF", 1) >= 0;
}

/**
 * The scan of `text` with the characters a byte order mark makes the reference's reader skip (bom-blocks.ts)
 * blanked: skipping one changes what is read after it (a line break skipped joins two lines), so the text is
 * scanned again after each one.
 */
function scanWithMarks(text: string): ReaderScan {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const skipped: number[] = [];
  const marks = new Set<number>();
  for (let round = 0; ; round++) {
    const trace = { ahead: new Uint16Array(text.length + 1), lineChecks: [] };
    const scan = scanAsReference(blankAt(text, skipped), trace);
    const found = markSkips(text, trace, start);
    // The scan is the reader's up to the last character skipped: the next one after it is found right.
    const last = skipped.length > 0 ? skipped[skipped.length - 1] : -1;
    const next = found.skipped.find((r) => r > last);
    for (const m of found.marks) marks.add(m);
    if (next === undefined || round === MAX_MARK_ROUNDS) {
      return skipped.length > 0 ? { ...scan, markSkips: { skipped, marks: [...marks].sort((a, b) => a - b) } } : scan;
    }
    skipped.push(next);
  }
}

/** Characters skipped because of byte order marks that are worked out one at a time, each by a scan of the whole text. */
const MAX_MARK_ROUNDS = 32;

/** `text` with the characters at `positions` replaced by spaces (both halves of a surrogate pair). */
export function blankAt(text: string, positions: readonly number[]): string {
  if (positions.length === 0) return text;
  const chars = text.split("");
  for (const p of positions) {
    chars[p] = " ";
    if (isHighSurrogateAt(text, p)) chars[p + 1] = " ";
  }
  return chars.join("");
}

function isHighSurrogateAt(text: string, p: number): boolean {
  const c = text.charCodeAt(p);
  return c >= 0xd800 && c <= 0xdbff;
}

/**
 * How far the reference's reader decoded the text, checking every character: it decodes whole 512-byte blocks of
 * UTF-8 (as many as the scanner needed), so when it stops early, it has checked up to the end of that block.
 */
function decodedUntil(text: string, scan: ReaderScan): number {
  if (scan.end >= text.length) return text.length;
  let bytes = 0;
  let i = 0;
  for (; i < scan.lookedAt; i++) bytes += utf8Length(text.charCodeAt(i));
  const block = Math.ceil(bytes / 512) * 512;
  for (; i < text.length; i++) {
    bytes += utf8Length(text.charCodeAt(i));
    if (bytes > block) break;
  }
  return i;
}

/** UTF-8 bytes of a UTF-16 code unit (a surrogate pair's two halves make 4). */
function utf8Length(unit: number): number {
  return unit < 0x80 ? 1 : unit < 0x800 ? 2 : unit >= 0xd800 && unit <= 0xdfff ? 2 : 3;
}

/**
 * The yaml package counts an implicit key's 1024 characters in UTF-16 units, the reference's reader in code points:
 * its error stands only where the reader (which counts as the reference does) also fails on that line.
 */
export function keyLimitAsReference(problems: SyntaxProblem[], scan: ReaderScan, text: string): SyntaxProblem[] {
  if (!problems.some((p) => p.yamlCode === "KEY_OVER_1024_CHARS")) return problems;
  const lineOf = (offset: number) => text.lastIndexOf("\n", offset - 1);
  return problems.filter((p) => p.yamlCode !== "KEY_OVER_1024_CHARS" || scan.problems.some((r) => lineOf(r.span.start) === lineOf(p.span.start)));
}

/** The problems of a reader scan, as syntax problems; one the yaml package already reports on its line is left out. */
export function readerProblems(scan: ReaderScan, text: string, reported: readonly SyntaxProblem[]): SyntaxProblem[] {
  const lineOf = (offset: number) => text.lastIndexOf("\n", offset - 1);
  return scan.problems.filter((p) => !reported.some((r) => lineOf(r.span.start) === lineOf(p.span.start))).map((p) => ({ ...p, yamlCode: REFERENCE_READER }));
}

/**
 * The byte order mark that made the reference's reader skip characters, when the text it then reads has errors:
 * the cause, at the mark (the errors show where the skipped characters were).
 */
function markProblems(scan: ReaderScan, text: string, failed: boolean): SyntaxProblem[] {
  const skips = scan.markSkips;
  if (!skips || !failed) return [];
  const at = skips.marks[0] ?? skips.skipped[0];
  const after = skips.skipped.filter((r) => r > at);
  const lineOf = (offset: number) => text.slice(0, offset).split(/\r\n|[\r\n\u0085\u2028\u2029]/).length;
  return [
    {
      span: { start: at, end: at + 1 },
      message: `a byte order mark (U+FEFF) where the reference's YAML reader starts a 512-byte block of the file makes it skip the first character of the lines that follow${after.length > 0 ? ` (line ${lineOf(after[0])})` : ""}: remove the mark`,
      yamlCode: BYTE_ORDER_MARK,
      related: after.slice(0, 3).map((r) => ({ span: { start: r, end: r + 1 }, message: "the reference's YAML reader skips this character" })),
    },
  ];
}

/** The code of a byte order mark that makes the reference's reader skip characters (bom-blocks.ts). */
export const BYTE_ORDER_MARK = "BYTE_ORDER_MARK";

/** The code of what the reference's reader rejects and the yaml package accepts (reference-reader.ts). */
export const REFERENCE_READER = "REFERENCE_READER";

/** The yaml package's code for a tab used as indentation. */
export const TAB_AS_INDENT = "TAB_AS_INDENT";

/** The yaml package's code for what it does not check itself: a character YAML does not allow. */
export const CONTROL_CHARACTER = "CONTROL_CHARACTER";

/** Reported at most, per document: a binary file would otherwise give one per byte. */
export const MAX_CONTROL_CHARACTERS = 100;

/**
 * Characters YAML does not allow in a stream (C0 and C1 controls but tab, line breaks and NEL; DEL; U+FFFE and
 * U+FFFF): the yaml package reads them as text, the reference's reader (yaml.v3) rejects the whole file. Lone
 * surrogates are left alone: the editor's text can hold them, a saved file holds U+FFFD instead.
 */
function disallowed(c: number): boolean {
  return c < 0x20 ? c !== 0x09 && c !== 0x0a && c !== 0x0d : (c >= 0x7f && c <= 0x9f && c !== 0x85) || c === 0xfffe || c === 0xffff;
}

/** The disallowed characters in text[from, to), the first MAX_CONTROL_CHARACTERS of them; one scan, no regex. */
export function controlCharacters(text: string, from: number, to: number): SyntaxProblem[] {
  const out: SyntaxProblem[] = [];
  const end = Math.min(to, text.length);
  for (let i = from; i < end && out.length < MAX_CONTROL_CHARACTERS; i++) {
    const code = text.charCodeAt(i);
    if (!disallowed(code)) continue;
    const name = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
    const what = code >= 0xfffe ? `the non-character ${name}` : `the control character ${name}`;
    out.push({
      span: { start: i, end: i + 1 },
      message: `${what} is not allowed in YAML (only tab and line breaks are)`,
      yamlCode: CONTROL_CHARACTER,
    });
  }
  return out;
}

/** The syntax errors of a parsed document, as diagnostics report them. */
export function syntaxProblems(doc: Document.Parsed | undefined): SyntaxProblem[] {
  // A tagged scalar is resolved by the decoder, as the reference resolves it: only where a value is read.
  return (doc?.errors ?? [])
    .filter((e) => e.code !== "TAG_RESOLVE_FAILED")
    .map((e) => ({
      span: { start: e.pos[0], end: Math.max(e.pos[0], e.pos[1]) },
      // The yaml package reports its own stack overflow (deep nesting) with the engine's message.
      message: e.code === "RESOURCE_EXHAUSTION" ? "the document nests too deeply to be parsed from here on" : firstLine(e.message),
      yamlCode: e.code,
    }));
}

/**
 * Replaces every collection nested deeper than MAX_NESTING with an empty scalar over the same range, so that no
 * recursive walk of the tree (decoder, rules, features) can run out of stack. Returns the first one's span.
 */
export function pruneDeepNodes(doc: Document.Parsed, text: string): Span | undefined {
  let first: Span | undefined;
  const prune = (node: Node): Scalar => {
    const range = node.range ?? [0, 0, 0];
    if (!first || range[0] < first.start) {
      first = { start: range[0], end: Math.max(range[0], lineEnd(text, range[0], range[1])) }; // its first line
    }
    const empty = new Scalar(null);
    empty.type = Scalar.PLAIN;
    empty.range = [range[0], range[0], range[0]];
    return empty;
  };
  // Each entry: a collection and its depth (the top-level collection is at depth 1).
  const stack: [Node, number][] = [];
  if (doc.contents && (isMap(doc.contents) || isSeq(doc.contents))) stack.push([doc.contents, 1]);
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    const items = (node as unknown as { items: unknown[] }).items;
    const visit = (child: unknown, replace: (n: Scalar) => void) => {
      if (!isMap(child) && !isSeq(child)) return;
      if (depth + 1 > MAX_NESTING) replace(prune(child));
      else stack.push([child, depth + 1]);
    };
    items.forEach((item, i) => {
      if (isPair(item)) {
        visit(item.key, (n) => (item.key = n));
        visit(item.value, (n) => (item.value = n));
      } else visit(item, (n) => (items[i] = n));
    });
  }
  return first;
}

function firstLine(message: string): string {
  return message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
}

/** Where to report a problem with the document as a whole: its first key, or its start. */
export function rootAnchor(doc: Document.Parsed | undefined, text: string): Span {
  const contents = doc?.contents;
  if (contents && isMap(contents) && contents.items.length > 0) {
    const key = contents.items[0].key as { range?: [number, number, number] } | null;
    if (key?.range) return { start: key.range[0], end: key.range[1] };
  }
  const start = text.search(/\S/);
  if (start < 0) return { start: 0, end: 0 };
  return { start, end: lineEnd(text, start) };
}

/** What the limits took away from a parsed document: a collection pruned for its depth, a document too large to check. */
export function limitFindings(text: string, parsed: ParsedYaml, anchor: Span): Finding[] {
  const out: Finding[] = [];
  if (parsed.tooDeep) {
    out.push({
      code: "yaml-nesting-too-deep",
      severity: "error",
      field: null,
      message: `nested deeper than ${MAX_NESTING} levels: nothing from here on is checked`,
      span: parsed.tooDeep,
    });
  }
  if (text.length > MAX_CHECKED_LENGTH) {
    out.push({
      code: "document-too-large",
      severity: "warning",
      field: null,
      message: `this document is ${megabytes(text.length)}, over the ${megabytes(MAX_CHECKED_LENGTH)} packlint checks in full: only its YAML syntax is checked`,
      span: anchor,
      data: { length: text.length, limit: MAX_CHECKED_LENGTH },
    });
  }
  return out;
}

/**
 * The one finding of an open document over MAX_CHECKED_LENGTH in the editor, which depends on its size alone: a
 * syntax-only check of that much text takes seconds and gigabytes, too much for every keystroke.
 */
export function editorSizeFinding(text: string): Finding {
  return {
    code: "document-too-large",
    severity: "warning",
    field: null,
    message: `this document is ${megabytes(text.length)}, over the ${megabytes(MAX_CHECKED_LENGTH)} packlint checks in the editor: it is not checked here; the packlint command checks its YAML syntax`,
    span: rootAnchor(undefined, text),
    data: { length: text.length, limit: MAX_CHECKED_LENGTH },
  };
}
