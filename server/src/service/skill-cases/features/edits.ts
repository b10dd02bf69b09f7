import type { YAMLMap } from "yaml";
import type { SkillModel } from "../model";
import { emptyField, emptyValue, FieldSpec } from "../schema";
import type { Entry } from "../yaml-view";
import { columnOf, lineEnd } from "../yaml-view";
import type { TextEdit } from "vscode-languageserver-types";

/** A mapping found by its field path (`cases[0].expected`), with the entry that holds it (none for the root). */
export interface MapTarget {
  map: YAMLMap | null;
  holder?: Entry;
}

/** Resolves a field path like `cases[2].expected.skill` to the mapping written there. */
export function mapAt(model: SkillModel, path: string): MapTarget | undefined {
  const { view } = model;
  let map = model.root;
  let holder: Entry | undefined;
  if (!path) return { map };
  for (const step of path.split(".")) {
    const m = /^([^[\]]+)(?:\[(\d+)\])?$/.exec(step);
    if (!m) return undefined;
    holder = view.get(map, m[1]);
    if (!holder) return undefined;
    if (m[2] !== undefined) {
      const item = view.items(view.asSeq(holder.value))[Number(m[2])];
      map = view.asMap(item);
      if (!map) return undefined;
      holder = undefined; // a list item has no key of its own
    } else {
      map = view.asMap(holder.value);
      if (!map && view.kind(holder.value) !== "null") return undefined;
    }
  }
  return { map, holder };
}

function flowValue(f: FieldSpec): string {
  if (f.kind !== "object") return emptyValue(f);
  return `{${(f.children ?? [])
    .filter((c) => c.required)
    .map((c) => `${c.key}: ${flowValue(c)}`)
    .join(", ")}}`;
}

/**
 * Edits that add fields (with their empty values) to a mapping, each after its nearest predecessor in the
 * specification's order (before the first key when it has none), at the mapping's indentation.
 * `order` is the specification's list of the mapping's fields.
 */
export function addFields(model: SkillModel, target: MapTarget, fields: FieldSpec[], order: FieldSpec[]): TextEdit[] {
  const { view, text } = model;
  const range = (start: number, end = start) => ({ start: model.lines.positionAt(start), end: model.lines.positionAt(end) });
  const sorted = [...fields].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  const map = target.map;

  if (map && map.flow) {
    const s = view.span(map);
    const close = text.lastIndexOf("}", s.end - 1);
    const inner = text.slice(s.start + 1, close).trim();
    const added = sorted.map((f) => `${f.key}: ${flowValue(f)}`).join(", ");
    return [{ range: range(close), newText: inner ? `, ${added}` : added }];
  }

  const entries = view.entries(map);
  if (!map || entries.length === 0) {
    // An empty `key:` (or an empty document): the fields go on new lines under the key.
    const col = target.holder ? columnOf(text, target.holder.keySpan.start) + 2 : 0;
    const at = target.holder ? lineEnd(text, target.holder.keySpan.end) : text.length;
    const lines = sorted.flatMap((f) => emptyField(f)).map((l) => " ".repeat(col) + l);
    const lead = at === 0 || text[at - 1] === "\n" ? "" : "\n";
    return [{ range: range(at), newText: lead + lines.join("\n") + (target.holder ? "" : "\n") }];
  }

  const col = columnOf(text, entries[0].keySpan.start);
  const pad = " ".repeat(col);
  const groups = new Map<number, FieldSpec[]>();
  for (const f of sorted) {
    const before = order.slice(0, order.indexOf(f)).map((x) => x.key);
    const prev = [...entries].reverse().find((e) => before.includes(e.key));
    const at = prev ? endOfEntry(model, prev) : -1;
    groups.set(at, [...(groups.get(at) ?? []), f]);
  }
  const edits: TextEdit[] = [];
  for (const [at, fs] of groups) {
    const lines = fs.flatMap((f) => emptyField(f));
    if (at < 0) {
      // Before the first key, which may sit on its list item's dash line: insert there and re-indent that key.
      const first = entries[0].keySpan.start;
      edits.push({ range: range(first), newText: lines.map((l, i) => (i === 0 ? l : pad + l)).join("\n") + "\n" + pad });
    } else edits.push({ range: range(at), newText: lines.map((l) => "\n" + pad + l).join("") });
  }
  return edits;
}

/** The end of the last line an entry's value occupies. */
function endOfEntry(model: SkillModel, e: Entry): number {
  const { text } = model;
  let end = e.valueSpan?.end ?? e.keySpan.end;
  while (end > e.keySpan.end && /\s/.test(text[end - 1])) end--;
  return lineEnd(text, end);
}
