import type { PackModel } from "../pack-model";
import { toRange } from "../pack-model";
import type { Position } from "../types";
import { cursorContext } from "../yaml/cursor";
import { decodedAt } from "../model/paths";
import type { MarkupContent } from "vscode-languageserver-types";
import type { Hover } from "../types";
import { closedEnumOf, fieldRules, lookupKey, referenceOf, shapeAt } from "../schema/keys";
import { VALUE_DOCS } from "../schema/key-docs";
import { keyDoc } from "../docs/key-reference";
import { authorMessage } from "../docs/author-text";
import { evidenceReads } from "./evidence-docs";
import { noun, symbolPreview } from "./symbol-info";
import { symbolIndex } from "./symbol-index";
import { EVERY_CASE, type SymbolEntry, type SymbolKind } from "../model/symbols";

/**
 * Hover: on a reference or a declared key, a preview of what it names (a challenge, input, artifact …); on a value of
 * a closed set, that value (what it means, the other values), then its key's documentation; on a key (or any other
 * value), the key's documentation.
 */
export function hover(model: PackModel, position: Position): Hover | null {
  const offset = model.lines.offsetAt(position);
  const index = symbolIndex(model);
  const atOffset = index.at(offset);
  // A payload field's own key is free-form data with its value beside it: nothing to preview there.
  // On the `input:` or `artifact:` of a source, what its name refers to.
  const sym = atOffset?.kind === "payload" && atOffset.scope !== EVERY_CASE ? undefined : (atOffset ?? sourceNameAt(model, offset));
  if (sym) {
    const decls = index.occurrences(sym.kind, sym.name, sym.scope).declarations;
    let value = decls[0] ? symbolPreview(model, decls[0]) : `**${noun(sym.kind)}** \`${sym.name}\` is not declared`;
    if (sym.scope === EVERY_CASE) value = evidenceHover(model, sym, decls.length) + value;
    return { contents: { kind: "markdown", value }, range: toRange(model.lines, sym.span) };
  }
  const c = cursorContext(model.yaml, model.text, offset);
  if (c.role === "none" || c.span.start === c.span.end) return null;
  const valueAt = (p: (string | number)[]) => decodedAt(model.bundle, model.sources, p)?.value;
  let path = c.path;
  let key = c.key;
  if (c.role === "item") {
    key = typeof path[path.length - 1] === "string" ? (path[path.length - 1] as string) : undefined;
    path = path.slice(0, -1);
  }
  const shape = shapeAt(path, valueAt);
  if (!key || shape?.kind !== "object") return null;
  const found = lookupKey(shape.entry, key);
  if (!found) return null;
  const docs = keyDocumentation(shape.entry, found.name);
  const written = model.text.slice(c.span.start, c.span.end).replace(/^["']|["']$/g, "");
  const member = c.role === "value" ? valueDocumentation(shape.entry, found.name, written) : undefined;
  if (member) return { contents: { kind: "markdown", value: `${member}\n\n---\n\n${docs.value}` }, range: toRange(model.lines, c.span) };
  if (c.role !== "key" && referenceOf(shape.entry, found.name)?.kind === "evidence") {
    const ref = model.text.slice(c.span.start, c.span.end).replace(/^["']|["']$/g, "");
    const reads = evidenceReads(ref);
    if (reads) docs.value = `**evidence** \`${ref}\` reads ${reads}.\n\n---\n\n${docs.value}`;
  }
  return { contents: docs, range: toRange(model.lines, c.span) };
}

const EVIDENCE_PREFIX: Partial<Record<SymbolKind, string>> = { input: "case.inputs.", expectation: "case.expectations.", payload: "case.payload." };

/** What an evidence path reads, and in how many cases it is there. */
function evidenceHover(model: PackModel, sym: SymbolEntry, declaring: number): string {
  const path = `${EVIDENCE_PREFIX[sym.kind]}${sym.name}`;
  const all = model.bundle.input_sets.flatMap((set) => set.cases);
  const of = `of ${all.length} case${all.length === 1 ? "" : "s"}`;
  let there = `${declaring} ${of} declare${declaring === 1 ? "s" : ""} it`;
  if (sym.kind === "payload") {
    // Counted by case, not by declaration: an aliased payload's key is declared once for the cases sharing it.
    const having = all.filter((c) => c.payload && Object.hasOwn(c.payload, sym.name)).length;
    there = `${having} ${of} ${having === 1 ? "has" : "have"} it in the payload`;
  }
  return `**evidence** \`${path}\` reads ${evidenceReads(path)}; ${there}.\n\n---\n\n`;
}

/** The symbol named by the `input:<key>` or `artifact:<key>` whose prefix is at `offset`. */
function sourceNameAt(model: PackModel, offset: number): SymbolEntry | undefined {
  const text = model.text;
  let start = offset;
  while (start > 0 && /[a-z:]/.test(text[start - 1])) start--;
  const prefix = /^(input|artifact):/.exec(text.slice(start, start + 9));
  if (!prefix || offset >= start + prefix[0].length) return undefined;
  return symbolIndex(model).at(start + prefix[0].length);
}

/** The documentation of a value of a closed set: what it means where it is written, or that it is none of the set. */
function valueDocumentation(entry: string, key: string, value: string): string | undefined {
  const values = closedEnumOf(entry, key);
  if (!values || value === "") return undefined;
  const list = (vs: string[]) => vs.map((v) => `\`${v}\``).join(" · ");
  if (!values.includes(value)) return `**\`${value}\`** is not a value of \`${key}\`: write one of ${list(values)}.`;
  const meaning = VALUE_DOCS[`${entry}#${key}`]?.[value];
  const others = values.filter((v) => v !== value);
  const shown = others.length > MAX_OTHER_VALUES ? `${list(others.slice(0, MAX_OTHER_VALUES))} · …` : list(others);
  return [`**\`${value}\`** · a value of \`${key}\``, meaning, others.length ? `Other values: ${shown}` : undefined].filter(Boolean).join("\n\n");
}

const MAX_CHECKS = 6;
const MAX_OTHER_VALUES = 8;

/** Markdown documentation of a key (docs/keys.md's entry): purpose, type, whether required, allowed values, checks. */
export function keyDocumentation(entry: string, key: string): MarkupContent {
  const doc = keyDoc(entry, key);
  if (!doc) return { kind: "markdown", value: `**\`${key}\`**` };
  const parts: string[] = [`**\`${key}\`** · ${doc.type} · ${doc.required ? "required" : "optional"}`, doc.purpose];
  if (doc.values) parts.push(`Allowed values: ${doc.values.map((v) => `\`${v}\``).join(" · ")}${doc.valuesNote ? ` (${doc.valuesNote})` : ""}`);
  const checks = [
    ...new Set(
      fieldRules(entry, key)
        .map((r) => authorMessage(r.message))
        .filter((m) => m && m !== "…"),
    ),
  ].slice(0, MAX_CHECKS);
  if (checks.length) parts.push(["Checks:", ...checks.map((m) => `- ${m}`)].join("\n"));
  return { kind: "markdown", value: parts.join("\n\n") };
}
