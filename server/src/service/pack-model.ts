import type { Document } from "yaml";
import { hintFor } from "./hints";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { Bundle } from "./model/bundle";
import { YamlDecoder } from "./model/decode";
import { Locator } from "./model/locate";
import { normalize } from "./model/normalize";
import { limitFindings, ParsedYaml, parseYaml, rootAnchor, type SyntaxProblem } from "./yaml/parse";
import { syntaxCauses } from "./yaml/syntax-causes";
import { BrokenParts } from "./model/broken-parts";
import { ignoredText } from "./yaml/ignored-text";
import { DecodeCache } from "./model/decode-cache";
import { CacheSlot, ModelCache } from "./model/model-cache";
import type { ReaderScan } from "./yaml/reference-reader";
import { MAX_CHECKED_LENGTH, MAX_SYNTAX_ERRORS } from "./yaml/limits";
import { syntaxErrorFindings } from "./yaml/syntax-findings";
import { SymbolTable } from "./model/symbols";
import { SpanIndex } from "./model/span-index";
import { pushAll } from "./util/arrays";
import { pausePoint } from "./util/pause-points";
import { packKeySymbols } from "./model/collect-symbols";
import type { PackModel, SymbolCollector } from "./model/pack-model-type";
import { RuleContext } from "./rules/context";
import { evaluationSpecSymbols } from "./rules/evaluation-spec/symbols";
import { referenceRules } from "./rules";
import { advisoryRules } from "./advisories";
import { capFindings, documentDiagnostics, toRange, type RuleSettings } from "./diagnostics";
import type { Finding, PackDiagnostic, Span } from "./types";

export { toRange };
export type { RuleSettings };

export type { PackModel } from "./model/pack-model-type";

/** Symbol collectors of every area; features read only the resulting table. */
const symbolCollectors: SymbolCollector[] = [packKeySymbols, evaluationSpecSymbols];

export function buildPackModel(text: string, uri = "untitled:pack.yaml"): PackModel {
  return assemblePackModel(text, TextDocument.create(uri, "yaml", 0, text), parseYaml(text), new DecodeCache());
}

/** The decode cache a model was built with: an incremental update of the model reuses it (incremental/update.ts). */
export const DECODE_CACHE = new CacheSlot<DecodeCache>("decode cache");

/** The reference reader's scan of a model's text: an incremental update rescans from it (incremental/update.ts). */
export const READER_SCAN = new CacheSlot<ReaderScan>("reader scan");

/**
 * Everything after the parse: decode, normalize, rules, advisories. Shared by buildPackModel and incremental
 * updates, which pass the parse they spliced and the cache of the version they update.
 */
export function assemblePackModel(text: string, lines: TextDocument, parsed: ParsedYaml, cache: DecodeCache): PackModel {
  const anchor = rootAnchor(parsed.doc, text);
  const sources = cache.sources;
  const at = new Locator(sources, anchor);
  const findings: Finding[] = [];

  if (text.trim() === "" || !parsed.doc || (parsed.doc.contents === null && parsed.syntax.length === 0)) {
    findings.push({ code: "bundle-empty", severity: "error", field: "bundle", message: "is required", span: anchor });
  }
  const causes = syntaxCauses(text, parsed.doc, parsed.syntax);
  pushAll(findings, parseFindings(text, causes.problems, parsed, anchor));
  pushAll(findings, ignoredText(text, parsed.reader.end));
  // An oversized document is only parsed: its findings are the syntax errors and the notice.
  const oversized = text.length > MAX_CHECKED_LENGTH;

  pausePoint();
  const decoder = new YamlDecoder((!oversized && parsed.doc) || emptyDocument(), text, sources, cache);
  const bundle = decoder.decodeRoot(anchor) as unknown as Bundle;
  // Checks say nothing about the parts of the text that did not parse (broken-parts.ts).
  const broken = new BrokenParts(causes.broken, bundle, sources);
  for (const p of decoder.problems) {
    const f: Finding = {
      code: p.code,
      severity: "error",
      field: null,
      message: p.message,
      span: p.span,
      related: p.related,
      data: p.data,
      ...(p.text && { text: p.text }),
    };
    if (broken.keeps(f)) findings.push(f);
  }
  normalize(bundle, sources, cache.reused);
  cache.reused.clear();

  const modelCache = new ModelCache();
  modelCache.set(DECODE_CACHE, cache);
  modelCache.set(READER_SCAN, parsed.reader);
  const ctx = new RuleContext(bundle, sources, at, text, modelCache);
  const decodeSpans = new SpanIndex(findings.map((f) => f.span));
  if (!oversized)
    for (const rule of referenceRules) {
      pausePoint();
      rule(ctx);
    }
  const model: PackModel = withLazySymbols({
    kind: "challenge-pack",
    text,
    lines,
    yaml: oversized ? undefined : parsed.doc,
    readingEnd: parsed.reader.end,
    syntax: parsed.syntax,
    broken: causes.broken,
    bundle,
    sources,
    at,
    unknownKeys: decoder.unknownKeys,
    findings,
    cache: modelCache,
  });
  // A value the decoder already rejected is not reported again by a validation rule. Rules report
  // decode-phase errors too (the evaluation_spec bridge): errors without a field.
  const isDecodeError = (f: Finding) => f.field === null && f.severity === "error";
  const ruleDecodeSpans = new SpanIndex(ctx.findings.filter(isDecodeError).map((f) => f.span));
  for (const f of ctx.findings) {
    if (decodeSpans.overlapsAny(f.span)) continue;
    if (!isDecodeError(f) && ruleDecodeSpans.overlapsAny(f.span)) continue;
    if (broken.keeps(f)) findings.push(f);
  }
  const advice = new RuleContext(bundle, sources, at, text, modelCache);
  if (!oversized)
    for (const rule of advisoryRules) {
      pausePoint();
      rule(advice, model);
    }
  pushAll(
    findings,
    advice.findings.filter((f) => broken.keeps(f)),
  );
  capFindings(findings);
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
        for (const collect of symbolCollectors) collect(model);
      }
      return table;
    },
  });
}

export { MAX_SYNTAX_ERRORS };

/** Syntax errors (their causes), then the findings of the parser's limits (a pruned collection, an oversized document). */
function parseFindings(text: string, problems: readonly SyntaxProblem[], parsed: ParsedYaml, anchor: Span): Finding[] {
  return [...syntaxErrorFindings(problems), ...limitFindings(text, parsed, anchor)];
}

let empty: Document.Parsed | undefined;
function emptyDocument(): Document.Parsed {
  empty ??= parseYaml("{}\n").doc!;
  return empty;
}

/** The pack's diagnostics (documentDiagnostics), each with its hint. */
export function packDiagnostics(model: PackModel, settings: RuleSettings = {}): PackDiagnostic[] {
  const out = documentDiagnostics(model, settings);
  for (const d of out) {
    const hint = hintFor(model.bundle, d.code, d.field, d.message);
    if (hint) d.hint = hint;
  }
  return out;
}
