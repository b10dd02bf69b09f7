import { Document, isAlias, isMap, isScalar, isSeq, Lexer, Node, parseDocument } from "yaml";
import { buildPackModel, packDiagnostics, PackDiagnostic, TextEdit } from "../../server/src/service/pack";
import { applyEdits, URI } from "./features";

/**
 * The invariant every edit we offer keeps (issue 17): the result still parses with the reference's reader
 * rules (no syntax errors, duplicate keys or unknown anchors), every value the edit did not touch decodes to the
 * same data at the same place (list indexes aside: a moved case keeps its data), comments and line endings are
 * kept, and a quick fix removes its diagnostic without adding an error. `problems` lists what breaks it.
 */

export interface EditCheck {
  text: string;
  edits: TextEdit[];
  /** The diagnostic a quick fix claims to fix. */
  fixes?: PackDiagnostic;
}

interface Leaf {
  path: string;
  value: string;
  /** Source ranges the leaf depends on: its own node and the keys on its path. */
  spans: [number, number][];
}

function leaves(doc: Document): Leaf[] {
  const out: Leaf[] = [];
  const walk = (n: unknown, path: string, keys: [number, number][]) => {
    if (isAlias(n)) {
      const target = n.resolve(doc);
      out.push({ path, value: JSON.stringify(target ? target.toJS(doc) : null), spans: [...keys, rangeOf(n)] });
    } else if (isScalar(n)) {
      out.push({ path, value: JSON.stringify(n.toJS(doc)), spans: [...keys, rangeOf(n)] });
    } else if (isMap(n)) {
      for (const p of n.items) {
        const k = isScalar(p.key) ? String(p.key.value) : JSON.stringify(p.key);
        const ks: [number, number][] = isScalar(p.key) ? [...keys, rangeOf(p.key)] : keys;
        walk(p.value, `${path}.${k}`, ks);
      }
    } else if (isSeq(n)) {
      for (const item of n.items) walk(item, `${path}[]`, keys);
    }
  };
  walk(doc.contents, "$", []);
  return out;
}

function rangeOf(n: Node): [number, number] {
  return n.range ? [n.range[0], n.range[1]] : [0, 0];
}

/**
 * A lone CR, NEL, LS and PS end a line for the reference's reader (yaml.v3) and for the model, which parses them
 * the same way (yaml/parse.ts): same offsets, LF, so that "parses" means what it means to the reference.
 */
function asLf(text: string): string {
  return text.replace(/\r(?!\n)|[\u0085\u2028\u2029]/g, "\n");
}

function comments(text: string): string[] {
  const out: string[] = [];
  for (const t of new Lexer().lex(asLf(text))) if (t.startsWith("#")) out.push(t.trimEnd());
  return out.sort();
}

function lineBreaks(text: string): Set<string> {
  return new Set(text.match(/\r\n|\r|\n/g) ?? []);
}

function multiset(xs: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

/** Offsets of the edits in the original text. */
function editSpans(text: string, edits: TextEdit[]): [number, number][] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\r" && text[i + 1] === "\n") continue;
    if (text[i] === "\n" || text[i] === "\r") starts.push(i + 1);
  }
  const at = (p: { line: number; character: number }) => Math.min(text.length, (starts[p.line] ?? text.length) + p.character);
  return edits.map((e) => [at(e.range.start), at(e.range.end)]);
}

/**
 * A diagnostic as the invariant counts it: its code and message. Converting legacy `items` renames the path a
 * decode error names (`input_sets[].items[].payload` → `input_sets[].cases[].payload`): the same error, not a new one.
 */
const key = (d: PackDiagnostic) => `${d.code}\u0000${d.message.replace(/\binput_sets\[\]\.items\[\]/g, "input_sets[].cases[]")}`;

/** Whether a document parses with the reader's rules (no syntax errors, duplicate keys or unknown anchors): the invariant's domain. */
export function parsesWhole(text: string): boolean {
  const doc = parseDocument(asLf(text), { uniqueKeys: true });
  if (doc.errors.length) return false;
  try {
    // Alias bombs (yaml's maxAliasCount) and circular aliases are not documents to edit: their data has no value to compare.
    JSON.stringify(doc.toJS());
    return true;
  } catch {
    return false;
  }
}

