import { isAlias, isMap, isNode, isPair, isScalar, isSeq, Node, visit, YAMLSeq } from "yaml";
import type { PackModel, RuleSettings } from "../pack-model";
import { packDiagnostics } from "../pack-model";
import { rangesTouch } from "../diagnostics";
import { kindWanted } from "../action-kinds";
import type { CodeAction, PackDiagnostic, Range, Span, WorkspaceEdit } from "../types";
import { enumValues, rule as catalogRule } from "../catalog";
import type { Case, InputSet } from "../model/bundle";
import type { PathSegment } from "../yaml/cursor";
import { decodedAt, parseFieldPath, valueAtField } from "../model/paths";
import type { SymbolEntry, SymbolKind } from "../model/symbols";
import { byCloseness, closest } from "../util/did-you-mean";
import type { TextEdit } from "vscode-languageserver-types";
import { appendItem, columnOf, contentEnd, edit, eolOf, insertKey, lineEnd, lineStart, nextLineStart, yamlScalar } from "./edits";
import { unquoted } from "../util/spans";
import { defaultValue, enumOf, referenceOf, requiredKeys, shapeAt } from "../schema/keys";
import { referenceValues, valueFits, type ValueSite } from "./value-fit";
import { noun } from "./symbol-info";
import { symbolIndex } from "./symbol-index";

export const QUICK_FIX = "quickfix";

/**
 * Quick fixes for the diagnostics that touch `range`. Each fix is chosen by the diagnostic's code and the
 * facts in its `data` (never its message), and edits only what must change.
 */
export function codeActions(model: PackModel, range: Range, settings: RuleSettings = {}, only?: readonly string[]): CodeAction[] {
  const wanted = (kind: string) => kindWanted(kind, only);
  const fixes = wanted(QUICK_FIX) ? quickFixes(model, range, settings) : [];
  // The file-wide actions work out every fix of the file: only when the client asks for source actions by kind.
  const source = only?.some((k) => k === "source" || k.startsWith("source.")) ? sourceActions(model, settings).filter((a) => wanted(a.kind ?? "")) : [];
  // At a diagnostic with a safe fix, the quick-fix menu offers fixing all of them too (the same edit as fix-all).
  const all = fixes.some(isSafeFix) ? sourceActions(model, settings).find((a) => a.kind === FIX_ALL) : undefined;
  const menu = all ? [{ ...all, kind: QUICK_FIX, title: "Fix all packlint problems that have a safe fix" }] : [];
  return [...fixes, ...menu, ...source];
}

export const FIX_ALL = "source.fixAll.packlint";
/**
 * Every preferred fix, the unsafe ones too (new input sets, renamed keys and values): the CLI's `--unsafe-fixes`, and
 * a source action of its own in the editor, outside `source.fixAll` so that no fix-on-save ever applies it.
 */
export const UNSAFE_FIX_ALL = "source.packlint.unsafeFixAll";
export const CONVERT_LEGACY = "source.convertLegacyItems.packlint";

/** Whether a quick fix is safe: `--fix` and the editor's fix-all apply it (the one did-you-mean, the reference's default). */
export function isSafeFix(a: CodeAction): boolean {
  return (a.data as { safe?: unknown } | undefined)?.safe === true;
}

/**
 * The file-wide actions: every safe quick fix (the one did-you-mean of a closed value or a reference, the reference's
 * default for a missing key, legacy `items` converted: nothing invented) as one edit (FIX_ALL, what `--fix` applies);
 * with the unsafe ones too, the preferred fix of each diagnostic that has one (UNSAFE_FIX_ALL); and every legacy
 * `items`/`item_key` converted.
 */
