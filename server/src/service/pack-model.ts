import type { Document } from "yaml";
import { hintFor } from "./hints";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { Bundle } from "./model/bundle";
import { YamlDecoder, UnknownKey } from "./model/decode";
import { Locator } from "./model/locate";
import { normalize } from "./model/normalize";
import { ParsedYaml, parseYaml, rootAnchor } from "./model/parse";
import { DecodeCache } from "./model/decode-cache";
import type { SourceMap } from "./model/source";
import { limitFindings, MAX_CHECKED_LENGTH } from "./model/limits";
import { SymbolTable } from "./model/symbols";
import { collectSymbols } from "./model/collect-symbols";
import { Finding, RuleContext } from "./rules/context";
import { referenceRules } from "./rules";
import { advisoryRules } from "./advisories";
import type { PackDiagnostic, Range, Severity, Span } from "./types";

/**
 * One version of a challenge-pack document: its text, YAML AST, decoded bundle, sources,
 * symbols and findings. Built once per version; every feature reads it and none reparses.
 */
export interface PackModel {
  readonly kind: "challenge-pack";
  readonly text: string;
  readonly lines: TextDocument;
  readonly yaml: Document.Parsed | undefined;
  readonly extraDocuments: number;
  readonly bundle: Bundle;
  readonly sources: SourceMap;
  readonly at: Locator;
  readonly symbols: SymbolTable;
  readonly unknownKeys: readonly UnknownKey[];
  /** Every finding, before settings are applied. */
  readonly findings: readonly Finding[];
}

export function buildPackModel(text: string, uri = "untitled:pack.yaml"): PackModel {
  return assemblePackModel(text, TextDocument.create(uri, "yaml", 0, text), parseYaml(text), new DecodeCache());
}

/** The decode cache each model was built with: an incremental update of the model reuses it (incremental/update.ts). */
export const decodeCaches = new WeakMap<PackModel, DecodeCache>();

/**
 * Everything after the parse: decode, normalize, rules, advisories. Shared by buildPackModel and incremental
 * updates, which pass the parse they spliced and the cache of the version they update.
 */
export function assemblePackModel(text: string, lines: TextDocument, parsed: ParsedYaml, cache: DecodeCache): PackModel {
  const anchor = rootAnchor(parsed.doc, text);
  const sources = cache.sources;
  const at = new Locator(sources, anchor);
  const findings: Finding[] = [];

  if (text.trim() === "" || !parsed.doc || parsed.doc.contents === null && parsed.syntax.length === 0) {
    findings.push({ code: "bundle-empty", severity: "error", field: "bundle", message: "is required", span: anchor });
  }
  findings.push(...parseFindings(text, parsed, anchor));
  // An oversized document is only parsed: its findings are the syntax errors and the notice.
  const oversized = text.length > MAX_CHECKED_LENGTH;

  const decoder = new YamlDecoder((!oversized && parsed.doc) || emptyDocument(), text, sources, cache);
  const bundle = decoder.decodeRoot(anchor) as unknown as Bundle;
  for (const p of decoder.problems) {
    findings.push({ code: p.code, severity: "error", field: null, message: p.message, span: p.span, related: p.related, data: p.data });
  }
  normalize(bundle, sources, cache.reused);
  cache.reused.clear();

  const ctx = new RuleContext(bundle, sources, at, text);
  const decodeSpans = findings.map((f) => f.span);
  if (!oversized) for (const rule of referenceRules) rule(ctx);
  const model: PackModel = withLazySymbols({
    kind: "challenge-pack",
    text,
    lines,
    yaml: oversized ? undefined : parsed.doc,
    extraDocuments: parsed.extraDocuments.length,
    bundle,
    sources,
    at,
    unknownKeys: decoder.unknownKeys,
    findings,
  });
  // A value the decoder already rejected is not reported again by a validation rule. Rules report
  // decode-phase errors too (the evaluation_spec bridge): errors without a field.
  const isDecodeError = (f: Finding) => f.field === null && f.severity === "error";
  const allDecodeSpans = [...decodeSpans, ...ctx.findings.filter(isDecodeError).map((f) => f.span)];
  for (const f of ctx.findings) {
    const rejected = isDecodeError(f) ? decodeSpans : allDecodeSpans;
    if (!rejected.some((s) => overlaps(s, f.span))) findings.push(f);
  }
  const advice = new RuleContext(bundle, sources, at, text);
  if (!oversized) for (const rule of advisoryRules) rule(advice, model);
  findings.push(...advice.findings);
  decodeCaches.set(model, cache);
  return model;
}

/** Symbols are collected at first use: diagnostics never need them, features do. */
function withLazySymbols(fields: Omit<PackModel, "symbols">): PackModel {
  let table: SymbolTable | undefined;
  const model = fields as PackModel;
  return Object.defineProperty(model, "symbols", {
    enumerable: true,
    get(): SymbolTable {
      if (!table) {
        table = new SymbolTable();
        collectSymbols(model);
      }
      return table;
    },
  });
}

/** Syntax errors, then the findings of the parser's limits (a pruned collection, an oversized document). */
function parseFindings(text: string, parsed: ParsedYaml, anchor: Span): Finding[] {
  const syntax: Finding[] = parsed.syntax.map((s) => ({ code: "yaml-syntax", severity: "error", field: null, message: s.message, span: s.span, data: { yamlCode: s.yamlCode } }));
  return [...syntax, ...limitFindings(text, parsed, anchor)];
}

let empty: Document.Parsed | undefined;
function emptyDocument(): Document.Parsed {
  empty ??= parseYaml("{}\n").doc!;
  return empty;
}

function overlaps(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end || a.start === b.start;
}

export function toRange(lines: TextDocument, span: Span): Range {
  return { start: lines.positionAt(span.start), end: lines.positionAt(span.end) };
}

/** How the user has tuned rules: a severity per code, or "off". */
export interface RuleSettings {
  rules?: Record<string, Severity | "off">;
}

export function packDiagnostics(model: PackModel, settings: RuleSettings = {}): PackDiagnostic[] {
  const out: PackDiagnostic[] = [];
  for (const f of model.findings) {
    const override = settings.rules?.[f.code];
    if (override === "off") continue;
    const d: PackDiagnostic = {
      code: f.code,
      severity: override ?? f.severity,
      field: f.field,
      message: f.message,
      range: toRange(model.lines, f.span),
    };
    const hint = hintFor(model.bundle, f.code, f.field, f.message);
    if (hint) d.hint = hint;
    if (f.related) d.related = f.related.map((r) => ({ range: toRange(model.lines, r.span), message: r.message }));
    if (f.data) d.data = f.data;
    if (f.tags) d.tags = f.tags;
    out.push(d);
  }
  return out.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
