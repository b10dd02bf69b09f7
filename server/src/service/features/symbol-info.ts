import type { PackModel } from "../pack-model";
import type { SymbolEntry, SymbolKind } from "../model/symbols";
import { parseFieldPath, valueAtField } from "../model/paths";
import { symbolIndex } from "./symbol-index";
import type { Case } from "../model/bundle";
import { authoringStyle, effectiveKey, isLegacyPayloadOnly, storedPayload } from "../model/case-info";

/** What the features say about a declared symbol: its object, a one-line summary, a Markdown preview. */

const NOUN: Partial<Record<SymbolKind, string>> = {
  challenge: "challenge",
  "input-set": "input set",
  case: "case",
  input: "case input",
  expectation: "expectation",
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
  const refs = symbolIndex(model).occurrences("challenge", name, "").references;
  const sets = new Set(refs.map((r) => /^input_sets\[(\d+)\]/.exec(r.field)?.[1]).filter((s) => s !== undefined));
  return { cases: refs.length, inputSets: sets.size };
}

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
  const parts = (keys: string[]) => keys.map((k) => fieldOf(obj, k)).filter((v): v is string => !!v).join(" · ");
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

function shown(v: unknown): string {
  const s = typeof v === "string" ? v : JSON.stringify(v);
  const one = s.length > PREVIEW_LIMIT ? s.slice(0, PREVIEW_LIMIT) + "…" : s;
  return "`" + one.replace(/`/g, "'").replace(/\s*\n\s*/g, " ⏎ ") + "`";
}

/** Markdown preview of a symbol's declaration, for hover and completion documentation. */
export function symbolPreview(model: PackModel, decl: SymbolEntry): string {
  const obj = declaringObject(model, decl);
  const head = `**${noun(decl.kind)}** \`${decl.name}\``;
  const lines: string[] = [];
  if (decl.kind === "case") return [head, ...caseLines(obj as Case)].join("  \n");
  if (decl.kind === "challenge") {
    const use = challengeUsage(model, decl.name);
    for (const k of ["title", "category", "difficulty"]) lines.push(`${k}: ${shown(fieldOf(obj, k) ?? "")}`);
    lines.push(`${use.cases} case${use.cases === 1 ? "" : "s"} in ${use.inputSets} input set${use.inputSets === 1 ? "" : "s"}`);
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

/** A case's identity, authoring style and stored shape, as the seed describes them. */
function caseLines(c: Case): string[] {
  const lines = [`effective key: \`${effectiveKey(c)}\`${c.case_key === "" ? " (from item_key)" : ""}`, `challenge: \`${c.challenge_key}\``, `authoring style: ${authoringStyle(c)}`];
  lines.push(
    isLegacyPayloadOnly(c)
      ? "stored as: the bare payload object"
      : `stored as: a case document (schema_version 1) with ${Object.keys(storedPayload(c)).filter((k) => k !== "schema_version" && k !== "case_key").join(", ") || "no other fields"}`,
  );
  return lines;
}