function sourceActions(model: PackModel, settings: RuleSettings): CodeAction[] {
  const out: CodeAction[] = [];
  const whole: Range = { start: { line: 0, character: 0 }, end: model.lines.positionAt(model.text.length) };
  const byDiagnostic = new Map<PackDiagnostic, CodeAction[]>();
  for (const a of quickFixes(model, whole, settings)) {
    const d = a.diagnostics?.[0];
    if (d) byDiagnostic.set(d, [...(byDiagnostic.get(d) ?? []), a]);
  }
  const combined = (pick: (actions: CodeAction[]) => CodeAction | undefined): TextEdit[] => {
    const taken: Span[] = [];
    const edits: TextEdit[] = [];
    for (const actions of byDiagnostic.values()) {
      const chosen = pick(actions);
      if (!chosen) continue;
      const spans = chosen.edit.changes[model.lines.uri].map((e) => ({ start: model.lines.offsetAt(e.range.start), end: model.lines.offsetAt(e.range.end) }));
      // Two fixes touching the same text (or inserting at one place) could undo each other: the first one wins.
      if (spans.some((s) => taken.some((t) => (s.start < t.end && t.start < s.end) || s.start === t.start || s.end === t.end))) continue;
      taken.push(...spans);
      edits.push(...chosen.edit.changes[model.lines.uri]);
    }
    return edits;
  };
  const safe = combined((actions) => actions.find(isSafeFix));
  if (safe.length) out.push({ title: "Fix all packlint problems that have a safe fix", kind: FIX_ALL, edit: { changes: { [model.lines.uri]: safe } } });
  const preferred = combined(
    (actions) => actions.find(isSafeFix) ?? (actions.filter((a) => a.isPreferred).length === 1 ? actions.find((a) => a.isPreferred) : undefined),
  );
  if (preferred.length > safe.length)
    out.push({ title: "Fix all packlint problems, unsafe fixes too", kind: UNSAFE_FIX_ALL, edit: { changes: { [model.lines.uri]: preferred } } });
  const legacy = convertLegacyItems(model);
  if (legacy) out.push({ title: "Convert all legacy `items`/`item_key` to `cases`/`case_key`", kind: CONVERT_LEGACY, edit: legacy });
  return out;
}

function quickFixes(model: PackModel, range: Range, settings: RuleSettings): CodeAction[] {
  const out: CodeAction[] = [];
  for (const d of packDiagnostics(model, settings)) {
    if (!rangesTouch(d.range, range)) continue;
    for (const fix of FIXES) {
      try {
        out.push(...fix(model, d));
      } catch {
        // A fix that cannot work out its edit offers nothing; the others still do.
      }
    }
  }
  return out;
}

type Fix = (model: PackModel, d: PackDiagnostic) => CodeAction[];

/** A quick fix; `"safe"`: preferred, and applied by `--fix` and fix-all (`data.safe`). */
function action(model: PackModel, title: string, d: PackDiagnostic, edits: (TextEdit | undefined)[], preferred: boolean | "safe" = false): CodeAction[] {
  const changes = edits.filter((e): e is TextEdit => !!e);
  if (changes.length === 0) return [];
  const a: CodeAction = { title, kind: QUICK_FIX, diagnostics: [d], edit: { changes: { [model.lines.uri]: changes } } };
  if (preferred) a.isPreferred = true;
  if (preferred === "safe") a.data = { safe: true };
  return [a];
}

function spanOf(model: PackModel, d: PackDiagnostic): Span {
  return { start: model.lines.offsetAt(d.range.start), end: model.lines.offsetAt(d.range.end) };
}

function num(v: unknown): number | undefined {
  return typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : undefined;
}

// ---- legacy items ----

function keyEdit(model: PackModel, obj: object, from: string, to: string): TextEdit | undefined {
  const src = model.sources.get(obj)?.keys.get(from);
  return src && !model.at.has(obj, to) ? edit(model, src.key, to) : undefined;
}

/** `items:` → `cases:` and each item's `item_key:` → `case_key:` in one input set. */
function convertSet(model: PackModel, set: InputSet): TextEdit[] {
  const edits = [keyEdit(model, set, "items", "cases"), ...set.items.map((item) => keyEdit(model, item, "item_key", "case_key"))];
  return edits.filter((e): e is TextEdit => !!e);
}

function legacyEdits(model: PackModel): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const set of model.bundle.input_sets) {
    if (model.at.has(set, "items") && !model.at.has(set, "cases")) edits.push(...convertSet(model, set));
    else if (!set.fromItems) {
      for (const c of set.cases) {
        const e = keyEdit(model, c, "item_key", "case_key");
        if (e) edits.push(e);
      }
    }
  }
  return edits;
}

