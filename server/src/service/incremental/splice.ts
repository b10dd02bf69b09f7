import { CST, Document, isAlias, isMap, isNode, isPair, isSeq, Lexer, Node, Pair, parseAllDocuments, visit, YAMLError, YAMLMap, YAMLSeq } from "yaml";
import { PARSE_OPTIONS, withoutStackTraces } from "../yaml/parse";
import { MAX_NESTING } from "../yaml/limits";
import type { Edit } from "./edit";

type Collection = YAMLMap | YAMLSeq;
type Entry = Pair | Node;

/** A run of entries [a..b] of a block collection on the way from the root to an edit. */
interface Level {
  coll: Collection;
  a: number;
  b: number;
}

/** A unit re-parsed on its own, ready to replace the run of entries it was. */
interface Plan {
  level: Level;
  start: number;
  oldEnd: number;
  entries: Entry[];
  errors: YAMLError[];
  warnings: YAMLError[];
}

/**
 * Re-parses the smallest unit around an edit that YAML lets us parse on its own, and splices it into `doc`
 * (which becomes the new text's document) with every later range shifted. Returns the collections whose
 * content changed in place (to decode again), or undefined when the edit cannot be isolated: then nothing
 * was changed and the caller parses the whole text.
 *
 * A unit is a run of entries (map pairs or sequence items) of one block collection whose entries start their
 * lines at column u: from the line where its first entry starts to the line where the entry after it starts or,
 * after the collection's last entry, to the first line indented less than u (or by u without starting an entry;
 * the end of the text if none). Every other line in it is blank, indented more than u, or starts a sibling entry
 * (or a comment) at u: so the lines around it parse the same whatever it holds, and it parses alone as it does in
 * place. It is parsed followed by a comment line, standing for what comes after it. Refused: a construct that
 * would run on past the unit (an unclosed quote or flow collection), errors after which yaml's reading depends on
 * what follows (only local ones are allowed, in the unit and in the rest of the document), a first map key not
 * complete on its line (alone, it would take in the next line), and anchors and aliases (they tie units together).
 */
export function spliceEdit(doc: Document.Parsed, oldText: string, newText: string, edit: Edit): { dirty: Set<Node>; parsedChars: number } | undefined {
  const root = doc.contents;
  if (!isBlock(root) || !doc.errors.every(isLocalError)) return undefined;
  const path: Level[] = [];
  for (let coll: Collection = root; ;) {
    const run = runAt(coll, oldText, edit);
    if (!run) break;
    path.push(run);
    if (run.a !== run.b) break;
    const child = entryValue(coll.items[run.a] as Entry);
    if (!isBlock(child)) break;
    coll = child;
  }
  for (let depth = path.length - 1; depth >= 0; depth--) {
    const plan = isolate(path[depth], depth + 1, doc, oldText, newText, edit);
    if (!plan) continue;
    apply(doc, path.slice(0, depth + 1), plan, edit);
    return { dirty: new Set(path.slice(0, depth + 1).map((l) => l.coll)), parsedChars: plan.oldEnd - plan.start + edit.newEnd - edit.oldEnd };
  }
  return undefined;
}

function isBlock(node: unknown): node is Collection {
  return (isMap(node) || isSeq(node)) && !node.flow && node.items.length > 0 && !!node.range;
}

function entryValue(e: Entry): unknown {
  return isPair(e) ? e.value : e;
}

/** Where an entry's text starts: its key, or its sequence item's dash. */
function entryStart(coll: Collection, i: number, text: string): number | undefined {
  const e = coll.items[i] as Entry | null;
  if (!e) return undefined;
  if (isPair(e)) return (e.key as Node | null)?.range?.[0];
  const at = (e as Node).range?.[0];
  if (at === undefined) return undefined;
  let j = at - 1;
  while (j >= 0 && (text[j] === " " || text[j] === "\n" || text[j] === "\r")) j--;
  return j >= 0 && text[j] === "-" ? j : undefined;
}

