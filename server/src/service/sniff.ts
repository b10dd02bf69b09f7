import { isAlias, isMap, isScalar, isSeq, parseDocument, type Document, type Node } from "yaml";

/** The top-level sections of a pack; content sniffing looks for them in YAML files outside the pack globs. */
const PACK_SECTIONS: ReadonlySet<string> = new Set(["pack", "version", "challenges", "input_sets"]);

const BOM = "\uFEFF";
/** Where a line starts, as the reference's reader breaks lines (LF, CR, NEL, LS, PS). */
const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/;

/**
 * Content sniffing for YAML files outside the pack globs: two of the pack's top-level sections (`pack:`,
 * `version:`, `challenges:`, `input_sets:`) make a pack. A pack being written (`pack:` and `version:` so far) or
 * one whose `pack:` section is missing is still a pack, so its author sees its errors; other YAML rarely has two of
 * these keys.
 *
 * The reference reads any YAML whose root mapping has these keys, however they are written: keys plain or quoted,
 * after byte order marks, as explicit `? key` entries, in a flow or JSON root mapping, or merged into the root by
 * `<<:`. Block keys at a line's start are found by one pass over the lines; only a text with a root written
 * another way (a line starting with `{`, `?`, `<<` or `--- …`) is parsed to read its root mapping's keys.
 */
export function looksLikePack(text: string): boolean {
  const found = new Set<string>();
  let otherRoot = false;
  for (let start = 0; start <= text.length;) {
    const next = nextLineStart(text, start);
    const line = lineKey(text, start, next);
    if (line.section !== undefined) {
      found.add(line.section);
      if (found.size >= 2) return true;
    }
    otherRoot ||= line.otherRoot;
    start = next;
  }
  // Parsed only when two section names occur at all: a large JSON or flow-style file of other data is not parsed to find out.
  return otherRoot && mentionedSections(text) >= 2 && rootSections(text) >= 2;
}

function mentionedSections(text: string): number {
  let n = 0;
  for (const name of PACK_SECTIONS) if (text.includes(name)) n++;
  return n;
}

function nextLineStart(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === "\n" || c === "\u0085" || c === "\u2028" || c === "\u2029") return i + 1;
    if (c === "\r") return text[i + 1] === "\n" ? i + 2 : i + 1;
  }
  return text.length + 1;
}

/** What one line at the root says: the pack section it starts (a block key, maybe `? key`), or that the root is written another way. */
function lineKey(text: string, start: number, end: number): { section?: string; otherRoot: boolean } {
  let i = start;
  while (text[i] === BOM) i++;
  if (text.startsWith("<<", i) || text[i] === "{" || (text.startsWith("---", i) && /[ \t]/.test(text[i + 3] ?? ""))) return { otherRoot: true };
  if (text[i] === "?") {
    if (!/[ \t]/.test(text[i + 1] ?? "")) return { otherRoot: true };
    i += 2;
    while (text[i] === " " || text[i] === "\t") i++;
    const key = keyText(text, i, end);
    return { section: key && afterExplicitKey(text, key.end, end) ? section(key.text) : undefined, otherRoot: true };
  }
  const key = keyText(text, i, end);
  if (!key) return { otherRoot: false };
  let j = key.end;
  while (text[j] === " " || text[j] === "\t") j++;
  return { section: text[j] === ":" ? section(key.text) : undefined, otherRoot: false };
}

/** A key's text at `i`: plain up to a space or colon, or in single or double quotes (no escapes: no section needs one). */
function keyText(text: string, i: number, end: number): { text: string; end: number } | undefined {
  const quote = text[i];
  if (quote === '"' || quote === "'") {
    // Looked for on this line only, so that a line of unclosed quotes costs its own length, not the rest of the text.
    for (let j = i + 1; j < end && j < text.length && !LINE_BREAK.test(text[j]); j++) if (text[j] === quote) return { text: text.slice(i + 1, j), end: j + 1 };
    return undefined;
  }
  let j = i;
  while (j < end && j < text.length && text[j] !== " " && text[j] !== "\t" && text[j] !== ":" && !LINE_BREAK.test(text[j])) j++;
  return j > i ? { text: text.slice(i, j), end: j } : undefined;
}

/** After `? key`: the line ends (maybe in a comment), or its value follows on the same line after ` :`. */
function afterExplicitKey(text: string, i: number, end: number): boolean {
  while (text[i] === " " || text[i] === "\t") i++;
  return i >= Math.min(end, text.length) || LINE_BREAK.test(text[i]) || text[i] === "#" || text[i] === ":";
}

function section(key: string): string | undefined {
  return PACK_SECTIONS.has(key) ? key : undefined;
}

/** How many pack sections the first document's root mapping has, its `<<` merges included (as yaml.v3 merges them). */
function rootSections(text: string): number {
  const doc = parseDocument(text, { schema: "failsafe", uniqueKeys: false, prettyErrors: false });
  const found = new Set<string>();
  collectKeys(doc, doc.contents, found, new Set());
  let n = 0;
  for (const k of found) if (PACK_SECTIONS.has(k)) n++;
  return n;
}

function collectKeys(doc: Document, node: unknown, found: Set<string>, seen: Set<unknown>): void {
  const target = isAlias(node) ? node.resolve(doc) : node;
  if (!isMap(target) || seen.has(target)) return;
  seen.add(target);
  for (const pair of target.items) {
    const key = pair.key as Node | null;
    if (!isScalar(key)) continue;
    if (key.value === "<<" && key.type === "PLAIN" && !key.tag) {
      const value = isAlias(pair.value) ? pair.value.resolve(doc) : pair.value;
      for (const merged of isSeq(value) ? value.items : [value]) collectKeys(doc, merged, found, seen);
    } else if (typeof key.value === "string") {
      found.add(key.value.replace(/^\uFEFF+/, ""));
    }
  }
}
