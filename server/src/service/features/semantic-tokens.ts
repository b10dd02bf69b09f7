import type { SemanticTokens, SemanticTokensLegend } from "vscode-languageserver-types";
import type { PackModel } from "../pack-model";
import type { SymbolKind } from "../model/symbols";
import type { Range, Span } from "../types";
import { list, obj, str } from "../rules/evaluation-spec/read";
import { isExactEvidenceReference } from "../rules/evaluation-spec/evidence";

/**
 * Semantic tokens: what the TextMate grammar cannot know. Declarations and references of every key graph
 * (with the `declaration` modifier on declarations), the `input:`/`artifact:` prefixes of a `source`, the parts
 * of evidence references, and unknown keys. Standard types are chosen for the scopes VS Code's default themes
 * colour in dark and light alike (a plain YAML value is blue in Light+, so prefixes are `keyword`, which maps to
 * purple `keyword.control`); `unknownKey` is our own, mapped to `invalid` in the extension's package.json.
 */
export const TOKEN_TYPES = [
  "class",
  "namespace",
  "enumMember",
  "parameter",
  "property",
  "variable",
  "function",
  "method",
  "event",
  "type",
  "keyword",
  "number",
  "unknownKey",
] as const;
export const TOKEN_MODIFIERS = ["declaration", "readonly", "defaultLibrary"] as const;

export type TokenType = (typeof TOKEN_TYPES)[number];
export type TokenModifier = (typeof TOKEN_MODIFIERS)[number];

export const SEMANTIC_TOKENS_LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

/**
 * How each kind of key is shown. Payload fields are not: they are mapping keys, which the grammar colours as keys,
 * and the field an evidence path reads is shown with the path (EVIDENCE_PREFIXES).
 */
export const SYMBOL_TOKENS: Readonly<Partial<Record<SymbolKind, { type: TokenType; modifiers?: TokenModifier[] }>>> = {
  challenge: { type: "class" },
  "input-set": { type: "namespace" },
  case: { type: "enumMember" },
  input: { type: "parameter" },
  expectation: { type: "property" },
  asset: { type: "variable", modifiers: ["readonly"] },
  validator: { type: "function" },
  metric: { type: "event" },
  judge: { type: "method" },
  dimension: { type: "type" },
  check: { type: "function" },
};

export interface SemanticToken {
  span: Span;
  type: TokenType;
  modifiers: TokenModifier[];
}

/** `tool_calls`, the target a tool_call_assertion reads, is fixed too, though outside the evidence grammar. */
const isFixedEvidence = (ref: string) => ref === "tool_calls" || isExactEvidenceReference(ref);

/** Evidence references with a prefix, and how the name after it is shown (undefined: it is a key of the symbol table or a literal). */
const EVIDENCE_PREFIXES: readonly [RegExp, SemanticToken["type"] | undefined, TokenModifier[]?][] = [
  [/^case\.inputs\./, "parameter"],
  [/^case\.expectations\./, "property"],
  [/^case\.payload\./, "property"],
  [/^artifact\./, "variable", ["readonly"]],
  [/^file:/, undefined],
  [/^literal:/, undefined],
  [/^transcript\.last_n:/, "number"],
];

/** The tokens of a pack, in text order, none overlapping another, each on one line. */
export function semanticTokenList(model: PackModel): SemanticToken[] {
  const { text, at, symbols } = model;
  const out: SemanticToken[] = [];
  const add = (span: Span, type: TokenType, modifiers: TokenModifier[] = []) => {
    if (span.end > span.start) out.push({ span, type, modifiers });
  };
  for (const d of symbols.declarations) {
    const t = SYMBOL_TOKENS[d.kind];
    if (t) add(d.span, t.type, [...(t.modifiers ?? []), "declaration"]);
  }
  for (const r of symbols.references) {
    const t = SYMBOL_TOKENS[r.kind];
    if (t) add(r.span, t.type, t.modifiers);
  }

  /** The span of `part` as written inside `value` (after quotes and spaces), if it is there. */
  const within = (value: Span, part: string): Span | undefined => {
    const i = text.slice(value.start, value.end).indexOf(part);
    return i < 0 ? undefined : { start: value.start + i, end: value.start + i + part.length };
  };

  for (const set of model.bundle.input_sets) {
    for (const c of set.cases) {
      for (const e of c.expectations) {
        const prefix = /^(input|artifact):/.exec(e.source)?.[0];
        const span = prefix && at.has(e, "source") && within(at.value(e, "source"), prefix);
        if (span) add(span, "keyword");
      }
    }
  }

  const evidence = (value: unknown, written: Span) => {
    const ref = str(value).trim();
    const whole = ref === "" ? undefined : within(written, ref);
    if (!whole) return;
    if (isFixedEvidence(ref)) return add(whole, "enumMember", ["defaultLibrary"]);
    for (const [pattern, rest, modifiers] of EVIDENCE_PREFIXES) {
      const m = pattern.exec(ref);
      if (!m) continue;
      add({ start: whole.start, end: whole.start + m[0].length }, "keyword");
      if (rest) add({ start: whole.start + m[0].length, end: whole.end }, rest, modifiers);
      return;
    }
  };
  /** The evidence reference (or list of them: `context_from`) of `owner.key`. */
  const evidenceOf = (owner: unknown, key: string) => {
    const o = obj(owner);
    if (!o || !at.has(o, key)) return;
    const value = o[key];
    if (Array.isArray(value)) value.forEach((v, i) => evidence(v, at.item(value, i)));
    else evidence(value, at.value(o, key));
  };
  const spec = obj(model.bundle.version.evaluation_spec);
  for (const v of list(spec?.validators)) {
    evidenceOf(v, "target");
    evidenceOf(v, "expected_from");
  }
  for (const j of list(spec?.llm_judges)) {
    evidenceOf(j, "reference_from");
    evidenceOf(j, "context_from");
  }

  for (const u of model.unknownKeys) add(u.span, "unknownKey");

  out.sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end);
  const kept: SemanticToken[] = [];
  let end = -1;
  for (const t of out) {
    if (t.span.start < end || /[\r\n]/.test(text.slice(t.span.start, t.span.end))) continue;
    kept.push(t);
    end = t.span.end;
  }
  return kept;
}

/** The tokens encoded as LSP sends them (relative positions, type and modifier bits); with `range`, those on its lines. */
export function semanticTokens(model: PackModel, range?: Range): SemanticTokens {
  return { data: encodeTokens(model, semanticTokenList(model), range) };
}

export function encodeTokens(model: Pick<PackModel, "lines">, tokens: readonly SemanticToken[], range?: Range): number[] {
  const data: number[] = [];
  let line = 0;
  let char = 0;
  for (const t of tokens) {
    const start = model.lines.positionAt(t.span.start);
    if (range && (start.line < range.start.line || start.line > range.end.line)) continue;
    const modifiers = t.modifiers.reduce((bits, m) => bits | (1 << TOKEN_MODIFIERS.indexOf(m)), 0);
    data.push(
      start.line - line,
      start.line === line ? start.character - char : start.character,
      t.span.end - t.span.start,
      TOKEN_TYPES.indexOf(t.type),
      modifiers,
    );
    line = start.line;
    char = start.character;
  }
  return data;
}
