import { knownObjects, type CatalogRule, type KnownObject } from "../catalog";

/** Where known_keys entries sit in a pack (their `applies_to` paths), and which key a rule's field path lands on. */

export interface EntryPlace {
  name: string;
  entry: KnownObject;
  /** For `config:<types>` entries: the validator types whose `config` this entry describes. */
  validatorTypes?: string[];
}

export interface RuleTarget {
  entry: string;
  key: string;
  /** The rule is about the elements of a list (its field ends with `[{i}]`). */
  items: boolean;
  /** The rule's field path, split into key names (`challenges[{i}].key` → challenges, key). */
  pathWords: string[];
}

const ROOT_PATH = "";

/** applies_to path (`input_sets[].cases[]`, `` for the root) → the entries found there. */
const byPath = new Map<string, EntryPlace[]>();
/** entry name → its applies_to paths. */
const pathsOf = new Map<string, string[]>();

for (const [name, entry] of Object.entries(knownObjects)) {
  const paths: string[] = [];
  for (const a of entry.applies_to) {
    const m = /^(.*?) when type in \(([^)]*)\)$/.exec(a);
    const path = a === "(document root)" ? ROOT_PATH : (m ? m[1] : a).trim();
    const place: EntryPlace = { name, entry, ...(m ? { validatorTypes: m[2].split(",").map((s) => s.trim()) } : {}) };
    paths.push(path);
    const list = byPath.get(path) ?? [];
    list.push(place);
    byPath.set(path, list);
  }
  pathsOf.set(name, paths);
}

export function placesAt(path: string): readonly EntryPlace[] {
  return byPath.get(path) ?? [];
}

/** Keys of the entry and of every entry above it (on any of its paths). */
export function keysInScope(name: string): Set<string> {
  const keys = new Set<string>(Object.keys(knownObjects[name]?.keys ?? {}));
  for (let path of pathsOf.get(name) ?? []) {
    while (path !== ROOT_PATH) {
      path = parentPath(path);
      for (const p of placesAt(path)) for (const k of Object.keys(p.entry.keys)) keys.add(k);
    }
  }
  return keys;
}

function parentPath(path: string): string {
  const dot = path.lastIndexOf(".");
  return dot < 0 ? ROOT_PATH : path.slice(0, dot);
}

/** The known key a rule reports on, or undefined (map keys, free-form paths, whole-document rules). */
export function ruleTarget(rule: CatalogRule): RuleTarget | undefined {
  const field = rule.field_pattern;
  if (!field || /\{key\}|\{argpath\}|\["/.test(field)) return undefined;
  let path = field.replace(/\[\{[a-z]\}\]/g, "[]");
  const items = path.endsWith("[]");
  if (items) path = path.slice(0, -2);
  const dot = path.lastIndexOf(".");
  const parent = dot < 0 ? ROOT_PATH : path.slice(0, dot);
  const key = path.slice(dot + 1);
  const candidates = placesAt(parent).filter((p) => key in p.entry.keys);
  const chosen = candidates.length > 1 ? candidates.filter((p) => mentionsType(rule, p)) : candidates;
  if (chosen.length !== 1) return undefined;
  return { entry: chosen[0].name, key, items, pathWords: path.split(".").map((s) => s.replace(/\[\]$/, "")) };
}

/** Several config entries share a path; a rule names its validator type in its id or summary. */
function mentionsType(rule: CatalogRule, place: EntryPlace): boolean {
  return (place.validatorTypes ?? []).some((t) => rule.id.startsWith(t.replace(/_/g, "-") + "-") || new RegExp(`\\b${t}\\b`).test(rule.summary));
}
