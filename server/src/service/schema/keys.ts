import { CatalogRule, enums, enumValues, KnownKey, knownObjects } from "../catalog";
import { keyFacts } from "./facts";
import type { PathSegment } from "../yaml/cursor";

/**
 * The shape of a pack as the features see it, read from the rule catalog (known keys and types) and its
 * facts (schema/facts.ts: rules, requiredness, enums): which object a YAML path leads to, its keys, which are
 * required, which take enum values or name a symbol.
 */

export type Shape =
  | { kind: "object"; entry: string }
  | { kind: "list"; of: Shape }
  | { kind: "scalar"; type: string }
  /** A list item that is either a plain string or an object (scorecard dimensions). */
  | { kind: "string-or-object"; entry: string }
  | { kind: "free" };

/** The shape a catalog type describes; `name` is the dotted catalog path, for free maps that have an entry of their own. */
export function shapeOfType(type: string, name = ""): Shape {
  const base = type.endsWith("?") ? type.slice(0, -1) : type;
  let m = /^list<(.*)>$/.exec(base);
  if (m) return { kind: "list", of: shapeOfType(m[1], name + "[]") };
  m = /^string\|object:(.*)$/.exec(base);
  if (m) return { kind: "string-or-object", entry: m[1] };
  m = /^object:(.*)$/.exec(base);
  if (m) return { kind: "object", entry: m[1] };
  if (base.startsWith("map<") || base === "any" || base === "raw-json") {
    return knownObjects[name] ? { kind: "object", entry: name } : { kind: "free" };
  }
  return { kind: "scalar", type: base };
}

/** A key of a catalog entry, matched as the decoder matches it (ASCII case-insensitive inside evaluation_spec). */
export function lookupKey(entry: string, key: string): { name: string; spec: KnownKey } | undefined {
  const obj = knownObjects[entry];
  if (!obj) return undefined;
  if (obj.keys[key]) return { name: key, spec: obj.keys[key] };
  if (obj.key_match === "ascii-case-insensitive") {
    const lower = key.toLowerCase();
    for (const [name, spec] of Object.entries(obj.keys)) if (name.toLowerCase() === lower) return { name, spec };
  }
  return undefined;
}

/** The catalog entry for the config of a validator of this type. */
export function configEntry(validatorType: string): string | undefined {
  return Object.keys(knownObjects).find((e) => e.startsWith("config:") && e.slice(7).split(",").includes(validatorType));
}

/**
 * The shape at a YAML path, from the document root. `valueAt` gives the decoded value at a path prefix
 * (needed where the shape depends on data: a validator's config follows its type).
 */
export function shapeAt(path: readonly PathSegment[], valueAt: (path: PathSegment[]) => unknown = () => undefined): Shape | undefined {
  let shape: Shape = { kind: "object", entry: "$" };
  let name = "";
  for (let i = 0; i < path.length; i++) {
    const s = path[i];
    if (typeof s === "number") {
      if (shape.kind !== "list") return undefined;
      shape = shape.of.kind === "string-or-object" ? { kind: "object", entry: shape.of.entry } : shape.of;
      name += "[]";
      continue;
    }
    if (shape.kind !== "object") return undefined;
    const entry: string = shape.entry;
    const found = lookupKey(entry, s);
    if (!found) return undefined;
    name = name === "" ? found.name : `${name}.${found.name}`;
    if (entry === "version.evaluation_spec.validators[]" && found.name === "config") {
      const v = valueAt(path.slice(0, i)) as { type?: unknown } | undefined;
      const ce = typeof v?.type === "string" ? configEntry(v.type) : undefined;
      shape = ce ? { kind: "object", entry: ce } : { kind: "free" };
      continue;
    }
    shape = shapeOfType(found.spec.type, name);
  }
  return shape;
}

/** The reference rules that check this key (or its list items). */
export function fieldRules(entry: string, key: string): CatalogRule[] {
  return keyFacts(entry, key)?.rules ?? [];
}

/**
 * Whether a pack needs this key written: the catalog facts say absence fails or the list must not be
 * empty, or it is a non-optional object with required keys of its own (pack, version, scorecard).
 */
export function isRequired(entry: string, key: string): boolean {
  const f = keyFacts(entry, key);
  if (f?.required || f?.minItems) return true;
  const m = /^object:([^?]*)$/.exec(knownObjects[entry]?.keys[key]?.type ?? "");
  return !!m && requiredKeys(m[1]).length > 0;
}

/** The keys of an entry the reference requires, in catalog order. */
export function requiredKeys(entry: string): string[] {
  return Object.keys(knownObjects[entry]?.keys ?? {}).filter((k) => isRequired(entry, k));
}

/**
 * Values to suggest for keys the catalog facts link to no enum: runtime-only settings, collectors the
 * validator does not check, builtin dimension keys (custom keys are allowed too), list items of a config.
 */
const SUGGESTED: Record<string, string> = {
  "input_sets[].cases[].user_simulator.phases[]#on_timeout": "user_simulator_human_on_timeout",
  "tools.custom[].implementation#type": "tool_mock_type",
  "tools.custom[].implementation#strategy": "tool_mock_strategy",
  "version.evaluation_spec.metrics[]#collector": "metric_collector_implemented",
  "version.evaluation_spec.scorecard.dimensions[]#key": "builtin_dimension_keys",
  "config:normalized_match#pipeline": "normalized_match_step",
  "config:normalized_match#normalizations": "normalized_match_step",
  "config:file_content_match#match_mode": "file_content_match_mode",
};

/** The values a key (or its list items) takes, from the catalog facts, else the suggestions above. */
export function enumOf(entry: string, key: string): string[] | undefined {
  const f = keyFacts(entry, key);
  const values = (f?.enum ?? f?.items.enum)?.values;
  if (values) return values.map(String);
  const name = SUGGESTED[`${entry}#${key}`];
  return name ? enumValues(name) : undefined;
}

/** The values a key must take, when the reference checks them unconditionally (not mere suggestions). */
export function closedEnumOf(entry: string, key: string): string[] | undefined {
  const f = keyFacts(entry, key);
  const e = f?.enum ?? f?.items.enum;
  return e && !e.advisory ? e.values.map(String) : undefined;
}

/** The catalog's note on the enum a key's values come from (defaults, runtime-only, …). */
export function enumNote(entry: string, key: string): string | undefined {
  const values = enumOf(entry, key);
  if (!values) return undefined;
  const listed = (e: (typeof enums)[string]) => (Array.isArray(e.values) ? e.values.map(String) : Object.keys(e.values));
  return Object.values(enums).find((e) => listed(e).join("\u0000") === values.join("\u0000"))?.note;
}

/** Suggested values whose enum is not linked to its key by the catalog (for the consistency test). */
export const suggestedTable: Readonly<Record<string, string>> = SUGGESTED;

export { referenceOf, referenceTable, type Reference } from "../model/references";

/** Values for free-form keys that new declarations and snippets fill in (the catalog has no defaults for them). */
const DEFAULTS: Record<string, string> = {
  "input_sets[].cases[].inputs[]#kind": "text",
  "expectation#kind": "text",
  "version.evaluation_spec.validators[]#target": "final_output",
  "version.evaluation_spec.validators[]#expected_from": "challenge_input",
};

export function defaultValue(entry: string, key: string): string | undefined {
  return DEFAULTS[`${entry}#${key}`];
}
