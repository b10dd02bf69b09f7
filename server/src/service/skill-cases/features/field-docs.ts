import type { FieldKind, FieldSpec } from "../schema";

/** How a field's type reads in its documentation (the words pack fields use). */
const TYPE_WORDS: Record<FieldKind, string> = {
  string: "text",
  "string-or-empty": "text (may be empty)",
  list: "list",
  map: "map",
  routing: "map of routes",
  object: "object",
  cases: "list of cases",
};

/** `text · required`: a field's type and whether it is required, as pack completion's detail says it. */
export function fieldDetail(f: FieldSpec): string {
  return `${TYPE_WORDS[f.kind]} · ${f.required ? "required" : "optional"}`;
}

/**
 * A field's documentation, shaped as a pack key's (hover and completion): name, type and whether required,
 * what it is, where it sits (`path`), and its values with what each means.
 */
export function fieldDocumentation(f: FieldSpec, path?: string): string {
  const parts = [`**\`${f.key}\`** · ${fieldDetail(f)}`, f.doc];
  if (path && path !== f.key) parts.push(`In \`${path}\`.`);
  if (f.values) parts.push(`${f.open ? "Documented values" : "Allowed values"}:\n${f.values.map((v) => `- \`${v.value}\` — ${v.doc}`).join("\n")}`);
  return parts.join("\n\n");
}
