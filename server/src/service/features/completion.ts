import { isMap, isScalar, Scalar } from "yaml";
import type { PackModel } from "../pack-model";
import { toRange } from "../pack-model";
import type { CompletionItem, CompletionList, Position, Span } from "../types";
import { enumValues, knownObjects } from "../catalog";
import { CursorContext, cursorContext, PathSegment } from "../yaml/cursor";
import { decodedAt, formatFieldPath } from "../model/paths";
import type { SymbolKind } from "../model/symbols";
import { CacheSlot } from "../model/model-cache";
import { CompletionItemKind, type MarkupContent } from "vscode-languageserver-types";
import { closedEnumOf, defaultValue, enumNote, enumOf, isRequired, lookupKey, referenceOf, requiredKeys, Shape, shapeAt, shapeOfType } from "../schema/keys";
import { keyDocumentation } from "./hover";
import { symbolPreview, symbolSummary } from "./symbol-info";
import { symbolIndex } from "./symbol-index";
import { lineEnd, lineStart } from "../util/lines";
import { eolOf, nextLineStart, yamlScalar } from "./edits";
import { keyFits, valueFits, type ValueSite } from "./value-fit";
import { keyDoc } from "../docs/key-reference";

/**
 * Completion from the model: keys valid at the cursor (required first, with snippets that fill their
 * required sub-keys), enum values, declared keys where a reference goes, `source` and evidence references,
 * and snippets for new list items.
 */
export function completion(model: PackModel, position: Position): CompletionList {
  const offset = model.lines.offsetAt(position);
  const c = cursorContext(model.yaml, lfText(model), offset);
  const env = new Env(model, c, offset);
  let items: CompletionItem[] = [];
  switch (c.role) {
    case "key":
      items = keyRole(env);
      break;
    case "item":
      items = itemRole(env);
      break;
    case "value":
      items = valueRole(env);
      break;
  }
  return { isIncomplete: false, items: items.filter((i) => fitsLine(env, i)) };
}

/**
 * Whether an item's edit leaves its line whole: what follows the replaced text must be nothing, a comment, or (in a
 * flow collection) the next separator; a key's name alone may stand before its colon. Anything else (the cursor in
 * the indentation before a key, on a comment's `#`) would glue the new text to the old.
 */