/** The original document's facts, computed once for the many edits checked against it. */
export class EditInvariant {
  private readonly leaves: Leaf[];
  private readonly comments: string[];
  private readonly breaks: Set<string>;
  private diagnostics?: PackDiagnostic[];
  constructor(readonly text: string) {
    this.leaves = leaves(parseDocument(asLf(text)));
    this.comments = comments(text);
    this.breaks = lineBreaks(text);
  }

  /** What the edits break; empty when they keep the pack whole. */
  problems(edits: TextEdit[], fixes?: PackDiagnostic): string[] {
    const before = this.text;
    const after = applyEdits(before, edits);
    const problems: string[] = [];
    const doc = parseDocument(asLf(after), { uniqueKeys: true });
    for (const e of doc.errors) problems.push(`does not parse: ${e.message.split("\n")[0]}`);
    if (problems.length) return problems;

    // Values: every leaf of the original that no edit touched is in the result, at the same path.
    const spans = editSpans(before, edits);
    const touched = (l: Leaf) => l.spans.some(([s, e]) => spans.some(([a, b]) => (a < e && s < b) || (a === b && s < a && a < e)));
    const kept = multiset(this.leaves.filter((l) => !touched(l)).map((l) => `${l.path} = ${l.value}`));
    const now = multiset(leaves(doc).map((l) => `${l.path} = ${l.value}`));
    for (const [k, n] of kept) if ((now.get(k) ?? 0) < n) problems.push(`changed a value it did not edit: ${k}`);

    const lost = multiset(this.comments);
    for (const c of comments(after)) lost.set(c, (lost.get(c) ?? 0) - 1);
    for (const [c, n] of lost) if (n > 0) problems.push(`lost a comment: ${c}`);

    for (const eol of lineBreaks(after)) if (this.breaks.size > 0 && !this.breaks.has(eol)) problems.push(`wrote a new line ending ${JSON.stringify(eol)}`);

    if (fixes) {
      const was = (this.diagnostics ??= packDiagnostics(buildPackModel(before, URI)));
      const is = packDiagnostics(buildPackModel(after, URI));
      const count = (ds: PackDiagnostic[], k: string, errorsOnly: boolean) => ds.filter((d) => key(d) === k && (!errorsOnly || d.severity === "error")).length;
      if (count(is, key(fixes), false) >= count(was, key(fixes), false)) problems.push(`did not fix ${fixes.code}: ${fixes.message}`);
      for (const k of new Set(is.filter((d) => d.severity === "error").map(key))) {
        if (count(is, k, true) > count(was, k, true)) problems.push(`added an error: ${k.replace("\u0000", ": ")}`);
      }
    }
    return problems;
  }
}

export function editProblems(check: EditCheck): string[] {
  return new EditInvariant(check.text).problems(check.edits, check.fixes);
}

/** A completion item's edits as a client applies them: the snippet expanded with its defaults (first choice), plus any additional edits. */
export function completionEdits(item: { textEdit: TextEdit; insertTextFormat?: number; additionalTextEdits?: TextEdit[] }): TextEdit[] {
  const newText = item.insertTextFormat === 2 ? expandSnippet(item.textEdit.newText) : item.textEdit.newText;
  return [{ range: item.textEdit.range, newText }, ...(item.additionalTextEdits ?? [])];
}

/** LSP snippet syntax with every tab stop at its default: `$1` → "", `${1:x}` → x, `${1|a,b|}` → a, `\$` → $. */
export function expandSnippet(snippet: string): string {
  let out = "";
  for (let i = 0; i < snippet.length; i++) {
    const c = snippet[i];
    if (c === "\\" && i + 1 < snippet.length) out += snippet[++i];
    else if (c === "$") {
      const m = /^\$(\d+)|^\$\{(\d+)(?::((?:\\.|[^}\\])*)|\|((?:\\.|[^|\\])*)\|)?\}/.exec(snippet.slice(i));
      if (!m) {
        out += c;
        continue;
      }
      if (m[3] !== undefined) out += expandSnippet(m[3]);
      else if (m[4] !== undefined) out += (/^(?:\\.|[^,\\])*/.exec(m[4])?.[0] ?? "").replace(/\\(.)/g, "$1");
      i += m[0].length - 1;
    } else out += c;
  }
  return out;
}
