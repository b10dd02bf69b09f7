import { CatalogRule, enums, enumValues, KnownKey, knownObjects, rules } from "../catalog";
import type { PathSegment } from "../model/cursor";
import type { SymbolKind } from "../model/symbols";

/**
 * The shape of a pack as the features see it, read from the rule catalog (known keys, types, rules, enums):
 * which object a YAML path leads to, its keys, which are required, which take enum values or name a symbol.
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

/** The catalog entries a rule's field pattern's parent can be (shared entries such as `asset` are listed by applies_to). */
function entriesFor(parentPattern: string): string[] {
  if (parentPattern === "") return ["$"];
  if (knownObjects[parentPattern]) return [parentPattern];
  return Object.entries(knownObjects)
    .filter(([, o]) => o.applies_to.some((a) => a === parentPattern || a.startsWith(parentPattern + " when")))
    .map(([e]) => e);
}

const rulesByField = new Map<string, CatalogRule[]>();
for (const r of rules) {
  if (r.phase === "decode" || !r.field_pattern) continue;
  const pattern = r.field_pattern.replace(/\[\{[a-z]+\}\]/g, "[]");
  const m = /^(?:(.*)\.)?([a-z_]+)$/.exec(pattern);
  if (!m) continue;
  for (const entry of entriesFor(m[1] ?? "")) {
    if (!knownObjects[entry].keys[m[2]]) continue;
    const k = `${entry}#${m[2]}`;
    rulesByField.set(k, [...(rulesByField.get(k) ?? []), r]);
  }
}

/** The reference rules that check this key. */
export function fieldRules(entry: string, key: string): CatalogRule[] {
  return rulesByField.get(`${entry}#${key}`) ?? [];
}

/** A rule that applies whatever else is set: its summary's first sentence names no other condition. */
function unconditional(r: CatalogRule): boolean {
  const first = r.summary
    .replace(/\([^)]*\)/g, "")
    .split(/\.(\s|$)/)[0]
    .replace(/,? (including|or) absent$/, "")
    .replace(/^Both (\S+) and /, "$1 ");
  return !/ and | but |;|, /.test(first);
}

/**
 * Whether the reference rejects a pack that leaves this key out: a non-optional object with required keys, an unconditional `is required` or
 * `must contain at least one`, a check whose summary says absence fails, or an enum check that empty fails.
 */
