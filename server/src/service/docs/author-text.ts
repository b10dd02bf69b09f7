/**
 * The catalog's field patterns and message templates, rewritten for pack authors: index placeholders become `[]`,
 * inserted values become `…`, and library error text is left out (the diagnostic itself shows the actual value).
 */

/** `input_sets[{i}].cases[{j}].key` → `input_sets[].cases[].key`; `aliases["{key}"]` → `aliases.<name>`. */
export function authorField(pattern: string): string {
  return pattern
    .replace(/\{asset_path\}/g, "assets[]")
    .replace(/\{argpath\}/g, "")
    .replace(/\[\{\w+\}\]/g, "[]")
    .replace(/\["\{\w+\}"\]/g, ".<name>")
    .replace(/\{\w+\}/g, "…");
}

/** `must be one of a, b (got "{value}")` → `must be one of a, b`; `must be valid JSON: {err}` → `must be valid JSON`. */
export function authorMessage(message: string): string {
  return message
    .replace(/:\s*\{err\}/g, "")
    .replace(/\s*\(got "\{\w+\}"\)/g, "")
    .replace(/\{\{\{\w+\}\}\}/g, "{{…}}")
    .replace(/"\{\w+\}"/g, "“…”")
    .replace(/\{[\w ]+\}/g, "…")
    .trim();
}

/** True when `s` holds a template placeholder such as `{err}` or `{type}` (`{{…}}` and `${…}` are YAML the author writes). */
export function hasPlaceholder(s: string): boolean {
  return /(?<![{$])\{[a-z_]+\}(?!\})/.test(s);
}
