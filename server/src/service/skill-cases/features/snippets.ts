import { CASE_FIELDS, emptyField, FieldSpec } from "../schema";
import type { SkillModel } from "../model";

/** Snippet text escapes: `$`, `}` and `\` are special in LSP snippets. */
export function esc(s: string): string {
  return s.replace(/[$}\\]/g, (c) => "\\" + c);
}

/** The next free `<type>_NNN` id in the file. */
export function nextId(model: SkillModel, type: string): string {
  let max = 0;
  for (const c of model.suite.cases) {
    const m = new RegExp(`^${type}_(\\d+)$`).exec(c.id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `${type}_${String(max + 1).padStart(3, "0")}`;
}

/**
 * A whole case of one type as a snippet, every required field present with its empty value (as the specification
 * asks), the first line after the item's dash and the others indented to `column`.
 */
export function caseSnippet(model: SkillModel, type: string, column: number): string {
  const pad = " ".repeat(column);
  let stop = 1;
  const lines: string[] = [];
  for (const f of CASE_FIELDS.filter((x) => x.required)) {
    if (f.key === "id") lines.push(`id: \${${stop++}:${esc(nextId(model, type))}}`);
    else if (f.key === "type") lines.push(`type: ${type}`);
    else if (f.key === "title" || f.key === "query") lines.push(`${f.key}: "\${${stop++}}"`);
    else lines.push(...emptyField(f));
  }
  return lines.map((l, i) => (i === 0 ? l : pad + l)).join("\n") + "$0";
}

/** A key with its empty value (a map with its required fields), continuation lines indented to `column`. */
export function keySnippet(f: FieldSpec, column: number): string {
  const pad = " ".repeat(column);
  switch (f.kind) {
    case "list":
      return `${f.key}: [$1]$0`;
    case "map":
    case "routing":
      return `${f.key}: {$1}$0`;
    case "cases":
      return `${f.key}:\n${pad}  - $0`;
    case "object":
      return (
        emptyField(f)
          .map((l, i) => (i === 0 ? l : pad + l))
          .join("\n") + "$0"
      );
    default:
      if (f.values && f.open) return `${f.key}: \${1:${esc(f.values[0].value)}}$0`;
      if (f.values) return `${f.key}: \${1|${f.values.map((v) => esc(v.value).replace(/[,|]/g, "\\$&")).join(",")}|}$0`;
      if (f.key === "version") return `${f.key}: "\${1:1.0}"$0`;
      return `${f.key}: "$1"$0`;
  }
}
