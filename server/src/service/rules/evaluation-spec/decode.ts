import type { RuleContext } from "../context";
import type { Span } from "../../types";
import { marshalFailures } from "../marshal-failures";
import { goQuote } from "../../util/go-quote";
import type { EvalSpec } from "./spec";
import { CaseVariant, StrictDecoder } from "./strict-json";

const DECODE_PREFIX = "decode evaluation spec from yaml: decode evaluation spec: ";
const MARSHAL_PREFIX = "marshal yaml evaluation spec: ";

const ISSUE_CODES = {
  "unknown-field": "eval-spec-unknown-field",
  "type-mismatch": "eval-spec-type-mismatch",
  "dimension-shape": "eval-spec-dimension-shape",
} as const;

/**
 * The reference's evaluation_spec bridge (`ParseYAML`, runtime/challengepack/bundle.go): the YAML map is JSON-encoded, then strictly
 * decoded. Every problem is reported (the reference stops at the first), each at its own range, as a
 * decode-phase error (field null). The returned spec is the same data, decoded in place: canonical key
 * names, rejected values removed, null list elements turned into zero values.
 */
export function decodeEvaluationSpec(ctx: RuleContext): EvalSpec {
  const version = ctx.bundle.version;
  const raw = version.evaluation_spec;
  if (!raw || typeof raw !== "object") {
    // Absent or null: the spec is all zero values; "missing" findings point at `evaluation_spec:` or `version:`.
    const anchor = ctx.at.key(version, "evaluation_spec");
    const spec = {};
    ctx.sources.set(spec, { node: null, anchor, extent: anchor, keys: new Map(), items: [], writtenIndex: [] });
    return spec;
  }
  if (Object.keys(raw).length === 0) return raw as EvalSpec; // `{}`: the reference skips the bridge

  const nonStringKeys = checkMarshal(ctx, raw);
  const decoder = new StrictDecoder(ctx.sources, ctx.at, (obj, key) => {
    const at = nonStringKeys.get(obj);
    return at !== undefined && ctx.sources.get(obj)?.keys.get(key)?.key.start === at.start;
  });
  const anchor = ctx.at.key(version, "evaluation_spec");
  const spec = decoder.decodeRoot(raw, "version.evaluation_spec", "scoring.EvaluationSpec", ctx.at.extent(raw), anchor, "version.evaluation_spec") ?? {};
  for (const issue of decoder.issues) {
    ctx.decodeError(ISSUE_CODES[issue.kind], issue.span, DECODE_PREFIX + issue.error, issue.data, issue.text);
  }
  reportCaseVariants(ctx, decoder.caseVariants);
  return spec as EvalSpec;
}

/**
 * JSON encoding fails on a map with a non-string key and on NaN/±Inf. Reports each such place; returns the
 * maps whose first non-string key the decoder must skip.
 */
function checkMarshal(ctx: RuleContext, root: Record<string, unknown>): Map<object, Span> {
  const nonStringKeys = new Map<object, Span>();
  for (const f of marshalFailures(root, ctx.sources, ctx.at)) {
    if (f.map) nonStringKeys.set(f.map, f.span);
    const text = f.map
      ? "version.evaluation_spec: a mapping inside the evaluation spec may only have text keys (quote this key)"
      : `version.evaluation_spec: ${f.value} is not a number the evaluation spec can hold (it is read as JSON)`;
    ctx.decodeError("eval-spec-marshal-error", f.span, MARSHAL_PREFIX + f.message, f.value === undefined ? undefined : { value: f.value }, text);
  }
  return nonStringKeys;
}

/**
 * A key matched only case-insensitively (the reference decodes evaluation_spec with encoding/json, which folds case, in
 * `ParseYAML`, `runtime/challengepack/bundle.go`) is accepted, with a warning naming the catalog's key.
 */
export function reportCaseVariants(ctx: RuleContext, variants: readonly CaseVariant[]): void {
  for (const v of variants) {
    ctx.advise(
      "eval-spec-key-case",
      "warning",
      null,
      v.span,
      `Key ${goQuote(v.written)} is read as ${goQuote(v.canonical)} (keys here match regardless of case); write ${goQuote(v.canonical)}.`,
      { data: { key: v.written, canonical: v.canonical, entry: v.entry } },
    );
  }
}
