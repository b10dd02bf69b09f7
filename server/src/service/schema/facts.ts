import { enums, knownObjects, rules, type CatalogRule } from "../catalog";
import { keysInScope, ruleTarget, type RuleTarget } from "./targets";

/**
 * What the catalog's rules say about one known key, read from their exact messages and summaries.
 * Only unconditional checks become constraints: a rule whose summary depends on another key
 * (e.g. "actor llm and max_turns < 0") only adds to the description. When in doubt, no constraint:
 * a schema that rejects a pack the reference accepts would be wrong, one that misses a check is only weaker.
 */

export interface EnumFact {
  values: (string | number)[];
  /** How the reference compares: exactly, after trimming, or after trimming and lowercasing. */
  match: "exact" | "trim" | "fold";
  allowEmpty: boolean;
  /** Only offered for completion: the check depends on other keys, or there is none. */
  advisory: boolean;
}

export interface ValueFacts {
  /** The reference rejects a blank string ("trim") or only the empty string ("empty"). */
  nonBlank?: "trim" | "empty";
  enum?: EnumFact;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  /** A free-form value that must be a mapping. */
  object?: boolean;
}

export interface KeyFacts extends ValueFacts {
  /** Every rule reported at this key or its elements, for the description. */
  rules: CatalogRule[];
  /** The key must be present (and not null): absent fails a check. */
  required: boolean;
  minItems?: number;
  items: ValueFacts;
}

const facts = new Map<string, KeyFacts>();
let collected = false;

export function keyFacts(entry: string, key: string): KeyFacts | undefined {
  if (!collected) {
    collected = true;
    collectFacts();
  }
  return facts.get(`${entry}\u0000${key}`);
}

function factsFor(t: RuleTarget): KeyFacts {
  const id = `${t.entry}\u0000${t.key}`;
  let f = facts.get(id);
  if (!f) facts.set(id, (f = { rules: [], required: false, items: {} }));
  return f;
}

/** The part of a summary that states when the rule fires: its first sentence, without asides in parentheses. */
function condition(summary: string): string {
  let s = summary.split(/\.(?:\s|$)/)[0];
  for (let prev = ""; prev !== s;) {
    prev = s;
    s = s.replace(/\([^()]*\)/g, " ");
  }
  return s;
}

/**
 * True when the rule only fires depending on some other key: its condition names a key of the object
 * or of one above it ("actor llm and …", "non-mock; implementation has no `args` key") other than the
 * rule's own key, whether alone or as the end of a dotted path ("pack.slug is empty").
 */
