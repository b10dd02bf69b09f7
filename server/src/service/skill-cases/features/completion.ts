import { FUNCTIONS } from "../assertions";
import type { SkillModel } from "../model";
import { CASE_TYPES, EnumValue, fieldAt, fieldsOf, FieldSpec, ROUTE_KEYS, ROUTE_TARGETS } from "../schema";
import { lineEnd } from "../yaml-view";
import { CompletionItemKind } from "vscode-languageserver-types";
import type { CompletionItem, CompletionList, Position } from "../../types";
import { caseSnippet, esc, keySnippet } from "./snippets";
import { caseCursor, CaseCursor } from "./where";
import { fieldDetail, fieldDocumentation } from "./field-docs";

/**
 * Completion at a position of a case file: keys (with their empty values), `type`/`mode`/`execution`/`output_format`
 * values, `should_use`/`should_not_use` from the Skill's own name, routing keys and targets, assertion snippets, and
 * a whole-case snippet per case type.
 */
export function completion(model: SkillModel, position: Position): CompletionList {
  return { isIncomplete: false, items: completionItems(model, model.lines.offsetAt(position)) };
}

function completionItems(model: SkillModel, offset: number): CompletionItem[] {
  const ctx = caseCursor(model, offset);
  if (!ctx) return [];
  const container = fieldAt(ctx.path);
  switch (ctx.kind) {
    case "key":
      if (container?.kind === "cases" || container?.kind === "list") return itemCompletions(model, offset, { ...ctx, needsDash: true }, container);
      if (container?.kind === "routing") return routeKeys(model, offset, ctx);
      return keyCompletions(model, offset, ctx);
    case "value":
      return valueCompletions(model, offset, ctx);
    case "item":
      return container ? itemCompletions(model, offset, ctx, container) : [];
  }
}

function edit(model: SkillModel, start: number, end: number, newText: string) {
  return { range: { start: model.lines.positionAt(start), end: model.lines.positionAt(end) }, newText };
}

