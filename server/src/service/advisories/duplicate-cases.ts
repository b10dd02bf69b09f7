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

function signal(c: Case): string {
  const inputs = c.inputs.map((i) => ({ key: i.key, kind: i.kind, value: i.value, artifact_key: i.artifact_key, path: i.path }));
  const expectations = c.expectations.map((e) => ({ key: e.key, kind: e.kind, value: e.value, artifact_key: e.artifact_key, source: e.source }));
  return canonical({ challenge: c.challenge_key, payload: c.payload ?? {}, inputs, expectations });
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