/** Where an entry's node ends (its value's, or its key's when it has none), as its collection counts it. */
function entryEnd(e: Entry): number | undefined {
  if (isPair(e)) return ((e.value ?? e.key) as Node | null)?.range?.[2];
  return (e as Node).range?.[2];
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

function onlySpaces(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) !== 32) return false;
  return true;
}

/** The run of entries of `coll` whose lines the edit touches (both neighbours when it is at a line start). */
function runAt(coll: Collection, text: string, edit: Edit): Level | undefined {
  const n = coll.items.length;
  const starts = new Map<number, number | undefined>();
  const ls = (i: number) => {
    if (!starts.has(i)) {
      const s = entryStart(coll, i, text);
      starts.set(i, s === undefined ? undefined : lineStart(text, s));
    }
    return starts.get(i);
  };
  // Last entry whose line starts at or before `offset` (strictly before when `strict`).
  const find = (offset: number, strict: boolean): number | undefined => {
    let lo = 0;
    let hi = n - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = ls(mid);
      if (s === undefined) return undefined;
      if (strict ? s < offset : s <= offset) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
  let a = find(edit.start, true);
  if (a === undefined) return undefined;
  if (a < 0) {
    if (ls(0) !== edit.start) return undefined; // the edit starts before the collection
    a = 0;
  }
  const b = find(edit.oldEnd, false);
  if (b === undefined) return undefined;
  return { coll, a, b: Math.max(a, b) };
}

/**
 * Where the unit that starts at `from` (a line whose entry is indented by u) ends: the first later line
 * that is indented less than u, or by u without starting a sibling entry; the text's end if none.
 */
function unitEnd(text: string, from: number, u: number, seq: boolean): number {
  let line = text.indexOf("\n", from);
  while (line >= 0) {
    const start = line + 1;
    let i = start;
    while (text.charCodeAt(i) === 32) i++;
    const c = text[i];
    const blank = i >= text.length || c === "\n" || (c === "\r" && text[i + 1] === "\n") || (c === "\t" && isBlankFrom(text, i));
    if (!blank) {
      const indent = i - start;
      if (indent < u) return start;
      if (indent === u && c !== "#" && !startsEntry(text, i, u, seq)) return start;
    }
    line = text.indexOf("\n", start);
  }
  return text.length;
}

function isBlankFrom(text: string, i: number): boolean {
  for (; i < text.length && text[i] !== "\n"; i++) {
    const c = text[i];
    if (c !== " " && c !== "\t" && !(c === "\r" && text[i + 1] === "\n")) return false;
  }
  return true;
}

/** Whether the line content at `i` (indented by u) starts an entry of a sequence (a dash) or of a mapping (a key). */
function startsEntry(text: string, i: number, u: number, seq: boolean): boolean {
  const dash = text[i] === "-" && (i + 1 >= text.length || " \t\r\n".includes(text[i + 1]));
  if (seq) return dash;
  if (dash) return false;
  if (u === 0 && (/^(---|\.\.\.)([ \t\r\n]|$)/.test(text.slice(i, i + 4)) || text[i] === "%")) return false;
  return true;
}

/** `depth`: the collection's nesting depth (the document's top collection is at 1), for the parser's limit. */
function isolate(level: Level, depth: number, doc: Document.Parsed, oldText: string, newText: string, edit: Edit): Plan | undefined {
  const { coll, a, b } = level;
  const seq = isSeq(coll);
  const first = entryStart(coll, a, oldText);
  if (first === undefined) return undefined;
  const start = lineStart(oldText, first);
  const u = first - start;
  if (!onlySpaces(oldText, start, first)) return undefined;
  const last = b === coll.items.length - 1;
  let oldEnd: number;
  if (!last) {
    const next = entryStart(coll, b + 1, oldText);
    if (next === undefined) return undefined;
    oldEnd = lineStart(oldText, next);
    if (next - oldEnd !== u || !onlySpaces(oldText, oldEnd, next)) return undefined;
    if (unitEnd(oldText, start, u, seq) < oldEnd) return undefined;
  } else {
    oldEnd = unitEnd(oldText, start, u, seq);
    const end = entryEnd(coll.items[b] as Entry);
    if (end === undefined || end > oldEnd) return undefined;
  }
  if (edit.start < start || edit.oldEnd > oldEnd) return undefined;
  // An error at a unit's edge may come from its neighbour; one that spans into the unit surely does.
  for (const e of doc.errors) {
    if (e.pos[0] === start || e.pos[0] === oldEnd || (e.pos[0] < start && e.pos[1] > start)) return undefined;
  }

  const delta = edit.newEnd - edit.oldEnd;
  const newEnd = oldEnd + delta;
  if (!onlySpaces(newText, start, start + u)) return undefined;
  const scanned = unitEnd(newText, start, u, seq);
  if (last ? scanned !== newEnd : scanned < newEnd) return undefined;
  const unit = newText.slice(start, newEnd);
  // The whole-text parse reads a lone CR as a line break (parse.ts); a unit with one is parsed with the text.
  if (/\r(?!\n)/.test(unit)) return undefined;
  // Something after the unit ends it as the rest of the document would; a comment changes no node.
  const tail = newEnd < newText.length ? `${" ".repeat(u)}#\n` : "";
  const docs = withoutStackTraces(() => Array.from(parseAllDocuments(unit + tail, PARSE_OPTIONS)));
  if (docs.length !== 1) return undefined;
  const iso = docs[0] as Document.Parsed;
  if (iso.directives?.docStart) return undefined;
  const c = iso.contents;
  if (!isBlock(c) || isSeq(c) !== seq || c.range![0] !== u) return undefined;
  // Alone, a first line that is not a complete `key:` would run on into the next line (as a multi-line key).
  if (!seq) {
    const pair = c.items[0] as Pair;
    const lineEnd = unit.indexOf("\n");
    const keyEnd = (pair.key as Node | null)?.range?.[1];
    if (unit[u] === "?" || !pair.value || keyEnd === undefined || (lineEnd >= 0 && keyEnd > lineEnd)) return undefined;
  }
  for (const e of c.items as Entry[]) {
    const end = entryEnd(e);
    if (end === undefined || end > unit.length) return undefined;
  }
  for (const e of [...iso.errors, ...iso.warnings]) if (e.pos[0] <= 0 || e.pos[0] >= unit.length) return undefined;
  // yaml recovers from most errors in ways that depend on what follows (a nested key may take in the
  // rest of the document): only errors that leave the structure as it is are allowed in a unit.
  if (!iso.errors.every(isLocalError) || (iso.errors.length > 0 && leaksPastEnd(unit))) return undefined;
  if (hasAnchors(c) || depth + nesting(c) > MAX_NESTING) return undefined;
  return { level, start, oldEnd, entries: c.items as Entry[], errors: iso.errors, warnings: iso.warnings };
}

/**
 * Errors after which yaml's structure is what it would be without them: a key without a value, a bad escape
 * in a closed string, a long key. Any other error may have changed how the following lines were read.
 */
function isLocalError(e: YAMLError): boolean {
  switch (e.code) {
    case "MISSING_CHAR":
      return e.message.startsWith("Implicit map keys need to be followed by map values");
    case "BAD_DQ_ESCAPE":
    case "KEY_OVER_1024_CHARS":
      return true;
    default:
      return false;
  }
}

/**
 * Whether the text ends inside a flow collection or a quoted scalar, or had a flow collection cut short by
 * indentation (after which the lexer's state is not what the rest of the document starts from).
 */
function leaksPastEnd(text: string): boolean {
  let depth = 0;
  let open = false;
  for (const token of new Lexer().lex(text)) {
    switch (CST.tokenType(token)) {
      case "flow-map-start":
      case "flow-seq-start":
        depth++;
        break;
      case "flow-map-end":
      case "flow-seq-end":
        depth--;
        break;
      case "flow-error-end":
        return true;
      case "double-quoted-scalar":
        open = !/(^|[^\\])(\\\\)*"$/.test(token.slice(1));
        break;
      case "single-quoted-scalar":
        open = !/(^|[^'])('')*'$/.test(token.slice(1));
        break;
      default:
        break;
    }
    if (open) return true;
  }
  return depth !== 0;
}

/** How many levels of collections `node` holds below itself (0 for a collection of scalars). */
function nesting(node: Node): number {
  let deepest = 0;
  const stack: [Node, number][] = [[node, 0]];
  while (stack.length > 0) {
    const [n, d] = stack.pop()!;
    deepest = Math.max(deepest, d);
    if (!isMap(n) && !isSeq(n)) continue;
    for (const e of n.items as (Entry | null)[]) {
      const child = e && (isPair(e) ? e.value : e);
      if (isMap(child) || isSeq(child)) stack.push([child as Node, d + 1]);
    }
  }
  return deepest;
}

/** Whether a node holds an anchor or an alias (they tie units together, so such a unit is never isolated). */
export function hasAnchors(node: unknown): boolean {
  let found = false;
  visit(node as Node, (_key, n) => {
    if (isAlias(n) || (isNode(n) && n.anchor)) {
      found = true;
      return visit.BREAK;
    }
    return undefined;
  });
  return found;
}

/** Splices the plan's entries in place of its run and shifts everything after the edit. */
function apply(doc: Document.Parsed, path: Level[], plan: Plan, edit: Edit): void {
  const delta = edit.newEnd - edit.oldEnd;
  for (const e of plan.entries) shiftEntry(e, plan.start);
  const { coll, a, b } = plan.level;
  coll.items.splice(a, b - a + 1, ...(plan.entries as never[]));
  const after = a + plan.entries.length;
  for (let i = after; i < coll.items.length; i++) shiftEntry(coll.items[i] as Entry, delta);
  fixRange(coll, after === coll.items.length, delta);
  for (let d = path.length - 2; d >= 0; d--) {
    const { coll: c, a: i } = path[d];
    for (let k = i + 1; k < c.items.length; k++) shiftEntry(c.items[k] as Entry, delta);
    fixRange(c, i === c.items.length - 1, delta);
  }
  if (doc.range && doc.contents?.range) doc.range = [doc.range[0], doc.contents.range[2], doc.range[2] + delta];
  const moved = (list: YAMLError[], fresh: YAMLError[]) => {
    for (const e of fresh) e.pos = [e.pos[0] + plan.start, e.pos[1] + plan.start];
    const before = list.filter((e) => e.pos[0] < plan.start);
    const later = list.filter((e) => e.pos[0] >= plan.oldEnd);
    for (const e of later) e.pos = [e.pos[0] + delta, e.pos[1] + delta];
    for (const e of before) if (e.pos[1] >= edit.oldEnd) e.pos = [e.pos[0], e.pos[1] + delta];
    return [...before, ...fresh, ...later];
  };
  doc.errors = moved(doc.errors, plan.errors);
  doc.warnings = moved(doc.warnings, plan.warnings);
}

/** A collection's range after its entries changed: yaml ends it at its last entry's end, then its trailing comments. */
function fixRange(coll: Collection, lastChanged: boolean, delta: number): void {
  const r = coll.range!;
  const trailing = r[2] !== r[1];
  const end = r[2];
  r[1] = lastChanged ? (entryEnd(coll.items[coll.items.length - 1] as Entry) ?? r[1] + delta) : r[1] + delta;
  r[2] = trailing ? end + delta : r[1];
}

function shiftEntry(e: Entry | null, delta: number): void {
  if (!e || delta === 0) return;
  if (isPair(e)) {
    shiftNode(e.key as Node | null, delta);
    shiftNode(e.value as Node | null, delta);
  } else shiftNode(e, delta);
}

function shiftNode(node: Node | null, delta: number): void {
  if (!node) return;
  const r = node.range;
  if (r) node.range = [r[0] + delta, r[1] + delta, r[2] + delta];
  if (isMap(node) || isSeq(node)) for (const e of node.items) shiftEntry(e as Entry, delta);
}