/** Every legacy `items`/`item_key` of the file rewritten to `cases`/`case_key` (the "convert" command); null when there is none. */
export function convertLegacyItems(model: PackModel): WorkspaceEdit | null {
  const edits = legacyEdits(model);
  return edits.length ? { changes: { [model.lines.uri]: edits } } : null;
}

const legacyItems: Fix = (model, d) => {
  if (d.code !== "legacy-items" && d.code !== "legacy-item-key") return [];
  const set = model.bundle.input_sets[num(d.data?.setIndex) ?? -1];
  if (!set) return [];
  const own: TextEdit[] = [];
  if (d.code === "legacy-items") {
    if (d.data?.ignored || model.at.has(set, "cases")) return [];
    own.push(...convertSet(model, set));
  } else {
    const c = set.cases[num(d.data?.caseIndex) ?? -1];
    const e = c && keyEdit(model, c, "item_key", "case_key");
    if (e) own.push(e);
  }
  const title = d.code === "legacy-items" ? `Convert legacy \`items\` to \`cases\` in input set "${set.key}"` : "Rename `item_key` to `case_key`";
  const all = legacyEdits(model);
  return [
    ...action(model, title, d, own, "safe"),
    ...(all.length > own.length ? action(model, "Convert every legacy `items`/`item_key` in the file to `cases`/`case_key`", d, all) : []),
  ];
};

// ---- split an input set that mixes challenges ----

function itemNode(model: PackModel, list: unknown[], i: number): Node | undefined {
  const src = model.sources.get(list);
  const seq = src?.node;
  if (!seq || !isSeq(seq) || seq.flow) return undefined;
  return (seq as YAMLSeq).items[src!.writtenIndex[i]] as Node | undefined;
}

/** The whole lines of a block list item, from its dash (and the comment lines right above it) to its last content line. */
function itemLines(text: string, item: Node): Span {
  const r = item.range!;
  let start = lineStart(text, r[0]);
  const dashColumn = text.slice(start, r[0]).indexOf("-");
  const commentLine = new RegExp(`^ {${dashColumn}}#[^\\r\\n]*[\\r\\n]*$`);
  while (start > 0) {
    const prev = lineStart(text, start - 1);
    if (!commentLine.test(text.slice(prev, start))) break;
    start = prev;
  }
  const last = contentEnd(item);
  const end = text[last - 1] === "\n" || text[last - 1] === "\r" ? last : nextLineStart(text, last);
  return { start, end };
}

/** Anchors and aliases of the document, in text order. */
function anchorsAndAliases(model: PackModel): { anchors: { name: string; at: number }[]; aliases: { name: string; at: number }[] } {
  const anchors: { name: string; at: number }[] = [];
  const aliases: { name: string; at: number }[] = [];
  if (model.yaml) {
    visit(model.yaml, (_key, node) => {
      if (isAlias(node)) aliases.push({ name: node.source, at: node.range?.[0] ?? 0 });
      else if (isNode(node) && node.anchor) anchors.push({ name: node.anchor, at: node.range?.[0] ?? 0 });
    });
  }
  return { anchors, aliases };
}

/** The anchor an alias at `at` reads: the last one of that name before it. */
function boundAnchor(anchors: { name: string; at: number }[], name: string, at: number): number | undefined {
  let found: number | undefined;
  for (const a of anchors) if (a.name === name && a.at < at) found = a.at;
  return found;
}

/**
 * Whether moving the text spans `moved` (in order) to `to` keeps every alias reading the anchor it reads now:
 * an alias must still come after its anchor, and no other anchor of that name may come between them.
 */
