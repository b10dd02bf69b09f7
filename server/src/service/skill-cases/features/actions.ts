import { isScalar } from "yaml";
import type { CodeAction, PackDiagnostic, Range } from "../../types";
import { documentDiagnostics, rangesTouch, type RuleSettings } from "../../diagnostics";
import { kindWanted } from "../../action-kinds";
import { nearOrAll } from "../../util/did-you-mean";
import type { SkillModel } from "../model";
import { CASE_TYPES, fieldsOf, FieldSpec } from "../schema";
import { entryAt } from "../paths";
import type { TextEdit } from "vscode-languageserver-types";
import { addFields, mapAt } from "./edits";

/**
 * Quick fixes for the case file's diagnostics that touch `range`: add missing fields with their empty values (one,
 * or all of a case), write the empty value of a mistyped empty field, pick a valid value, rename an unknown key,
 * take SKILL.md's name, add a missing route; and renumbering the case ids to `<type>_NNN`.
 */
export function codeActions(model: SkillModel, range: Range, settings: RuleSettings = {}, only?: readonly string[]): CodeAction[] {
  const all = documentDiagnostics(model, settings);
  const diagnostics = all.filter((d) => rangesTouch(d.range, range));
  const out: CodeAction[] = [];
  const action = (title: string, edits: TextEdit[], d?: PackDiagnostic, preferred = false, kind: CodeAction["kind"] = "quickfix"): void => {
    if (edits.length === 0) return;
    out.push({ title, kind, ...(d ? { diagnostics: [d] } : {}), ...(preferred ? { isPreferred: true } : {}), edit: { changes: { [model.uri]: edits } } });
  };
  const replace = (start: number, end: number, newText: string): TextEdit => ({
    range: { start: model.lines.positionAt(start), end: model.lines.positionAt(end) },
    newText,
  });
  const offsetOf = (r: Range) => model.lines.offsetAt(r.start);

  for (const d of diagnostics) {
    const data = (d.data ?? {}) as Record<string, unknown>;
    switch (d.code) {
      case "skill-field-required": {
        const parent = String(data.parent ?? "");
        const key = String(data.key ?? "");
        const f = specFor(parent, key);
        if (!f) break;
        action(`Add ${key} (empty)`, addMissing(model, parent, [f]), d, true);
        const m = /^cases\[(\d+)\]/.exec(parent);
        if (m) {
          const missing = all.filter((x) => x.code === "skill-field-required" && String((x.data as Record<string, unknown>)?.parent ?? "").startsWith(m[0]));
          if (missing.length > 1) action(`Add all missing fields to cases[${m[1]}]`, missingOfCase(model, Number(m[1])), d);
        }
        break;
      }
      case "skill-field-type": {
        const empty = data.empty;
        const e = entryFor(model, d.field);
        if (!e || typeof empty !== "string" || model.view.kind(e.value) !== "null") break;
        const colon = model.text.indexOf(":", e.keySpan.end);
        const at = e.valueSpan ?? { start: colon + 1, end: colon + 1 };
        action(`Write ${empty}`, [replace(at.start, at.end, e.valueSpan ? empty : ` ${empty}`)], d, true);
        break;
      }
      case "skill-case-type-unknown":
      case "skill-mode-unknown":
      case "skill-output-format-unknown":
      case "skill-execution-unknown":
      case "skill-name-mismatch": {
        const expected = Array.isArray(data.expected) ? (data.expected as string[]) : [];
        const start = offsetOf(d.range);
        const end = model.lines.offsetAt(d.range.end);
        const quote = /^["']/.test(model.text.slice(start, end)) ? model.text[start] : "";
        nearOrAll(String(data.got ?? ""), expected)
          .slice(0, 3)
          .forEach((v, i) => action(`Change to "${v}"`, [replace(start, end, quote + v + quote)], d, i === 0));
        break;
      }
      case "skill-unknown-key": {
        const suggestions = Array.isArray(data.suggestions) ? (data.suggestions as string[]) : [];
        if (suggestions[0]) action(`Rename to "${suggestions[0]}"`, [replace(offsetOf(d.range), model.lines.offsetAt(d.range.end), suggestions[0])], d, true);
        break;
      }
      case "skill-blocked-route-missing":
      case "skill-failure-route-missing": {
        const m = /^cases\[(\d+)\]/.exec(d.field ?? "");
        if (!m) break;
        const route = d.code === "skill-blocked-route-missing" ? "on_blocked" : "on_failure";
        const target = d.code === "skill-blocked-route-missing" ? "human_confirm" : "skill-author";
        action(`Add route ${route}: ${target}`, addRoute(model, Number(m[1]), route, target), d, true);
        break;
      }
    }
  }

  const ids = diagnostics.filter((d) => d.code === "skill-id-convention" || d.code === "skill-id-duplicate");
  if (ids.length || touchesId(model, range)) {
    const edits = renumberIds(model);
    if (edits.length)
      out.push({
        title: "Renumber case ids as <type>_NNN",
        kind: ids.length ? "quickfix" : "refactor.rewrite",
        ...(ids.length ? { diagnostics: ids } : {}),
        edit: { changes: { [model.uri]: edits } },
      });
  }
  return out.filter((a) => kindWanted(a.kind ?? "", only));
}

function specFor(parent: string, key: string): FieldSpec | undefined {
  const path = parent === "" ? [] : parent.split(".").flatMap((s) => (/^cases\[\d+\]$/.test(s) ? ["cases", "[]"] : [s]));
  return fieldsOf(path)?.find((f) => f.key === key);
}

function addMissing(model: SkillModel, parent: string, fields: FieldSpec[]): TextEdit[] {
  const target = mapAt(model, parent);
  const path = parent === "" ? [] : parent.split(".").flatMap((s) => (/^cases\[\d+\]$/.test(s) ? ["cases", "[]"] : [s]));
  const order = fieldsOf(path);
  return target && order ? addFields(model, target, fields, order) : [];
}

/** Every missing required field of one case, at every level. */
function missingOfCase(model: SkillModel, index: number): TextEdit[] {
  const byParent = new Map<string, FieldSpec[]>();
  for (const f of model.findings) {
    if (f.code !== "skill-field-required") continue;
    const parent = String(f.data?.parent ?? "");
    if (parent !== `cases[${index}]` && !parent.startsWith(`cases[${index}].`)) continue;
    const spec = specFor(parent, String(f.data?.key ?? ""));
    if (spec) byParent.set(parent, [...(byParent.get(parent) ?? []), spec]);
  }
  return [...byParent].flatMap(([parent, fields]) => addMissing(model, parent, fields));
}

function entryFor(model: SkillModel, field: string | null) {
  if (!field) return undefined;
  const steps = field.split(".");
  const key = steps.pop()!;
  const target = mapAt(model, steps.join("."));
  return target?.map ? model.view.get(target.map, key) : undefined;
}

function addRoute(model: SkillModel, index: number, route: string, target: string): TextEdit[] {
  const src = model.cases[index];
  const routing = entryAt(model.view, src?.node ?? null, "expected", "routing");
  if (!routing) return [];
  const spec: FieldSpec = { key: route, kind: "string", required: true, doc: "" };
  const map = model.view.asMap(routing.value);
  // The new route goes after the written ones.
  const order: FieldSpec[] = [...model.view.entries(map).map((e) => ({ ...spec, key: e.key })), spec];
  return addFields(model, { map, holder: routing }, [spec], order).map((e) => ({
    ...e,
    newText: e.newText.replace(`${route}: ""`, `${route}: ${target}`),
  }));
}

function touchesId(model: SkillModel, range: Range): boolean {
  const start = model.lines.offsetAt(range.start);
  const end = model.lines.offsetAt(range.end);
  return model.cases.some((c) => {
    const e = model.view.get(c.node, "id");
    const s = e?.valueSpan ?? e?.keySpan;
    return !!s && start <= s.end && end >= e!.keySpan.start;
  });
}

/** New ids `<type>_NNN`, numbered per type in written order; cases of an unknown type keep theirs. */
function renumberIds(model: SkillModel): TextEdit[] {
  const counters = new Map<string, number>();
  const edits: TextEdit[] = [];
  for (const c of model.cases) {
    const type = model.suite.cases[c.index].type;
    if (!CASE_TYPES.some((t) => t.value === type)) continue;
    const n = (counters.get(type) ?? 0) + 1;
    counters.set(type, n);
    const e = model.view.get(c.node, "id");
    if (!e?.valueSpan || !isScalar(e.value)) continue;
    const id = `${type}_${String(n).padStart(3, "0")}`;
    if (model.view.str(e.value)?.trim() === id) continue;
    const q = e.value.type === "QUOTE_DOUBLE" ? '"' : e.value.type === "QUOTE_SINGLE" ? "'" : "";
    edits.push({ range: { start: model.lines.positionAt(e.valueSpan.start), end: model.lines.positionAt(e.valueSpan.end) }, newText: q + id + q });
  }
  return edits;
}
