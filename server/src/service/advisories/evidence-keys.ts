import type { Advisory } from "../rules/context";
import type { Case } from "../model/bundle";
import { caseEvidencePaths, type CaseEvidencePath } from "../rules/evaluation-spec/evidence-paths";
import { isObj } from "../rules/evaluation-spec/read";
import { closest } from "../util/did-you-mean";
import { goQuote } from "../util/go-quote";

export const EVIDENCE_KEY_UNDECLARED = "evidence-key-undeclared";

/**
 * The reference checks only the form of an evidence path; when the pack is scored, a key no case declares makes
 * the validator or judge "unavailable" (`resolveCaseEvidence`, runtime/scoring/engine_resolution.go). The spec
 * applies to every case of the pack, so a key is missing when no case declares it. `case.payload.<f>` is checked
 * only where every case writes a payload map (a case without one may be filled elsewhere).
 */
export const evidenceKeyAdvisory: Advisory = (ctx) => {
  const cases = ctx.bundle.input_sets.flatMap((s) => s.cases);
  if (cases.length === 0) return;
  const paths = caseEvidencePaths(ctx.bundle.version.evaluation_spec, ctx.at, ctx.text).filter((p) => p.used);
  if (paths.length === 0) return;
  const keys = {
    input: new Set(cases.flatMap((c) => c.inputs.map((i) => i.key))),
    expectation: new Set(cases.flatMap((c) => c.expectations.map((e) => e.key))),
    payload: cases.every((c) => ctx.at.has(c, "payload") && isObj(c.payload)) ? new Set(cases.flatMap(payloadFields)) : undefined,
  };
  for (const p of paths) {
    const declared = keys[p.kind];
    if (!declared || declared.has(p.name)) continue;
    const suggestions = closest(p.name, declared);
    ctx.advise(EVIDENCE_KEY_UNDECLARED, "warning", p.field, p.nameSpan ?? p.value, message(p, suggestions[0]), {
      data: { kind: p.kind, name: p.name, suggestions },
    });
  }
};

const WHAT: Record<CaseEvidencePath["kind"], (name: string) => string> = {
  input: (name) => `No case declares the input ${goQuote(name)}`,
  expectation: (name) => `No case declares the expectation ${goQuote(name)}`,
  payload: (name) => `No case's payload has the field ${goQuote(name)}`,
};

function message(p: CaseEvidencePath, suggestion: string | undefined): string {
  const guess = suggestion === undefined ? "" : ` Did you mean ${goQuote(suggestion)}?`;
  return `${WHAT[p.kind](p.name)} that \`${p.path}\` reads: when the pack is scored, this ${p.reader}'s evidence is unavailable.${guess}`;
}

function payloadFields(c: Case): string[] {
  return isObj(c.payload) ? Object.keys(c.payload) : [];
}