function movesKeepAliases(model: PackModel, moved: Span[], to: number): boolean {
  const { anchors, aliases } = anchorsAndAliases(model);
  if (aliases.length === 0) return true;
  const piece = (at: number) => moved.findIndex((m) => m.start <= at && at < m.end);
  // Where a text offset lands after the move, as a sortable position: moved text goes to `to`, in order.
  const after = (at: number): number => {
    const i = piece(at);
    return i < 0 ? at : to - 0.5 + (at - moved[i].start + moved.slice(0, i).reduce((n, m) => n + m.end - m.start, 0)) / 1e9;
  };
  const movedAnchors = anchors.map((a) => ({ name: a.name, at: after(a.at) })).sort((x, y) => x.at - y.at);
  for (const alias of aliases) {
    const before = boundAnchor(anchors, alias.name, alias.at);
    const now = boundAnchor(movedAnchors, alias.name, after(alias.at));
    if (before === undefined) continue;
    if (now === undefined || now !== after(before)) return false;
  }
  return true;
}

const splitInputSet: Fix = (model, d) => {
  if (d.code !== "case-challenge-key-mixed") return [];
  const setIndex = num(d.data?.setIndex);
  const set = setIndex === undefined ? undefined : model.bundle.input_sets[setIndex];
  if (!set || set.fromItems) return [];
  const setNode = model.sources.get(set)?.node;
  const reference = set.cases.find((c) => c.challenge_key !== "")?.challenge_key;
  if (!setNode?.range || !isMap(setNode) || setNode.flow || !reference || !model.at.has(set, "cases")) return [];
  const firstKey = (setNode.items[0]?.key as Node | null)?.range;
  if (!firstKey) return [];
  const { text } = model;
  const eol = eolOf(text);
  const groups = new Map<string, { c: Case; node: Node }[]>();
  for (const [j, c] of set.cases.entries()) {
    if (c.challenge_key === "" || c.challenge_key === reference) continue;
    const node = itemNode(model, set.cases, j);
    if (!node?.range) return [];
    groups.set(c.challenge_key, [...(groups.get(c.challenge_key) ?? []), { c, node }]);
  }
  const taken = new Set(model.bundle.input_sets.map((s) => s.key));
  const keyColumn = columnOf(text, firstKey[0]);
  const dash = model.at.anchor(set);
  const dashColumn = text[dash.start] === "-" ? columnOf(text, dash.start) : keyColumn - 2;
  const firstLinePad = " ".repeat(dashColumn) + "-" + " ".repeat(Math.max(1, keyColumn - dashColumn - 1));
  const pad = " ".repeat(keyColumn);
  const edits: TextEdit[] = [];
  const moved: Span[] = [];
  let added = "";
  for (const [challenge, cases] of groups) {
    const base = set.key ? `${set.key}-${challenge}` : challenge;
    let key = base;
    for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
    taken.add(key);
    added += `${firstLinePad}key: ${yamlScalar(key)}${eol}${pad}name: ${yamlScalar(set.name ? `${set.name} (${challenge})` : challenge)}${eol}${pad}cases:${eol}`;
    for (const { node } of cases) {
      const lines = itemLines(text, node);
      const body = text.slice(lines.start, lines.end);
      added += body;
      if (!/[\r\n]$/.test(body)) added += eol;
      moved.push(lines);
      edits.push(edit(model, lines, ""));
    }
  }
  const end = contentEnd(setNode);
  const at = text[end - 1] === "\n" || text[end - 1] === "\r" ? end : nextLineStart(text, end);
  const prefix = at === text.length && lineEnd(text, end) === text.length ? eol : "";
  // Cases that define anchors used elsewhere, or use anchors another definition would shadow, stay where they are.
  if (!movesKeepAliases(model, moved, at)) return [];
  edits.push(edit(model, { start: at, end: at }, prefix + added));
  const names = [...groups.keys()].map((k) => `"${k}"`).join(", ");
  return action(model, `Split input set "${set.key}": move the cases of ${names} to input sets of their own`, d, edits, true);
};

// ---- undeclared references ----