export function isRequired(entry: string, key: string): boolean {
  const type = knownObjects[entry]?.keys[key]?.type ?? "";
  const m = /^object:([^?]*)$/.exec(type);
  if (m && requiredKeys(m[1]).length > 0) return true; // a mandatory object with mandatory keys (pack, version, scorecard)
  return fieldRules(entry, key).some(
    (r) =>
      unconditional(r) &&
      (r.message === "is required" ||
        r.message.startsWith("must contain at least one") ||
        /absent fails|including absent|or absent|empty fails|absent = 0|empty\/absent/.test(r.summary) ||
        (/^(must be one of|is not a supported|must be "|must be \w+ or \w+$)/.test(r.message) && !/non-empty|non-blank|empty →|empty =/.test(r.summary))),
  );
}

/** The keys of an entry the reference requires, in catalog order. */
export function requiredKeys(entry: string): string[] {
  return Object.keys(knownObjects[entry]?.keys ?? {}).filter((k) => isRequired(entry, k));
}

/** Which enum of the catalog a key's values (or list items) come from. The catalog lists enums but not the keys they apply to. */
const ENUM_OF: Record<string, string> = {
  "$#modality": "modality",
  "interface_spec#transports": "voice_transport",
  "version#execution_mode": "execution_mode",
  "version.tool_policy#allowed_tool_kinds": "tool_kind",
  "challenges[]#difficulty": "challenge_difficulty",
  "security#default_severity": "security_severity",
  "security.planted_secrets[]#severity": "security_severity",
  "security.planted_secrets[]#location": "planted_secret_location",
  "security.forbidden_outputs[]#severity": "security_severity",
  "security.forbidden_egress[]#severity": "security_severity",
  "input_sets[].cases[].user_simulator#kind": "user_simulator_kind",
  "input_sets[].cases[].user_simulator#schema_version": "user_simulator_schema_version",
  "input_sets[].cases[].user_simulator.phases[]#actor": "user_simulator_actor",
  "input_sets[].cases[].user_simulator.phases[]#trigger": "user_simulator_trigger",
  "input_sets[].cases[].user_simulator.phases[]#on_timeout": "user_simulator_human_on_timeout",
  "input_sets[].cases[].user_simulator.post_run.arena#comparison": "user_simulator_arena_comparison",
  "tools.custom[].implementation#type": "tool_mock_type",
  "tools.custom[].implementation#strategy": "tool_mock_strategy",
  "version.evaluation_spec#judge_mode": "judge_mode",
  "version.evaluation_spec.validators[]#type": "validator_type",
  "version.evaluation_spec.metrics[]#type": "metric_type",
  "version.evaluation_spec.metrics[]#collector": "metric_collector_implemented",
  "version.evaluation_spec.behavioral.signals[]#key": "behavioral_signal_key",
  "version.evaluation_spec.llm_judges[]#mode": "judge_method_mode",
  "version.evaluation_spec.llm_judges[].consensus#aggregation": "consensus_aggregation",
  "version.evaluation_spec.post_execution_checks[]#type": "post_execution_check_type",
  "version.evaluation_spec.scorecard#strategy": "scoring_strategy",
  "version.evaluation_spec.scorecard.dimensions[]#key": "builtin_dimension_keys",
  "version.evaluation_spec.scorecard.dimensions[]#source": "dimension_source",
  "version.evaluation_spec.scorecard.dimensions[]#better_direction": "better_direction",
  "config:normalized_match#pipeline": "normalized_match_step",
  "config:normalized_match#normalizations": "normalized_match_step",
  "config:math_equivalence#comparison_mode": "math_comparison_mode",
  "config:bleu_score#smoothing": "bleu_smoothing",
  "config:rouge_score#variant": "rouge_variant",
  "config:code_execution#scoring": "code_execution_scoring",
  "config:tool_call_assertion#order_mode": "tool_call_order_mode",
  "config:postcondition#condition": "postcondition_condition",
  "config:file_content_match#match_mode": "file_content_match_mode",
};

/** The enum name of a key, when its values come from one. */
export function enumNameOf(entry: string, key: string): string | undefined {
  return ENUM_OF[`${entry}#${key}`];
}

/** The enum values a key (or its list items) takes. Builtin dimension keys are suggestions: custom keys are allowed too. */
export function enumOf(entry: string, key: string): string[] | undefined {
  const name = enumNameOf(entry, key);
  return name ? enumValues(name) : undefined;
}

/** Every enum name the table uses (for the consistency test). */
export const enumTable: Readonly<Record<string, string>> = ENUM_OF;

/** What a key's value names: a symbol of the table, a `source` (`input:` / `artifact:`), or an evidence reference. */
export type Reference =
  | { kind: "symbol"; symbol: SymbolKind; scope: "pack" | "case" }
  | { kind: "source" }
  | { kind: "evidence" };

const REFERENCE_OF: Record<string, Reference> = {
  "input_sets[].cases[]#challenge_key": { kind: "symbol", symbol: "challenge", scope: "pack" },
  "input_sets[].items[]#challenge_key": { kind: "symbol", symbol: "challenge", scope: "pack" },
  "input_sets[].cases[].inputs[]#artifact_key": { kind: "symbol", symbol: "asset", scope: "pack" },
  "expectation#artifact_key": { kind: "symbol", symbol: "asset", scope: "pack" },
  "artifact_ref#key": { kind: "symbol", symbol: "asset", scope: "pack" },
  "expectation#source": { kind: "source" },
  "version.evaluation_spec.scorecard.dimensions[]#validators": { kind: "symbol", symbol: "validator", scope: "pack" },
  "version.evaluation_spec.scorecard.dimensions[]#metric": { kind: "symbol", symbol: "metric", scope: "pack" },
  "version.evaluation_spec.scorecard.dimensions[]#judge_key": { kind: "symbol", symbol: "judge", scope: "pack" },
  "version.evaluation_spec.validators[]#target": { kind: "evidence" },
  "version.evaluation_spec.validators[]#expected_from": { kind: "evidence" },
  "version.evaluation_spec.llm_judges[]#reference_from": { kind: "evidence" },
  "version.evaluation_spec.llm_judges[]#context_from": { kind: "evidence" },
};

export function referenceOf(entry: string, key: string): Reference | undefined {
  return REFERENCE_OF[`${entry}#${key}`];
}

export const referenceTable: Readonly<Record<string, Reference>> = REFERENCE_OF;

/** The enum's note from the catalog (defaults, runtime-only, …). */
export function enumNote(name: string): string | undefined {
  return enums[name]?.note;
}

/** Values for free-form keys that new declarations and snippets fill in (the catalog has no defaults for them). */
const DEFAULTS: Record<string, string> = {
  "input_sets[].cases[].inputs[]#kind": "text",
  "expectation#kind": "text",
  "version.evaluation_spec.validators[]#target": "final_output",
};

export function defaultValue(entry: string, key: string): string | undefined {
  return DEFAULTS[`${entry}#${key}`];
}
