import type { PackModel } from "../pack-model";
import type { SymbolEntry, SymbolKind } from "../model/symbols";
import { parseFieldPath, valueAtField } from "../model/paths";
import { symbolIndex } from "./symbol-index";
import { CacheSlot } from "../model/model-cache";
import type { Case, InputSet } from "../model/bundle";
import { INTENTS, intentOf } from "../advisories/input-set-intent";
import { authoringStyle, effectiveKey, isLegacyPayloadOnly, storedPayload } from "../model/case-info";

/** What the features say about a declared symbol: its object, a one-line summary, a Markdown preview. */

const NOUN: Partial<Record<SymbolKind, string>> = {
  challenge: "challenge",
  "input-set": "input set",
  case: "case",
  input: "case input",
  expectation: "expectation",
  payload: "payload field",
  asset: "version asset",
  validator: "validator",
  metric: "metric",
  judge: "LLM judge",
  dimension: "dimension",
  check: "post-execution check",
};

export function noun(kind: SymbolKind): string {
  return NOUN[kind] ?? kind;
}

/** The decoded object that declares the symbol (the item holding its `key`), or the scalar for a plain-string item. */
export function declaringObject(model: PackModel, decl: SymbolEntry): unknown {
  const path = parseFieldPath(decl.field);
  if (!path) return undefined;
  if (typeof path[path.length - 1] === "string") path.pop();
  return valueAtField(model.bundle, path);
}

/** Cases (and the input sets holding them) whose `challenge_key` names this challenge. */
export function challengeUsage(model: PackModel, name: string): { cases: number; inputSets: number } {
  const byName = model.cache.get(USAGES, () => new Map());
  let use = byName.get(name);
  if (!use) {
    const refs = symbolIndex(model).occurrences("challenge", name, "").references;
    const sets = new Set(refs.map((r) => /^input_sets\[(\d+)\]/.exec(r.field)?.[1]).filter((s) => s !== undefined));
    byName.set(name, (use = { cases: refs.length, inputSets: sets.size }));
  }
  return use;
}

/** Usage counts by challenge: completion asks for them on every request. */
const USAGES = new CacheSlot<Map<string, { cases: number; inputSets: number }>>("challenge usages");

function scalar(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return undefined;
}

function fieldOf(obj: unknown, key: string): string | undefined {
  return obj && typeof obj === "object" && !Array.isArray(obj) ? scalar((obj as Record<string, unknown>)[key]) : undefined;
}

/** A one-line description for completion details: `title · difficulty` for a challenge, the kind of an input, … */
export function symbolSummary(model: PackModel, decl: SymbolEntry): string {
  const obj = declaringObject(model, decl);
  const parts = (keys: string[]) =>
    keys
      .map((k) => fieldOf(obj, k))
      .filter((v): v is string => !!v)
      .join(" · ");
  switch (decl.kind) {
    case "challenge":
      return parts(["title", "difficulty"]);
    case "input":
    case "expectation":
      return parts(["kind"]);
    case "asset":
      return parts(["path"]);
    case "input-set":
      return parts(["name"]);
    default:
      return parts(["type", "mode", "source", "collector"]);
  }
}

const PREVIEW_LIMIT = 200;
const INSTRUCTION_LINES = 3;

/** A value in one short line: scalars as they are, lists and mappings by their size and keys (never as JSON). */
function shown(v: unknown): string {
  if (Array.isArray(v)) {
    if (v.every((x) => typeof x !== "object" || x === null)) return code(v.map(String).join(", "));
    return `${v.length} item${v.length === 1 ? "" : "s"}`;
  }
  if (v && typeof v === "object") {
    const keys = Object.keys(v);
    return keys.length
      ? `${keys.length} setting${keys.length === 1 ? "" : "s"}: ${keys
          .slice(0, 6)
          .map((k) => `\`${k}\``)
          .join(", ")}${keys.length > 6 ? ", …" : ""}`
      : "empty";
  }
  return code(String(v));
}

function code(s: string): string {
  const one = s.length > PREVIEW_LIMIT ? s.slice(0, PREVIEW_LIMIT) + "…" : s;
  return "`" + one.replace(/`/g, "'").replace(/\s*\n\s*/g, " ⏎ ") + "`";
}