/** The end of the token being replaced: the rest of the word (or the rest of the line for values). */
function tokenEnd(model: SkillModel, offset: number, wholeLine: boolean): number {
  if (wholeLine) {
    const end = lineEnd(model.text, offset);
    const rest = model.text.slice(offset, end);
    const comment = rest.search(/\s#/);
    return comment < 0 ? offset + rest.trimEnd().length : offset + comment;
  }
  const m = /^[\w.-]*/.exec(model.text.slice(offset));
  return offset + (m ? m[0].length : 0);
}

/** Keys already written in the mapping the cursor is in (same column, same block). */
function siblingKeys(model: SkillModel, offset: number, column: number): Set<string> {
  const lines = model.text.split(/\r\n|\r|\n/); // as model.lines counts them
  const current = model.lines.positionAt(offset).line;
  const keys = new Set<string>();
  const parse = (line: string) => {
    const m = /^( *)((?:- +)?)(?:([A-Za-z_][\w.-]*|"[^"]*"|'[^']*')\s*:(?:\s|$))?/.exec(line)!;
    return { indent: m[1].length, dash: m[2] !== "", content: m[1].length + m[2].length, key: m[3]?.replace(/^["']|["']$/g, "") };
  };
  const skip = (line: string) => line.trim() === "" || line.trim().startsWith("#");
  for (let i = current - 1; i >= 0; i--) {
    if (skip(lines[i])) continue;
    const l = parse(lines[i]);
    if (l.content > column) continue;
    if (l.content < column) break;
    if (l.key) keys.add(l.key);
    if (l.dash) break; // the first key of our list item
  }
  for (let i = current + 1; i < lines.length; i++) {
    if (skip(lines[i])) continue;
    const l = parse(lines[i]);
    if (l.content < column || (l.dash && l.indent < column)) break;
    if (l.content === column && l.key) keys.add(l.key);
  }
  return keys;
}

function keyCompletions(model: SkillModel, offset: number, ctx: CaseCursor): CompletionItem[] {
  const fields = fieldsOf(ctx.path);
  if (!fields) return [];
  const present = siblingKeys(model, offset, ctx.column);
  const end = tokenEnd(model, offset, false);
  return fields
    .filter((f) => !present.has(f.key))
    .map((f, i) => ({
      label: f.key,
      kind: CompletionItemKind.Property,
      detail: fieldDetail(f),
      documentation: { kind: "markdown", value: fieldDocumentation(f) },
      insertTextFormat: 2,
      insertTextMode: 1,
      textEdit: edit(model, ctx.prefixStart, end, keySnippet(f, ctx.column)),
      sortText: `${f.required ? 0 : 1}${String(i).padStart(2, "0")}`,
      filterText: f.key,
    }));
}

function routeKeys(model: SkillModel, offset: number, ctx: CaseCursor): CompletionItem[] {
  const present = siblingKeys(model, offset, ctx.column);
  const end = tokenEnd(model, offset, false);
  const defaults: Record<string, string> = {
    on_success: "finish",
    on_failure: "skill-author",
    on_blocked: "human_confirm",
    on_case_failure: "testcase-agent",
    on_code_failure: "coding-agent",
    on_env_failure: "env-agent",
  };
  return ROUTE_KEYS.filter((r) => !present.has(r.value)).map((r, i) => ({
    label: r.value,
    kind: CompletionItemKind.Property,
    documentation: { kind: "markdown", value: r.doc },
    insertTextFormat: 2,
    insertTextMode: 1,
    textEdit: edit(model, ctx.prefixStart, end, `${r.value}: \${1:${esc(defaults[r.value] ?? "finish")}}$0`),
    sortText: String(i).padStart(2, "0"),
  }));
}

function enumItems(
  model: SkillModel,
  offset: number,
  ctx: CaseCursor,
  values: EnumValue[],
  kind: CompletionItemKind = CompletionItemKind.EnumMember,
): CompletionItem[] {
  const end = tokenEnd(model, offset, true);
  return values.map((v, i) => ({
    label: v.value,
    kind,
    documentation: { kind: "markdown", value: v.doc },
    insertTextFormat: 1,
    textEdit: edit(model, ctx.prefixStart, end, v.value),
    sortText: String(i).padStart(2, "0"),
  }));
}

/** Skill names the file knows: `skill.name`, SKILL.md's `name:`, and the names used in other cases. */
function skillNames(model: SkillModel): EnumValue[] {
  const out = new Map<string, string>();
  if (model.suite.skill.name) out.set(model.suite.skill.name, "The Skill under test (`skill.name`).");
  const md = model.location.skillMdName;
  if (md && !out.has(md)) out.set(md, "The Skill's name in its SKILL.md front matter.");
  for (const c of model.suite.cases) {
    for (const n of [c.expected.skill.should_use, ...c.expected.skill.should_not_use]) {
      if (n && !/^<.*>$/.test(n) && !out.has(n)) out.set(n, "A Skill named elsewhere in this file.");
    }
  }
  return [...out].map(([value, doc]) => ({ value, doc }));
}

function valueCompletions(model: SkillModel, offset: number, ctx: CaseCursor): CompletionItem[] {
  const key = ctx.key!;
  const container = fieldAt(ctx.path);
  if (container?.kind === "routing") {
    const used = new Set(ROUTE_TARGETS.map((t) => t.value));
    const extra = model.suite.cases.flatMap((c) => Object.values(c.expected.routing)).filter((t) => t && !used.has(t) && (used.add(t), true));
    return enumItems(
      model,
      offset,
      ctx,
      [...ROUTE_TARGETS, ...extra.map((value) => ({ value, doc: "A route target used elsewhere in this file." }))],
      CompletionItemKind.Value,
    );
  }
  if (key === "should_use" && ctx.path.join(".") === "cases.[].expected.skill") {
    return [
      ...enumItems(model, offset, ctx, skillNames(model), CompletionItemKind.Value),
      ...enumItems(model, offset, ctx, [{ value: '""', doc: "No skill should be used (a negative trigger case)." }], CompletionItemKind.Value).map((i) => ({
        ...i,
        sortText: "99",
      })),
    ];
  }
  const f = fieldAt([...ctx.path, key]);
  if (f?.values) return enumItems(model, offset, ctx, f.values);
  if (key === "version" && ctx.path.length === 0)
    return enumItems(model, offset, ctx, [{ value: '"1.0"', doc: "Version 1.0 of the case file format." }], CompletionItemKind.Value);
  return [];
}

function itemCompletions(model: SkillModel, offset: number, ctx: CaseCursor, container: FieldSpec): CompletionItem[] {
  const dash = ctx.needsDash ? "- " : "";
  const column = ctx.column + dash.length;
  const end = tokenEnd(model, offset, true);
  const item = (label: string, text: string, doc: string, i: number, kind: CompletionItemKind = CompletionItemKind.Snippet): CompletionItem => ({
    label,
    kind,
    documentation: { kind: "markdown", value: doc },
    insertTextFormat: 2,
    insertTextMode: 1,
    textEdit: edit(model, ctx.prefixStart, end, dash + text),
    sortText: String(i).padStart(2, "0"),
    filterText: ctx.needsDash ? undefined : label,
  });
  if (container.kind === "cases") {
    return CASE_TYPES.map((t, i) =>
      item(`${t.value} case`, caseSnippet(model, t.value, column), `A new \`${t.value}\` case with every required field, empty.\n\n${t.doc}`, i),
    );
  }
  const last = ctx.path[ctx.path.length - 1];
  if (last === "assertions") return assertionSnippets(model, ctx).map((s, i) => item(s.label, s.text, s.doc, i));
  if (last === "should_not_use") {
    return skillNames(model).map((n, i) => item(n.value, esc(n.value), n.doc, i, CompletionItemKind.Value));
  }
  if (last === "tags") {
    const tags = ["positive", "negative", "dry-run", ...CASE_TYPES.map((t) => t.value)];
    return tags.map((t, i) => item(t, t, "A tag.", i, CompletionItemKind.Value));
  }
  return [];
}

function assertionSnippets(model: SkillModel, ctx: CaseCursor): { label: string; text: string; doc: string }[] {
  const c = ctx.caseIndex === undefined ? undefined : model.suite.cases[ctx.caseIndex];
  const skill = esc(c?.expected.skill.should_use || model.suite.skill.name || "skill-name");
  const avoided = esc(c?.expected.skill.should_not_use[0] || model.suite.skill.name || "skill-name");
  const artifact = esc(c?.expected.artifacts[0] || "artifact");
  const route = Object.keys(c?.expected.routing ?? {})[0] ?? "on_failure";
  const target = esc(c?.expected.routing[route] || "skill-author");
  return [
    { label: "selected_skill == '…'", text: `"selected_skill == '\${1:${skill}}'"$0`, doc: "The response selected this Skill." },
    {
      label: "selected_skill != '…'",
      text: `"selected_skill != '\${1:${avoided}}'"$0`,
      doc: "The response did not select this Skill (a negative trigger case).",
    },
    { label: "'…' in artifacts", text: `"'\${1:${artifact}}' in artifacts"$0`, doc: "The response names this artifact." },
    { label: "artifact_exists('…')", text: `"artifact_exists('\${1:${artifact}}')"$0`, doc: FUNCTIONS.artifact_exists },
    {
      label: "status in ['BLOCKED', 'NEEDS_CONFIRMATION']",
      text: `"status in ['BLOCKED', 'NEEDS_CONFIRMATION']"$0`,
      doc: "The response blocks or asks for confirmation instead of guessing.",
    },
    { label: "routing['…'] == '…'", text: `"routing['\${1:${esc(route)}}'] == '\${2:${target}}'"$0`, doc: "The response routes this way." },
    { label: "next_action != ''", text: `"next_action != ''"$0`, doc: "The response names its next action (a repair or handoff for failure cases)." },
  ];
}