const DECLARABLE: Partial<Record<SymbolKind, { list: (ref: SymbolEntry) => PathSegment[] | undefined; entry: string }>> = {
  challenge: { list: () => ["challenges"], entry: "challenges[]" },
  asset: { list: () => ["version", "assets"], entry: "asset" },
  // Inside its case only: an evidence path's key (scope EVERY_CASE) has no one case to be declared in.
  input: { list: (ref) => withInputs(parseFieldPath(ref.scope)), entry: "input_sets[].cases[].inputs[]" },
  validator: { list: () => ["version", "evaluation_spec", "validators"], entry: "version.evaluation_spec.validators[]" },
  metric: { list: () => ["version", "evaluation_spec", "metrics"], entry: "version.evaluation_spec.metrics[]" },
  judge: { list: () => ["version", "evaluation_spec", "llm_judges"], entry: "version.evaluation_spec.llm_judges[]" },
};

/** Keys a new declaration needs besides the catalog's required ones, given its other values (a validator's type). */
function conditionalKeys(entry: string, values: Record<string, string>): string[] {
  if (entry === "version.evaluation_spec.validators[]" && !enumValues("validator_types_not_requiring_expected_from").includes(values.type))
    return ["expected_from"];
  return [];
}

/** The new declaration's lines: its required keys, the name as `key`, enum and default values, else a TODO. */
function skeleton(entry: string, name: string): string[] {
  const values: Record<string, string> = {};
  for (const k of requiredKeys(entry)) values[k] = k === "key" ? name : (defaultValue(entry, k) ?? enumOf(entry, k)?.[0] ?? "TODO");
  for (const k of conditionalKeys(entry, values)) values[k] = defaultValue(entry, k) ?? "TODO";
  return Object.entries(values).map(([k, v]) => `${k}: ${yamlScalar(v)}`);
}

const withInputs = (casePath: PathSegment[] | undefined) => (casePath ? [...casePath, "inputs"] : undefined);

const undeclaredReference: Fix = (model, d) => {
  const kind = d.data?.kind as SymbolKind | undefined;
  const name = d.data?.name;
  if (typeof kind !== "string" || typeof name !== "string" || name === "") return [];
  const span = spanOf(model, d);
  const ref = model.symbols.references.find((r) => r.kind === kind && r.name === name && r.span.start >= span.start && r.span.end <= span.end);
  const scope = ref?.scope ?? "";
  const target = ref?.span ?? unquoted(model.text, span);
  const declared = symbolIndex(model)
    .declared(kind, scope)
    .map((s) => s.name);
  const out: CodeAction[] = [];
  // A name the same list already holds is no fix: `[v1, v2]` would become `[v1, v1]`.
  const siblings = new Set(listSiblings(model, d));
  // A declared name can still be no fix where it lands: one case of a set moved to another challenge mixes the set.
  const site = writtenField(model, d)?.site;
  const fits = (n: string) => !siblings.has(n) && (!site || valueFits(model, site, n));
  // A challenge's title written for its key: its key is the one fix the message recommends.
  const byTitle =
    kind === "challenge"
      ? model.bundle.challenges.find((c) => c.title.trim().toLowerCase() === name.trim().toLowerCase() && c.key && fits(c.key))?.key
      : undefined;
  const suggestions = byTitle ? [byTitle] : closest(name, declared.filter(fits));
  suggestions.forEach((suggestion, i) => {
    // The one did-you-mean is safe (`--fix` applies it); of several, the closest is only preferred.
    out.push(...action(model, `Change to "${suggestion}"`, d, [edit(model, target, suggestion)], suggestions.length === 1 ? "safe" : i === 0));
  });
  const declarable = DECLARABLE[kind];
  const listPath = declarable && ref ? declarable.list(ref) : declarable?.list({ kind, name, span, scope: "", field: "" });
  if (declarable && listPath && !declared.includes(name)) {
    const owner = valueAtField(model.bundle, listPath.slice(0, -1)) as object | undefined;
    const e =
      owner && typeof owner === "object" ? appendItem(model, owner, String(listPath[listPath.length - 1]), skeleton(declarable.entry, name)) : undefined;
    out.push(...action(model, `Declare ${noun(kind)} "${name}"`, d, [e]));
  }
  return out;
};

