import type { Advisory, RuleContext } from "../rules/context";
import type { AnyMap } from "../model/bundle";
import { writtenPayload } from "../model/case-payload";
import { isLegacyPayloadOnly } from "../model/case-info";
import { goAtoi } from "../rules/evaluation-spec/evidence";
import { caseEvidencePaths, segmentSpan, type CaseEvidencePath } from "../rules/evaluation-spec/evidence-paths";
import { isObj } from "../rules/evaluation-spec/read";
import { closest } from "../util/did-you-mean";
import { marshalFailures } from "../rules/marshal-failures";
import { goQuote } from "../util/go-quote";

export const EVIDENCE_KEY_UNDECLARED = "evidence-key-undeclared";

/**
 * The reference checks only the form of an evidence path; when the pack is scored, a key no case declares makes
 * the validator or judge "unavailable" (`resolveCaseEvidence`, runtime/scoring/engine_resolution.go). The spec
 * applies to every case of the pack, so a key is missing when no case declares it. `case.payload.<f>` is walked
 * as the scorer walks it (fields of maps, indexes of lists), and only where every case writes a payload map whose
 * scored form is surely that map: a case without one may be filled elsewhere.
 */
export const evidenceKeyAdvisory: Advisory = (ctx) => {
  const cases = ctx.bundle.input_sets.flatMap((s) => s.cases);
  if (cases.length === 0) return;
  const paths = caseEvidencePaths(ctx.bundle.version.evaluation_spec, ctx.at, ctx.text).filter((p) => p.used);
  if (paths.length === 0) return;
  const keys = {
    input: new Set(cases.flatMap((c) => c.inputs.map((i) => i.key))),
    expectation: new Set(cases.flatMap((c) => c.expectations.map((e) => e.key))),
  };
  const payloadPaths = paths.filter((p) => p.kind === "payload");
  const payloads = payloadPaths.length > 0 ? scoredPayloads(ctx) : undefined;
  if (payloads) for (const p of payloadPaths) checkPayloadPath(ctx, p, payloads);
  for (const p of paths) {
    if (p.kind === "payload") continue;
    const declared = keys[p.kind];
    if (declared.has(p.name)) continue;
    advise(ctx, p, p.name, p.nameSpan, closest(p.name, declared), { kind: p.kind, name: p.name });
  }
};

/**
 * The payload of every case, as the scorer reads it; undefined when some case's is not surely its written map:
 * no payload map written, a payload JSON cannot encode (the pack is not stored), or a legacy case's payload with
 * a `schema_version` (stored bare, it would be read back as a case document).
 */
function scoredPayloads(ctx: RuleContext): AnyMap[] | undefined {
  const out: AnyMap[] = [];
  for (const set of ctx.bundle.input_sets) {
    for (let j = 0; j < set.cases.length; j++) {
      const payload = writtenPayload(set, j, ctx.sources);
      if (!payload || !marshalFailures(payload, ctx.sources, ctx.at).next().done) return undefined;
      if (isLegacyPayloadOnly(set.cases[j]) && Object.hasOwn(payload, "schema_version")) return undefined;
      out.push(payload);
    }
  }
  return out;
}

/** Warns when no case's payload resolves the path, at the segment where the walks that went furthest stopped. */
function checkPayloadPath(ctx: RuleContext, p: CaseEvidencePath, payloads: AnyMap[]): void {
  let depth = -1;
  const fields = new Set<string>();
  for (const payload of payloads) {
    const stop = walk(payload, p.segments);
    if (!stop) return;
    if (stop.depth > depth) {
      depth = stop.depth;
      fields.clear();
    }
    if (stop.depth === depth && isObj(stop.at)) for (const k of Object.keys(stop.at)) fields.add(k);
  }
  const within = p.segments.slice(0, depth);
  const suggestions = closest(p.segments[depth], fields).map((f) => [...within, f].join("."));
  const missing = [...within, p.segments[depth]].join(".");
  // Only a missing field of the payload itself is a payload key: the quick fix and rename know those.
  const data = depth === 0 ? { kind: p.kind, name: p.name } : { path: missing };
  advise(ctx, p, missing, segmentSpan(ctx.text, p, depth), suggestions, data);
}

/**
 * The scorer's walk (`walkEvidenceValue`): a map by key, a list by a Go integer index; undefined when the path
 * resolves, else the depth of the segment it stopped at and the value it could not go into.
 */
function walk(payload: AnyMap, segments: string[]): { depth: number; at: unknown } | undefined {
  let current: unknown = payload;
  for (let depth = 0; depth < segments.length; depth++) {
    const segment = segments[depth];
    if (isObj(current) && Object.hasOwn(current, segment)) current = current[segment];
    else if (Array.isArray(current) && isIndex(segment, current.length)) current = current[Number(goAtoi(segment))];
    else return { depth, at: current };
  }
  return undefined;
}

function isIndex(segment: string, length: number): boolean {
  const i = goAtoi(segment);
  return i !== undefined && i >= 0n && i < BigInt(length);
}

const WHAT: Record<CaseEvidencePath["kind"], (name: string) => string> = {
  input: (name) => `No case declares the input ${goQuote(name)}`,
  expectation: (name) => `No case declares the expectation ${goQuote(name)}`,
  payload: (name) => (name.includes(".") ? `No case's payload has a value at ${goQuote(name)}` : `No case's payload has the field ${goQuote(name)}`),
};

function advise(
  ctx: RuleContext,
  p: CaseEvidencePath,
  missing: string,
  span: CaseEvidencePath["nameSpan"],
  suggestions: string[],
  data: Record<string, unknown>,
): void {
  const guess = suggestions.length === 0 ? "" : ` Did you mean ${goQuote(suggestions[0])}?`;
  const message = `${WHAT[p.kind](missing)} that \`${p.path}\` reads: when the pack is scored, this ${p.reader}'s evidence is unavailable.${guess}`;
  ctx.advise(EVIDENCE_KEY_UNDECLARED, "warning", p.field, span ?? p.value, message, { data: { ...data, suggestions } });
}