function fitsLine(env: Env, item: CompletionItem): boolean {
  const text = env.model.text;
  const start = env.model.lines.offsetAt(item.textEdit.range.start);
  const end = env.model.lines.offsetAt(item.textEdit.range.end);
  if (text[start] === "#" && (start === 0 || /\s/.test(text[start - 1]))) return false;
  // In a flow collection, new text goes after its opening bracket, a comma or a key's colon (not after `]`).
  if (env.inFlow && start === end && !/[[{,:]\s*$/.test(text.slice(lineStart(text, start), start))) return false;
  let rest = text.slice(end, lineEnd(text, end));
  // Inside a quoted scalar the closing quote follows.
  if ((text[start - 1] === '"' || text[start - 1] === "'") && rest.startsWith(text[start - 1])) rest = rest.slice(1) || " ";
  if (/^\s*(#.*)?$/.test(rest) && (rest === "" || /^\s/.test(rest))) return keepsLinesBelow(env, start);
  if (env.inFlow && /^\s*[,\]}]/.test(rest)) return true;
  if (env.c.role === "key" && item.insertTextFormat !== 2 && !item.textEdit.newText.includes(":") && /^\s*:/.test(rest)) return true;
  return false;
}

/**
 * Whether new block content at the cursor's line keeps the lines below where they are: the next line with content
 * must not be indented deeper than the new key or item, or it would become part of it.
 */
function keepsLinesBelow(env: Env, start: number): boolean {
  if (env.inFlow || env.c.role === "value") return true;
  const text = env.model.text;
  let first = lineStart(text, start);
  while (first < start && text[first] === " ") first++;
  const column = first - lineStart(text, start);
  for (let at = nextLineStart(text, start); at < text.length; at = nextLineStart(text, at)) {
    const line = text.slice(at, lineEnd(text, at));
    const indent = /^ */.exec(line)![0].length;
    if (line.trim() === "" || line[indent] === "#") continue;
    return indent <= column;
  }
  return true;
}

const INDENT = 2;

/** Noun for the snippet that adds an item to a list of this entry. */
const ITEM_SNIPPETS: Record<string, string> = {
  "challenges[]": "challenge",
  "input_sets[]": "input set",
  "input_sets[].cases[]": "case",
  "input_sets[].cases[].inputs[]": "input",
  expectation: "expectation",
  asset: "asset",
  "version.evaluation_spec.validators[]": "validator",
  "version.evaluation_spec.metrics[]": "metric",
  "version.evaluation_spec.llm_judges[]": "LLM judge",
  "version.evaluation_spec.scorecard.dimensions[]": "dimension",
};

/** Keys a new item's snippet fills besides the required ones. */
const SNIPPET_EXTRA: Record<string, string[]> = {
  "input_sets[]": ["cases"], // required unless legacy items are written
  "input_sets[].cases[]": ["case_key"], // required unless the legacy item_key is written
  "version.evaluation_spec.validators[]": ["expected_from"], // required by most validator types
};

class Env {
  readonly eol: string;
  /** Inside `[...]` or `{...}`: only flow values and `key: value` pairs on one line may go here. */
  readonly inFlow: boolean;
  constructor(
    readonly model: PackModel,
    readonly c: CursorContext,
    readonly offset: number,
  ) {
    this.eol = lineBreakOf(model);
    this.inFlow = !!c.node?.flow;
  }

  valueAt = (path: PathSegment[]): unknown => decodedAt(this.model.bundle, this.model.sources, path)?.value;

  shape(path: PathSegment[]): Shape | undefined {
    return shapeAt(path, this.valueAt);
  }

  item(label: string, newText: string, extra: Partial<CompletionItem> = {}, span: Span = this.c.span): CompletionItem {
    return { label, textEdit: { range: toRange(this.model.lines, this.onCursorLine(span)), newText }, ...extra };
  }

  /** LSP wants a completion's edit on the cursor's line and around the cursor: a multi-line plain scalar is cut to that line. */
  private onCursorLine(span: Span): Span {
    const text = this.model.text;
    let first = lineStart(text, this.offset); // the line's first non-blank, or the cursor
    while (first < this.offset && (text[first] === " " || text[first] === "\t")) first++;
    return {
      start: Math.max(Math.min(span.start, this.offset), first),
      end: Math.min(Math.max(span.end, this.offset), lineEnd(text, this.offset)),
    };
  }

  /** Declared names of a symbol kind in a scope, in document order, without repeats. */
  declared(kind: SymbolKind, scope = "") {
    const seen = new Set<string>();
    return symbolIndex(this.model)
      .declared(kind, scope)
      .filter((d) => !seen.has(d.name) && seen.add(d.name));
  }
}

/** The line break inserted text uses: the document's own. Once per model (it reads the whole text). */
function lineBreakOf(model: PackModel): string {
  return model.cache.get(LINE_BREAK, () => eolOf(model.text));
}

const LINE_BREAK = new CacheSlot<string>("line break");

/** The text with lone CRs as LFs (same offsets), as the model's parse reads it and the cursor walk expects. */
function lfText(model: PackModel): string {
  return model.cache.get(LF_TEXT, () => (model.text.includes("\r") ? model.text.replace(/\r(?!\n)/g, "\n") : model.text));
}

const LF_TEXT = new CacheSlot<string>("text with LF line breaks");

function escapeSnippet(s: string): string {
  return s.replace(/[$}\\]/g, "\\$&");
}

function escapeChoice(s: string): string {
  return s.replace(/[$}\\,|]/g, "\\$&");
}

/** Builds snippet text, numbering tab stops in order. */
class Snippet {
  private n = 0;
  stop(placeholder = ""): string {
    this.n++;
    return placeholder ? `\${${this.n}:${escapeSnippet(placeholder)}}` : `$${this.n}`;
  }
  choice(values: string[]): string {
    if (values.length === 0) return this.stop();
    if (values.length === 1) return this.stop(values[0]);
    this.n++;
    return `\${${this.n}|${values.map(escapeChoice).join(",")}|}`;
  }
}

