import { enumValues } from "../../catalog";
import type { Locator } from "../../model/locate";
import type { Span } from "../../types";
import { isSupportedEvidenceReference } from "./evidence";
import { isObj, list, obj, SPEC, str } from "./read";

/** What a case evidence path reads: a case input, an expectation, or a field of the case's payload. */
export type CaseEvidenceKind = "input" | "expectation" | "payload";

const PREFIXES: readonly [string, CaseEvidenceKind][] = [
  ["case.inputs.", "input"],
  ["case.expectations.", "expectation"],
  ["case.payload.", "payload"],
];

/** One `case.inputs.<k>` / `case.expectations.<k>` / `case.payload.<f>` written in the evaluation_spec. */
export interface CaseEvidencePath {
  kind: CaseEvidenceKind;
  /** The key read: the first segment after the prefix, as the scorer splits it (`resolveCaseEvidence`). */
  name: string;
  /** Every segment after the prefix, as the scorer splits it (the first is `name`; the rest are walked into its value). */
  segments: string[];
  /** The prefix the path starts with (`case.payload.`). */
  prefix: string;
  /** The whole path as the scorer reads it. */
  path: string;
  /** Field path of the value (`version.evaluation_spec.validators[0].expected_from`). */
  field: string;
  /** Where the value was written. */
  value: Span;
  /** Where the key read is written inside the value; undefined when the text does not spell it out (escapes). */
  nameSpan?: Span;
  /** What reads it: a validator or a judge, and how it is used. */
  reader: "validator" | "judge";
  /** False where the scorer may not read the value (expected_from of a type that does not require it, reference_from outside reference mode, a tool_call_assertion target). */
  used: boolean;
}

/**
 * Every case evidence path of the (decoded, normalized) evaluation_spec: validators' `target` and `expected_from`,
 * judges' `reference_from` and `context_from[]` (`resolveEvidenceValue`, runtime/scoring/engine_resolution.go).
 * Only supported references are listed; an unsupported one is already an error of its own.
 */
export function caseEvidencePaths(spec: unknown, at: Locator, text: string): CaseEvidencePath[] {
  const s = obj(spec);
  if (!s) return [];
  // Types that do not require expected_from may ignore it when they score: only a required one is surely read.
  const optional = enumValues("validator_types_not_requiring_expected_from");
  const out: CaseEvidencePath[] = [];
  const add = (value: unknown, span: Span, field: string, reader: CaseEvidencePath["reader"], used: boolean) => {
    if (typeof value !== "string" || !isSupportedEvidenceReference(value)) return;
    const found = PREFIXES.find(([p]) => value.startsWith(p));
    if (!found) return;
    const [prefix, kind] = found;
    const segments = value.slice(prefix.length).split(".");
    const path = { kind, name: segments[0], segments, prefix, path: value, field, value: span, reader, used };
    out.push({ ...path, nameSpan: segmentSpan(text, path, 0) });
  };
  list(s.validators).forEach((v, i) => {
    if (!isObj(v)) return;
    const p = `${SPEC}.validators[${i}]`;
    if (at.has(v, "target")) add(v.target, at.value(v, "target"), `${p}.target`, "validator", str(v.type) !== "tool_call_assertion");
    if (at.has(v, "expected_from")) add(v.expected_from, at.value(v, "expected_from"), `${p}.expected_from`, "validator", !optional.includes(str(v.type)));
  });
  list(s.llm_judges).forEach((j, i) => {
    if (!isObj(j)) return;
    const p = `${SPEC}.llm_judges[${i}]`;
    if (at.has(j, "reference_from")) add(j.reference_from, at.value(j, "reference_from"), `${p}.reference_from`, "judge", str(j.mode) === "reference");
    const context = list(j.context_from);
    context.forEach((c, k) => add(c, at.itemValue(context, k), `${p}.context_from[${k}]`, "judge", true));
  });
  return out;
}

/**
 * The span of segment `i` of the path inside the written value, when the text spells the path out up to it (no
 * escapes before or in it).
 */
export function segmentSpan(text: string, p: Pick<CaseEvidencePath, "value" | "prefix" | "segments">, i: number): Span | undefined {
  const written = text.slice(p.value.start, p.value.end);
  const before =
    p.prefix +
    p.segments
      .slice(0, i)
      .map((s) => s + ".")
      .join("");
  const at = written.indexOf(before);
  const segment = p.segments[i];
  if (at < 0 || segment === "" || written.slice(at + before.length, at + before.length + segment.length) !== segment) return undefined;
  const start = p.value.start + at + before.length;
  return { start, end: start + segment.length };
}