/** Markdown preview of a symbol's declaration, for hover and completion documentation. */
export function symbolPreview(model: PackModel, decl: SymbolEntry): string {
  const obj = declaringObject(model, decl);
  const head = `**${noun(decl.kind)}** \`${decl.name}\``;
  const lines: string[] = [];
  if (decl.kind === "case") return [head, ...caseLines(obj as Case)].join("  \n");
  if (decl.kind === "input-set") return [head, ...inputSetLines(obj as InputSet)].join("  \n");
  if (decl.kind === "payload") {
    const payload = valueAtField(model.bundle, parseFieldPath(decl.field) ?? []) as Record<string, unknown> | undefined;
    return [head, `value: ${shown(payload?.[decl.name])}`].join("  \n");
  }
  if (decl.kind === "challenge") {
    const use = challengeUsage(model, decl.name);
    for (const k of ["title", "category", "difficulty"]) lines.push(`${k}: ${code(fieldOf(obj, k) ?? "")}`);
    lines.push(`${use.cases} case${use.cases === 1 ? "" : "s"} in ${use.inputSets} input set${use.inputSets === 1 ? "" : "s"}`);
    const instructions = fieldOf(obj, "instructions")?.trim();
    if (instructions) {
      const all = instructions.split(/\r?\n/).filter((l) => l.trim());
      const first = all.slice(0, INSTRUCTION_LINES).map((l) => `> ${l.trim().length > PREVIEW_LIMIT ? l.trim().slice(0, PREVIEW_LIMIT) + "…" : l.trim()}`);
      return [head, ...lines].join("  \n") + "\n\ninstructions:\n\n" + first.join("  \n") + (all.length > INSTRUCTION_LINES ? "  \n> …" : "");
    }
  } else if (obj && typeof obj === "object" && !Array.isArray(obj)) {
    for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
      if (k === "key" || v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0)) continue;
      if (typeof v === "object" && !Array.isArray(v) && Object.keys(v as object).length === 0) continue;
      lines.push(`${k}: ${shown(v)}`);
      if (lines.length >= 6) break;
    }
  }
  return [head, ...lines].join("  \n");
}

/** An input set: its name, description, challenge, number of cases and intended use (from its key's suffix). */
function inputSetLines(set: InputSet | undefined): string[] {
  if (!set || typeof set !== "object") return [];
  const lines: string[] = [];
  if (set.name) lines.push(`name: ${code(set.name)}`);
  if (set.description?.trim()) lines.push(`description: ${code(set.description.trim())}`);
  const cases = Array.isArray(set.cases) ? set.cases : [];
  const challenges = [...new Set(cases.map((c) => c.challenge_key).filter((k) => k))];
  if (challenges.length === 1) lines.push(`challenge: \`${challenges[0]}\``);
  else if (challenges.length > 1) lines.push(`challenges: ${challenges.map((c) => `\`${c}\``).join(", ")} (an input set must keep to one)`);
  lines.push(`${cases.length} case${cases.length === 1 ? "" : "s"}${set.fromItems ? " (written as legacy items)" : ""}`);
  const intent = intentOf(set.key);
  lines.push(intent ? `intended use: ${intent} (${INTENTS[intent].purpose})` : "intended use: not stated (no -smoke, -ci, -full, -regression or -edge suffix)");
  return lines;
}

/** A case's identity, authoring style and stored shape (the reference's EffectiveKey, authoring style and StoredPayload). */
function caseLines(c: Case): string[] {
  const lines = [
    `effective key: \`${effectiveKey(c)}\`${c.case_key === "" ? " (from item_key)" : ""}`,
    `challenge: \`${c.challenge_key}\``,
    `authoring style: ${authoringStyle(c)}`,
  ];
  lines.push(
    isLegacyPayloadOnly(c)
      ? "stored as: the bare payload object"
      : `stored as: a case document (schema_version 1) with ${
          Object.keys(storedPayload(c))
            .filter((k) => k !== "schema_version" && k !== "case_key")
            .join(", ") || "no other fields"
        }`,
  );
  return lines;
}