/** The other items of the list a diagnostic's field is an item of (`…validators[1]`). */
function listSiblings(model: PackModel, d: PackDiagnostic): unknown[] {
  const path = d.field ? parseFieldPath(d.field) : undefined;
  const index = path?.[path.length - 1];
  if (!path || typeof index !== "number") return [];
  const list = valueAtField(model.bundle, path.slice(0, -1));
  return Array.isArray(list) ? list.filter((_, i) => i !== index) : [];
}

// ---- missing required field ----

const missingRequired: Fix = (model, d) => {
  if (catalogRule(d.code)?.message !== "is required" || !d.field) return [];
  const path = parseFieldPath(d.field);
  const last = path?.[path.length - 1];
  if (!path || typeof last !== "string") return [];
  const parent = path.slice(0, -1);
  const obj = valueAtField(model.bundle, parent);
  if (!obj || typeof obj !== "object" || Array.isArray(obj)) return [];
  let key = last;
  // A converted legacy item keeps `item_key`: that is the key the reference reads there.
  if (key === "case_key" && parent[0] === "input_sets" && model.bundle.input_sets[parent[1] as number]?.fromItems) key = "item_key";
  if (model.at.has(obj, key) || (key === "case_key" && model.at.has(obj, "item_key"))) return [];
  const shape = shapeAt(parent);
  const entry = shape?.kind === "object" ? shape.entry : undefined;
  const known = entry && defaultValue(entry, last);
  const value = known ?? (entry ? fittingValue(model, { entry, owner: obj, key: last }) : "TODO");
  // No value that is valid here (a reference with nothing declared to name): a placeholder would be an error of its own.
  if (value === undefined) return [];
  // Only the reference's default is a safe choice (preferred, so "fix all" takes it); anything else the author must check.
  return action(model, `Add \`${key}\``, d, [insertKey(model, obj, [`${key}: ${yamlScalar(value)}`])], known !== undefined && "safe");
};

/** A value for a required key that adds no error: the nearest declared name for a reference, the first enum value that fits, else a TODO to fill in. */
function fittingValue(model: PackModel, site: ValueSite): string | undefined {
  if (referenceOf(site.entry, site.key)?.kind === "symbol") return referenceValues(model, site)[0];
  const values = enumOf(site.entry, site.key);
  if (values) return values.find((v) => valueFits(model, site, v));
  return "TODO";
}

// ---- invalid enum value ----

const invalidEnum: Fix = (model, d) => {
  const expected = d.data?.expected;
  if (!Array.isArray(expected) || !expected.every((v) => typeof v === "string")) return [];
  const written = writtenField(model, d);
  if (written === undefined) return [];
  // Some values need others (a file validator a `file:` target, `llm_judge` judges): only those valid here are offered.
  const fits = (v: string) => !written.site || valueFits(model, written.site, v);
  if (written.value === undefined) {
    // The key is missing (the diagnostic sits on its object): add it, with each value.
    return (expected as string[])
      .filter(fits)
      .flatMap((v, i) => action(model, `Add \`${written.key}: ${v}\``, d, [insertKey(model, written.obj, [`${written.key}: ${yamlScalar(v)}`])], i === 0));
  }
  const span = unquoted(model.text, written.value);
  const current = model.text.slice(span.start, span.end);
  const candidates = (expected as string[]).filter((v) => v !== current && fits(v));
  // The one close value (the message's did-you-mean) is safe: `--fix` applies it, for every closed value alike.
  const near = closest(current, candidates);
  return byCloseness(current, candidates).flatMap((v, i) =>
    action(model, `Change to "${v}"`, d, [edit(model, span, v)], near.length === 1 && v === near[0] ? "safe" : i === 0 && near.length !== 1),
  );
};