function conditional(rule: CatalogRule, t: RuleTarget): boolean {
  const message = rule.message.replace(/ when specified$/, "");
  if (/ (when|for|unless) /.test(message)) return true;
  const scope = keysInScope(t.entry);
  const dotted = condition(rule.summary).match(/[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/g) ?? [];
  const ownPath = t.pathWords.join(".");
  return dotted
    .filter((d) => !(ownPath === d || ownPath.endsWith("." + d)))
    .flatMap((d) => d.split("."))
    .some((w) => scope.has(w));
}

const EMPTY_ALLOWED = /non-empty|also accepted|defaults? to|empty (?:→|=|means)|absent\/empty/;
const ABSENT_FAILS = /(?:including|or) absent|absent (?:fails|= 0)|empty (?:also )?fails|empty\/absent|empty or absent|blank\/absent/;

function matchMode(rule: CatalogRule, enumNote: string | undefined): EnumFact["match"] {
  const text = `${rule.summary} ${enumNote ?? ""}`;
  if (/lowercase/.test(text)) return "fold";
  if (/trim/.test(text) && !/not trimmed/.test(text)) return "trim";
  return "exact";
}

/** Values a message lists: `must be one of a, b`, `must be "a" or "b"`, `must be "a", "b", or "c"`, `must be 1`. */
function listedValues(message: string): string[] | undefined {
  const m = /^must be (?:one of )?(.+?)(?: \(got "\{value\}"\))?(?: when specified)?$/.exec(message);
  if (!m) return undefined;
  const values = m[1].split(/,\s*(?:or\s+)?|\s+or\s+/).map((v) => v.trim().replace(/^"(.*)"$/, "$1"));
  return values.every((v) => /^[A-Za-z0-9_.:-]+$/.test(v)) ? values : undefined;
}

/** The smallest catalog enum holding every listed value (messages sometimes list fewer than accepted, e.g. tool kinds). */
function enumHolding(values: string[]): string | undefined {
  let best: { name: string; size: number } | undefined;
  for (const [name, e] of Object.entries(enums)) {
    if (!Array.isArray(e.values)) continue;
    const set = new Set(e.values.map(String));
    if (values.every((v) => set.has(v)) && (!best || set.size < best.size)) best = { name, size: set.size };
  }
  return best?.name;
}

/** Enum linked to a key by its Go named type (scoring.JudgeMode → judge_mode) or a note (`enum challenge_difficulty`). */
function linkedEnum(entry: string, key: string): string | undefined {
  const k = knownObjects[entry]?.keys[key];
  if (!k) return undefined;
  const note = /\benum ([a-z_]+)/.exec(k.note ?? "");
  if (note && enums[note[1]]) return note[1];
  const named = /\.([A-Z][A-Za-z]*)$/.exec(k.go_type);
  const snake = named?.[1].replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
  return snake && enums[snake] && Array.isArray(enums[snake].values) ? snake : undefined;
}

/** An enum a summary names by a word of its name ("not in the trigger enum" → user_simulator_trigger). */
function enumNamedIn(summary: string): string | undefined {
  const word = /\bthe ([a-z]+) enum\b/.exec(summary)?.[1];
  if (!word) return undefined;
  const names = Object.keys(enums).filter((n) => n.split("_").includes(word) && Array.isArray(enums[n].values));
  return names.length === 1 ? names[0] : undefined;
}

function isEnumCheck(rule: CatalogRule): boolean {
  return listedValues(rule.message) !== undefined || /is not a supported/.test(rule.message) || /not (?:exactly )?(?:one of|in the)/.test(rule.summary);
}

function bounds(message: string): Pick<ValueFacts, "minimum" | "maximum" | "exclusiveMinimum"> | undefined {
  const num = "(-?\\d+(?:\\.\\d+)?)";
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^must be greater than or equal to ${num}$`).exec(message))) return { minimum: Number(m[1]) };
  if ((m = new RegExp(`^must be greater than ${num}$`).exec(message))) return { exclusiveMinimum: Number(m[1]) };
  if ((m = new RegExp(`^must be between ${num} and ${num}$`).exec(message))) return { minimum: Number(m[1]), maximum: Number(m[2]) };
  if ((m = new RegExp(`^must be at most ${num}$`).exec(message))) return { maximum: Number(m[1]) };
  return undefined;
}

function zeroFails(b: Pick<ValueFacts, "minimum" | "maximum" | "exclusiveMinimum">): boolean {
  return (
    (b.minimum !== undefined && b.minimum > 0) || (b.exclusiveMinimum !== undefined && b.exclusiveMinimum >= 0) || (b.maximum !== undefined && b.maximum < 0)
  );
}

/** Reads every rule of the catalog once, on first use (the CLI's validation never asks, so it never pays for it). */
function collectFacts(): void {
  for (const rule of rules) {
    const t = ruleTarget(rule);
    if (!t) continue;
    const f = factsFor(t);
    f.rules.push(rule);
    const keyType = knownObjects[t.entry].keys[t.key].type;
    const pointer = keyType.endsWith("?");
    const cond = conditional(rule, t);
    const target: ValueFacts = t.items ? f.items : f;

    if (rule.message === "is required") {
      if (cond || t.items) continue;
      f.required = true;
      f.nonBlank = /empty string/.test(rule.summary) ? "empty" : "trim";
      continue;
    }
    if (/^must contain at least one /.test(rule.message) && !t.items) {
      if (cond) continue;
      f.minItems = 1;
      if (ABSENT_FAILS.test(rule.summary)) f.required = true;
      continue;
    }
    if (rule.message === "must be a JSON object") {
      if (!cond) target.object = true;
      continue;
    }
    const b = bounds(rule.message);
    if (b) {
      if (cond) continue;
      Object.assign(target, b);
      if (!t.items && !pointer && zeroFails(b) && !/present/.test(rule.summary)) f.required = true;
      continue;
    }
    if (isEnumCheck(rule)) {
      const listed = listedValues(rule.message);
      const name = linkedEnum(t.entry, t.key) ?? (listed ? enumHolding(listed) : undefined) ?? enumNamedIn(rule.summary);
      if (!name) continue;
      const values = enums[name].values as (string | number)[];
      const allowEmpty = EMPTY_ALLOWED.test(rule.summary) || EMPTY_ALLOWED.test(enums[name].note ?? "");
      target.enum = { values, match: matchMode(rule, enums[name].note), allowEmpty, advisory: cond };
      // A non-pointer field that is absent holds its zero value, which the check rejects.
      if (!cond && !allowEmpty && !t.items && !pointer) f.required = true;
    }
  }

  // Keys linked to an enum with no check of their own still offer its values for completion.
  for (const [entry, obj] of Object.entries(knownObjects)) {
    for (const key of Object.keys(obj.keys)) {
      const name = linkedEnum(entry, key);
      if (!name) continue;
      const id = `${entry}\u0000${key}`;
      const f = facts.get(id) ?? { rules: [], required: false, items: {} };
      facts.set(id, f);
      f.enum ??= { values: enums[name].values as (string | number)[], match: "exact", allowEmpty: true, advisory: true };
    }
  }
}