/** The tab stop for a required scalar key's value: its enum values, the names it may reference, or a default. */
function valueStop(env: Env, entry: string, key: string, snip: Snippet): string {
  const values = closedEnumOf(entry, key);
  if (values) return snip.choice(values);
  const ref = referenceOf(entry, key);
  if (ref?.kind === "symbol") {
    const names = env.declared(ref.symbol).map((d) => d.name);
    const current = currentChallenge(env);
    if (current) names.sort((a, b) => Number(b === current) - Number(a === current));
    if (names.length) return snip.choice(names);
  }
  return snip.stop(defaultValue(entry, key) ?? "");
}

/** The challenge the other cases of the cursor's input set use, so a new case's snippet offers it first. */
function currentChallenge(env: Env): string | undefined {
  const i = env.c.path[0] === "input_sets" && typeof env.c.path[1] === "number" ? env.c.path[1] : undefined;
  if (i === undefined) return undefined;
  const set = env.valueAt(["input_sets", i]) as { cases?: { challenge_key?: string }[] } | undefined;
  return set?.cases?.find((c) => c.challenge_key)?.challenge_key;
}

/**
 * Lines (after the first) that fill an object's required keys, each at `column`. Nested required objects
 * and lists are filled too, a few levels deep.
 */
function requiredBody(env: Env, entry: string, column: number, snip: Snippet, depth: number, keys = snippetKeys(entry)): string[] {
  const pad = " ".repeat(column);
  const out: string[] = [];
  for (const key of keys) out.push(...keyLines(env, entry, key, column, snip, depth).map((l, i) => (i === 0 ? pad + l : l)));
  return out;
}

function snippetKeys(entry: string): string[] {
  return [...requiredKeys(entry), ...(SNIPPET_EXTRA[entry] ?? [])];
}

/** `key: value` for a key at `column`, as snippet lines (the first without its indentation). */
function keyLines(env: Env, entry: string, key: string, column: number, snip: Snippet, depth: number): string[] {
  const spec = knownObjects[entry]?.keys[key];
  if (!spec) return [`${key}: ${snip.stop()}`];
  const shape = shapeOfType(spec.type);
  const inner = " ".repeat(column + INDENT);
  if (shape.kind === "scalar") return [`${key}: ${valueStop(env, entry, key, snip)}`];
  if (depth <= 0) return [`${key}:`, inner + snip.stop()];
  if (shape.kind === "object") {
    const body = requiredBody(env, shape.entry, column + INDENT, snip, depth - 1);
    return [`${key}:`, ...(body.length ? body : [inner + snip.stop()])];
  }
  if (shape.kind === "list" && shape.of.kind === "object") {
    const body = requiredBody(env, shape.of.entry, column + 2 * INDENT, snip, depth - 1);
    if (body.length === 0) return [`${key}:`, `${inner}- ${snip.stop()}`];
    return [`${key}:`, `${inner}- ${body[0].trimStart()}`, ...body.slice(1)];
  }
  if (shape.kind === "list") {
    const values = enumOf(entry, key);
    return [`${key}:`, `${inner}- ${values ? snip.choice(values) : snip.stop()}`];
  }
  return [`${key}:`, inner + snip.stop()];
}

/** Legacy spellings the reference still reads: offered last, after the keys that replace them. */
const LEGACY_KEYS = new Set(["input_sets[].cases[]#item_key", "input_sets[]#items"]);

/** What to insert before a key or item: a dash when the line has none yet, a space after a bare dash. */
function leading(env: Env, needsDash: boolean): { text: string; column: number } {
  const { c } = env;
  if (env.inFlow) return { text: "", column: c.column };
  if (/-$/.test(c.linePrefix)) return { text: " ", column: c.column + 1 };
  if (needsDash) return { text: "- ", column: c.column + 2 };
  return { text: "", column: c.column };
}

/**
 * Completion items for the keys of an object entry at the cursor: those that fit there in this pack (value-fit.ts),
 * with the key's type and whether it is required, in an author's words.
 */