/** The object and key a diagnostic's field names, the written value's span when the key is written, and the site a new value lands at. */
function writtenField(model: PackModel, d: PackDiagnostic): { obj: object; key: string; value?: Span; site?: ValueSite } | undefined {
  const path = d.field ? parseFieldPath(d.field) : undefined;
  const key = path?.[path.length - 1];
  if (!path || key === undefined) return undefined;
  const parent = path.slice(0, -1);
  const obj = valueAtField(model.bundle, parent);
  if (typeof key === "number") {
    // A list item (`interface_spec.transports[1]`): its written span.
    const item = Array.isArray(obj) ? model.sources.get(obj)?.items[key] : undefined;
    return item ? { obj: obj as unknown[], key: String(key), value: item } : undefined;
  }
  if (!obj || typeof obj !== "object" || Array.isArray(obj)) return undefined;
  const shape = shapeAt(parent, (p) => valueAtField(model.bundle, p));
  const site = shape?.kind === "object" ? { entry: shape.entry, owner: obj, key } : undefined;
  const pair = model.sources.get(obj)?.keys.get(key);
  if (!pair) return { obj, key, site };
  return pair.value ? { obj, key, value: pair.value, site } : undefined;
}

// ---- unknown key ----

const unknownKey: Fix = (model, d) => {
  if (d.code !== "unknown-key" || !Array.isArray(d.data?.suggestions)) return [];
  const entry = d.data!.entry;
  const written = pairAtKey(model, spanOf(model, d));
  // Renamed, the key takes the value written after it: `challeng_key: exact` is no fix as `challenge_key: exact`.
  const fits = (key: string) =>
    typeof entry !== "string" || written?.value === undefined || valueFits(model, { entry, owner: written.owner ?? {}, key }, written.value);
  const suggestions = (d.data!.suggestions as unknown[]).filter((s): s is string => typeof s === "string" && fits(s));
  if (written?.collection) {
    // Renamed, a whole block the reference ignored is read, with whatever errors it holds: offered, never claimed as the fix.
    return suggestions.map((s) => ({
      title: `Rename key to "${s}" (its content is then checked)`,
      kind: QUICK_FIX,
      edit: { changes: { [model.lines.uri]: [edit(model, spanOf(model, d), s)] } },
    }));
  }
  return suggestions.flatMap((s, i) => action(model, `Rename key to "${s}"`, d, [edit(model, spanOf(model, d), s)], i === 0));
};

/** The pair whose key starts at `span`: its scalar value (as a string) or whether it is a collection, and the decoded object it is written in. */
function pairAtKey(model: PackModel, span: Span): { value?: string; collection: boolean; owner?: object } | undefined {
  let found: { value?: string; collection: boolean; owner?: object } | undefined;
  if (!model.yaml) return undefined;
  visit(model.yaml, {
    Pair(_key, pair, ancestors) {
      if (!isNode(pair.key) || pair.key.range?.[0] !== span.start) return undefined;
      const value = isScalar(pair.value) && pair.value.value !== null && typeof pair.value.value !== "object" ? String(pair.value.value) : undefined;
      // The written path of the map the pair is in: keys of the pairs above it, indexes of the list items.
      const path: PathSegment[] = [];
      ancestors.forEach((a, i) => {
        if (isPair(a) && isScalar(a.key)) path.push(String(a.key.value));
        else if (isSeq(a)) path.push(a.items.indexOf(ancestors[i + 1] as never));
      });
      const owner = decodedAt(model.bundle, model.sources, path)?.value;
      const collection = isMap(pair.value) || isSeq(pair.value) || isAlias(pair.value);
      found = { value, collection, owner: owner && typeof owner === "object" && !Array.isArray(owner) ? owner : undefined };
      return visit.BREAK;
    },
  });
  return found;
}

// ---- duplicate key ----

const duplicateKey: Fix = (model, d) => {
  if (!/-duplicate$/.test(d.code)) return [];
  const span = spanOf(model, d);
  const decl = model.symbols.declarations.find((s) => s.span.start >= span.start && s.span.end <= span.end);
  if (!decl) return [];
  const names = new Set(
    symbolIndex(model)
      .declared(decl.kind, decl.scope)
      .map((s) => s.name),
  );
  let n = 2;
  while (names.has(`${decl.name}-${n}`)) n++;
  const unique = `${decl.name}-${n}`;
  return action(model, `Rename to "${unique}"`, d, [edit(model, decl.span, unique)], true);
};

const FIXES: Fix[] = [legacyItems, splitInputSet, undeclaredReference, missingRequired, invalidEnum, unknownKey, duplicateKey];
