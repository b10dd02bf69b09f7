import { knownObjects } from "../catalog";
import { KEY_DOCS } from "../schema/key-docs";
import { enumNote, enumOf, fieldRules, isRequired } from "../schema/keys";
import { sampleValue } from "./samples";

/**
 * The documentation of every key a pack can write, for pack authors: what it does (schema/key-docs.ts, else a
 * sentence from its place in the pack), its type in plain words, whether it is required, its allowed values, an
 * example and the rules that check it. docs/keys.md and the key hovers come from here.
 */
export interface KeyDoc {
  entry: string;
  key: string;
  purpose: string;
  type: string;
  required: boolean;
  values?: string[];
  valuesNote?: string;
  example: string;
  rules: string[];
}

/** Notes written for implementers (type names, decoding steps) are left out of what authors read. */
const INTERNAL = /\bGo\b|§|\{|[sS]truct|decoded|JSON-encoded|re-read|\bint(?:32|64)\b|float64|Atoi|map\[/;

export function keyDoc(entry: string, key: string): KeyDoc | undefined {
  const spec = knownObjects[entry]?.keys[key];
  if (!spec) return undefined;
  const values = enumOf(entry, key);
  const note = values ? enumNote(entry, key) : undefined;
  return {
    entry,
    key,
    purpose: KEY_DOCS[`${entry}#${key}`] ?? `\`${key}\` of ${entryTitle(entry)}.`,
    type: typeWords(spec.type),
    required: isRequired(entry, key),
    ...(values ? { values } : {}),
    ...(note && !INTERNAL.test(note) ? { valuesNote: note } : {}),
    example: exampleOf(key, spec.type, values),
    rules: [...new Set(fieldRules(entry, key).map((r) => r.id))],
  };
}

/** The type of a catalog key in plain words: `list<object:asset>` → "list of mappings". */
export function typeWords(type: string): string {
  const t = type.replace(/\?$/, "");
  let m: RegExpExecArray | null;
  if ((m = /^list<(.*)>$/.exec(t))) return `list of ${plural(typeWords(m[1]))}`;
  if ((m = /^map<string,(.*)>$/.exec(t))) return `mapping of names to ${plural(typeWords(m[1]))}`;
  if (t.startsWith("string|object:")) return "text or mapping";
  if (t.startsWith("object:")) return "mapping";
  const words: Record<string, string> = {
    string: "text",
    bool: "true or false",
    int: "whole number",
    int32: "whole number",
    int64: "whole number",
    float64: "number",
    uuid: "UUID",
    any: "any value",
    "raw-json": "any value",
  };
  return words[t] ?? t;
}

function plural(w: string): string {
  if (w === "text") return "texts";
  if (w === "any value") return "values";
  if (w.startsWith("mapping")) return w.replace(/^mapping/, "mappings");
  if (w.startsWith("list")) return w.replace(/^list/, "lists");
  if (w === "true or false") return "true/false values";
  return w.endsWith("number") ? w + "s" : w;
}

function exampleOf(key: string, type: string, values: string[] | undefined): string {
  const t = type.replace(/\?$/, "");
  if (values?.length) return t.startsWith("list<") ? `${key}: [${values[0]}]` : `${key}: ${values[0]}`;
  if (t === "bool") return `${key}: true`;
  if (/^int/.test(t)) return `${key}: ${/timeout|seconds/.test(key) ? 60 : /_ms$/.test(key) ? 30000 : 1}`;
  if (t === "float64") return `${key}: 0.8`;
  if (t === "uuid") return `${key}: 3f1c2a9e-8b7d-4c6e-9a1f-2b3c4d5e6f70`;
  if (t === "list<string>") return `${key}: [${sampleValue(key)}]`;
  if (t.startsWith("list<")) return `${key}:\n  - …`;
  if (t.startsWith("map<") || t.startsWith("object:") || t === "any" || t === "raw-json") return `${key}:\n  …`;
  return `${key}: ${sampleValue(key)}`;
}

/** How a catalog entry is named for authors: `input_sets[].cases[]` → "a case (`input_sets[].cases[]`)". */
export function entryTitle(entry: string): string {
  const named: Record<string, string> = {
    $: "the pack (top level)",
    asset: "an asset (`version.assets[]`, `challenges[].assets[]`, `input_sets[].cases[].assets[]`)",
    artifact_ref: "an artifact reference (`challenges[].artifact_refs[]`, `input_sets[].cases[].artifacts[]`)",
    expectation: "an expectation (`input_sets[].cases[].expectations[]`, a simulated turn's `expects[]`)",
    "challenges[]": "a challenge (`challenges[]`)",
    "input_sets[]": "an input set (`input_sets[]`)",
    "input_sets[].cases[]": "a case (`input_sets[].cases[]`)",
    "input_sets[].items[]": "a legacy item (`input_sets[].items[]`)",
    "input_sets[].cases[].inputs[]": "a case input (`input_sets[].cases[].inputs[]`)",
  };
  if (named[entry]) return named[entry];
  const config = /^config:(.*)$/.exec(entry);
  if (config)
    return `the \`config\` of ${config[1]
      .split(",")
      .map((t) => `\`${t}\``)
      .join(", ")} validators`;
  return `\`${entry}\``;
}

/** The heading anchor of an entry in docs/keys.md. */
export function entryAnchor(entry: string): string {
  return entry === "$"
    ? "top-level"
    : entry
        .replace(/[^a-z0-9_]+/gi, "-")
        .replace(/^-|-$/g, "")
        .toLowerCase();
}

/** docs/keys.md: every key of every catalog entry. */
export function keysPage(): string {
  const out = [
    "# Keys of a challenge pack",
    "",
    "Every key AgentClash reads in a challenge pack, grouped by where it is written. For each: what it does, its type,",
    "whether it is required, its allowed values, an example and the rules that check it (see [the rules](rules/README.md)).",
    "Generated from packlint's rule catalog by `npm run docs`; do not edit by hand.",
    "",
  ];
  for (const entry of Object.keys(knownObjects)) {
    out.push(`## <a id="${entryAnchor(entry)}"></a>${capital(entryTitle(entry))}`, "");
    for (const key of Object.keys(knownObjects[entry].keys)) {
      const d = keyDoc(entry, key)!;
      out.push(`### \`${key}\``, "", d.purpose, "", `- Type: ${d.type}`, `- ${d.required ? "Required" : "Optional"}`);
      if (d.values) out.push(`- Allowed values: ${d.values.map((v) => `\`${v}\``).join(", ")}${d.valuesNote ? ` (${d.valuesNote})` : ""}`);
      if (d.rules.length) out.push(`- Checked by: ${d.rules.map((c) => `[\`${c}\`](rules/${c}.md)`).join(", ")}`);
      out.push("", "```yaml", d.example, "```", "");
    }
  }
  return out.join("\n");
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