function keyItems(env: Env, entry: string, needsDash: boolean, present: Set<string>, owner: object = {}): CompletionItem[] {
  const obj = knownObjects[entry];
  if (!obj) return [];
  const { model, c } = env;
  const lead = leading(env, needsDash);
  // Replacing a written key that already has its colon: only the name changes.
  const hasColon = /^[ \t]*:/.test(model.text.slice(c.span.end));
  const items: CompletionItem[] = [];
  for (const [index, key] of Object.keys(obj.keys).entries()) {
    if (present.has(key) && key !== c.key) continue;
    if (key !== c.key && !keyFits(model, { entry, owner }, key)) continue;
    const required = isRequired(entry, key);
    const snip = new Snippet();
    // In a flow map a key's value goes on the same line: no block bodies.
    const lines = hasColon ? [key] : env.inFlow ? [`${key}: ${snip.stop()}`] : keyLines(env, entry, key, lead.column, snip, 2);
    const text = lead.text + lines.join(env.eol);
    const rank = LEGACY_KEYS.has(`${entry}#${key}`) ? "3" : required ? "1" : "2";
    items.push(
      env.item(key, text, {
        kind: CompletionItemKind.Property,
        detail: `${keyDoc(entry, key)?.type ?? "value"} · ${required ? "required" : "optional"}`,
        documentation: keyDocumentation(entry, key),
        sortText: `${rank}_${String(index).padStart(3, "0")}`,
        filterText: key,
        insertTextFormat: hasColon ? 1 : 2,
        insertTextMode: 1,
      }),
    );
  }
  return items;
}

/** The snippet that adds a whole new item to a list of objects. */
function itemSnippet(env: Env, entry: string, needsDash: boolean): CompletionItem[] {
  const noun = ITEM_SNIPPETS[entry];
  if (!noun || env.inFlow) return [];
  const lead = leading(env, needsDash);
  const snip = new Snippet();
  const body = requiredBody(env, entry, lead.column, snip, 2);
  if (body.length === 0) return [];
  const text = lead.text + [body[0].trimStart(), ...body.slice(1)].join(env.eol);
  return [
    env.item(`new ${noun}`, text, {
      kind: CompletionItemKind.Snippet,
      detail: `a ${noun} with its required keys`,
      sortText: "0",
      filterText: env.c.prefix || noun,
      insertTextFormat: 2,
      insertTextMode: 1,
    }),
  ];
}

function presentKeys(env: Env): Set<string> {
  const node = env.c.node;
  const out = new Set<string>();
  if (node && isMap(node)) for (const p of node.items) if (isScalar(p.key)) out.add(String(p.key.value));
  return out;
}

function keyRole(env: Env): CompletionItem[] {
  const shape = env.shape(env.c.path);
  if (!shape) return [];
  if (shape.kind === "object") {
    const owner = env.valueAt(env.c.path);
    return keyItems(env, shape.entry, false, presentKeys(env), owner && typeof owner === "object" && !Array.isArray(owner) ? owner : {});
  }
  if (shape.kind === "list") {
    // A map written where a list goes: a dash before one of its keys would push that key out of line with the others.
    if (isMap(env.c.node) && !env.c.node.flow && env.c.node.items.length > 1) return [];
    return listItems(env, shape.of, env.c.path, true);
  }
  return [];
}

function itemRole(env: Env): CompletionItem[] {
  const { c } = env;
  const shape = env.shape(c.path);
  if (!shape || shape.kind !== "list") return [];
  const needsDash = !/-\s*$/.test(c.linePrefix.slice(0, c.linePrefix.length - c.prefix.length));
  return listItems(env, shape.of, c.path, needsDash);
}

/** Items for a new (or partly typed) element of a list whose elements have shape `of`. */
function listItems(env: Env, of: Shape, listPath: PathSegment[], needsDash: boolean): CompletionItem[] {
  if (of.kind === "object") return env.inFlow ? [] : [...itemSnippet(env, of.entry, needsDash), ...keyItems(env, of.entry, needsDash, new Set())];
  let values: CompletionItem[] = [];
  if (of.kind === "string-or-object")
    values = scalarValues(env, of.entry, "key"); // a plain string item is a dimension key
  else {
    const owner = listPath.length ? env.shape(listPath.slice(0, -1)) : undefined;
    const key = listPath[listPath.length - 1];
    if (owner?.kind === "object" && typeof key === "string") values = scalarValues(env, owner.entry, key);
  }
  const lead = leading(env, needsDash).text;
  if (lead) values = values.map((v) => ({ ...v, textEdit: { ...v.textEdit, newText: lead + v.textEdit.newText } }));
  return of.kind === "string-or-object" ? [...values, ...itemSnippet(env, of.entry, needsDash)] : values;
}

