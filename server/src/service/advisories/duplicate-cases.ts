import type { Advisory } from "./index";
import type { Case } from "../model/bundle";

/** A stable text for a value: object keys sorted, so key order does not make two cases differ. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

const json = (v: unknown) => JSON.stringify(v ?? null);

/**
 * canonical({ challenge, payload, inputs, expectations }) with each input and expectation reduced to its compared
 * fields, written out directly (keys in sorted order) instead of building the intermediate objects.
 */
function signal(c: Case): string {
  let s = signals.get(c);
  if (s === undefined) signals.set(c, (s = computeSignal(c)));
  return s;
}

/** A case's signal, kept while its decoded object is (incremental updates keep unchanged cases). */
const signals = new WeakMap<Case, string>();

function computeSignal(c: Case): string {
  let s = `{"challenge":${json(c.challenge_key)},"expectations":[`;
  c.expectations.forEach((e, k) => {
    if (k > 0) s += ",";
    s += `{"artifact_key":${json(e.artifact_key)},"key":${json(e.key)},"kind":${json(e.kind)},"source":${json(e.source)},"value":${canonical(e.value)}}`;
  });
  s += `],"inputs":[`;
  c.inputs.forEach((i, k) => {
    if (k > 0) s += ",";
    s += `{"artifact_key":${json(i.artifact_key)},"key":${json(i.key)},"kind":${json(i.kind)},"path":${json(i.path)},"value":${canonical(i.value)}}`;
  });
  return s + `],"payload":${canonical(c.payload ?? {})}}`;
}

/** Two cases in one set with the same payload, inputs and expectations add no unique signal (seed: Coverage Review). */
export const duplicateCasesAdvisory: Advisory = (ctx) => {
  ctx.bundle.input_sets.forEach((set, i) => {
    const seen = new Map<string, number>();
    set.cases.forEach((c, j) => {
      const s = signal(c);
      const first = seen.get(s);
      if (first === undefined) {
        seen.set(s, j);
        return;
      }
      ctx.advise("duplicate-case", "hint", `input_sets[${i}].cases[${j}]`, ctx.at.anchor(c),
        `same payload, inputs and expectations as cases[${first}] (${set.cases[first].case_key || "unnamed"}): no unique signal; keep the clearer one`,
        { data: { setIndex: i, caseIndex: j, duplicateOf: first } });
    });
  });
};