function valueRole(env: Env): CompletionItem[] {
  const { c } = env;
  const shape = env.shape(c.path);
  if (!shape || shape.kind !== "object" || !c.key) return [];
  const found = lookupKey(shape.entry, c.key);
  if (!found) return [];
  const token = valueToken(env);
  const owner = env.valueAt(c.path);
  const site = owner && typeof owner === "object" && !Array.isArray(owner) ? { entry: shape.entry, owner, key: found.name } : undefined;
  const items = scalarValues(env, shape.entry, found.name, site).map((i) =>
    token ? { ...i, textEdit: env.item(i.label, i.textEdit.newText, {}, token).textEdit } : i,
  );
  // Right after the colon (`key:‸`), a value needs its space or YAML reads one longer key.
  if (env.model.text[(token ?? c.span).start - 1] !== ":") return items;
  return items.map((i) => ({ ...i, textEdit: { ...i.textEdit, newText: " " + i.textEdit.newText } }));
}

/**
 * The whole plain token a value's completion replaces, when YAML cut it short: `input:` typed after `source: `
 * parses as a key of its own, so the scalar span is empty after the colon. Unquoted values only.
 */
function valueToken(env: Env): Span | undefined {
  const { c, model, offset } = env;
  const text = model.text;
  if (text[c.span.start - 1] === '"' || text[c.span.start - 1] === "'") return undefined;
  const bound = keyColonEnd(env);
  if (bound === undefined) return undefined;
  const stop = env.inFlow ? /[\s,[\]{}]/ : /\s/;
  let start = Math.min(c.span.start, offset);
  while (start > bound && !stop.test(text[start - 1])) start--;
  let end = Math.max(c.span.end, offset);
  while (end < text.length && !stop.test(text[end])) end++;
  return start === c.span.start && end === c.span.end ? undefined : { start, end };
}

/** The offset just after the colon that ends the cursor's key, when the key is written on the cursor's line. */
function keyColonEnd(env: Env): number | undefined {
  const { c, model, offset } = env;
  const pair = c.node && isMap(c.node) ? c.node.items.find((p) => isScalar(p.key) && String(p.key.value) === c.key) : undefined;
  const keyEnd = (pair?.key as Scalar | undefined)?.range?.[1];
  if (keyEnd === undefined || keyEnd > offset) return undefined;
  const colon = model.text.indexOf(":", keyEnd);
  return colon >= 0 && colon < offset ? colon + 1 : undefined;
}

/**
 * Values for a scalar (or a scalar list item) of `entry#key`: enum values, references, booleans. With the site the
 * value lands at, only the enum values valid there (value-fit.ts: what each value needs of the pack).
 */
function scalarValues(env: Env, entry: string, key: string, site?: ValueSite): CompletionItem[] {
  const all = enumOf(entry, key);
  const values = site ? all?.filter((v) => valueFits(env.model, site, v)) : all;
  if (values) {
    const note = enumNote(entry, key);
    return values.map((v, i) =>
      env.item(v, v, { kind: CompletionItemKind.EnumMember, sortText: String(i).padStart(3, "0"), documentation: note ? md(note) : undefined }),
    );
  }
  if (key === "kind" && KIND_LISTS[entry]) return kindItems(env, entry);
  const ref = referenceOf(entry, key);
  if (ref?.kind === "symbol") return symbolItems(env, ref.symbol, "");
  if (ref?.kind === "source") return sourceItems(env);
  if (ref?.kind === "evidence") return evidenceItems(env, entry);
  const type = knownObjects[entry]?.keys[key]?.type.replace("?", "");
  if (type === "bool") return ["true", "false"].map((v) => env.item(v, v, { kind: CompletionItemKind.Constant }));
  return [];
}

/** Where each free-form `kind` is written in a case; the catalog has no enum for them (any non-blank kind passes). */
const KIND_LISTS: Record<string, "inputs" | "expectations"> = {
  "input_sets[].cases[].inputs[]": "inputs",
  expectation: "expectations",
};

/** `kind` values: the default first, then the kinds the pack already writes for the same list, most used first. */
function kindItems(env: Env, entry: string): CompletionItem[] {
  const list = KIND_LISTS[entry];
  const counts = new Map<string, number>([[defaultValue(entry, "kind") ?? "text", 0]]);
  const editing = env.valueAt(env.c.path);
  for (const set of env.model.bundle.input_sets) {
    for (const c of set.cases) {
      for (const x of c[list] ?? []) {
        if (x === editing) continue;
        const k = typeof x?.kind === "string" ? x.kind.trim() : "";
        if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
      }
    }
  }
  const values = [...counts.keys()].sort((a, b) => (b === "text" ? 1 : 0) - (a === "text" ? 1 : 0) || counts.get(b)! - counts.get(a)!);
  return values.map((v, i) =>
    env.item(v, yamlScalar(v), {
      kind: CompletionItemKind.Value,
      detail: counts.get(v) ? `used ${counts.get(v)}× in this pack` : "free-form: any non-blank kind",
      sortText: String(i).padStart(3, "0"),
    }),
  );
}

function md(value: string): MarkupContent {
  return { kind: "markdown", value };
}

function symbolItems(env: Env, kind: SymbolKind, scope: string, prefix = ""): CompletionItem[] {
  return env.declared(kind, scope).map((d, i) =>
    env.item(prefix + d.name, prefix + d.name, {
      kind: CompletionItemKind.Reference,
      detail: symbolSummary(env.model, d) || undefined,
      documentation: md(symbolPreview(env.model, d)),
      sortText: String(i).padStart(4, "0"),
    }),
  );
}

/** The field path of the case the cursor is in (the scope of its inputs). */
function caseScope(env: Env): string {
  const p = env.c.path;
  const i = p.findIndex((s, k) => s === "cases" && p[k - 2] === "input_sets");
  if (i < 0 || typeof p[i + 1] !== "number") return "";
  const found = decodedAt(env.model.bundle, env.model.sources, p.slice(0, i + 2));
  return found ? formatFieldPath(found.field) : "";
}

/** `input:<key>` of the same case's inputs, `artifact:<key>` of the version assets. */
function sourceItems(env: Env): CompletionItem[] {
  return [...symbolItems(env, "input", caseScope(env), "input:"), ...symbolItems(env, "asset", "", "artifact:")];
}

/** Evidence references (the catalog's `evidence_reference_*` enums, server/data/pack-rules.json), with the dotted forms filled from what the pack declares. */
function evidenceItems(env: Env, entry: string): CompletionItem[] {
  const { model } = env;
  const out: CompletionItem[] = [];
  const add = (label: string, detail: string, snippet?: string) =>
    out.push(
      env.item(label, snippet ?? label, {
        kind: CompletionItemKind.Value,
        detail,
        sortText: String(out.length).padStart(4, "0"),
        insertTextFormat: snippet ? 2 : 1,
      }),
    );
  if (entry === "version.evaluation_spec.validators[]") {
    const validator = env.valueAt(env.c.path) as { type?: unknown } | undefined;
    if (validator?.type === "tool_call_assertion") add("tool_calls", "the run's tool calls (tool_call_assertion only)");
  }
  for (const v of enumValues("evidence_reference_exact")) add(v, "evidence");
  const names = (kind: SymbolKind) => [
    ...new Set(
      symbolIndex(model)
        .declaredAnywhere(kind)
        .map((d) => d.name),
    ),
  ];
  for (const k of names("input")) add(`case.inputs.${k}`, "case input");
  for (const k of names("expectation")) add(`case.expectations.${k}`, "case expectation");
  const payloadKeys = new Set<string>();
  for (const set of model.bundle.input_sets) for (const c of set.cases) for (const k of Object.keys(c.payload ?? {})) payloadKeys.add(k);
  for (const k of payloadKeys) add(`case.payload.${k}`, "case payload field");
  for (const k of names("asset")) add(`artifact.${k}`, "version asset");
  for (const k of names("check")) add(`file:${k}`, "post-execution check");
  add("literal:", "a literal value", "literal:${1:value}");
  add("transcript.last_n:", "the last N transcript turns", "transcript.last_n:${1:3}");
  return out;
}
