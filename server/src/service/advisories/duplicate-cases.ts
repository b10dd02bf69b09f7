import type { Advisory } from "../rules/context";
import type { Case } from "../model/bundle";

/** A stable text for a value: object keys sorted, so key order does not make two cases differ. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
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
/** A JSON value reduced to what every value with the same canonical text shares (its text only for strings). */
function valueSketch(v: unknown): string {
  if (typeof v === "string") return "s" + v;
  if (v === undefined || v === null || (typeof v === "number" && !Number.isFinite(v))) return "n";
  return typeof v === "object" ? "o" : "x";
}

/**
 * A cheap text that every case with the same signal shares (it reads only parts of the signal), so the full
 * signal is computed only for cases whose sketches meet.
 */
function sketch(c: Case): string {
  let s = sketches.get(c);
  if (s === undefined) sketches.set(c, (s = computeSketch(c)));
  return s;
}

/** Kept per case, as signals are. */
const sketches = new WeakMap<Case, string>();

function computeSketch(c: Case): string {
  let s = `${json(c.challenge_key)}|${Object.keys(c.payload ?? {}).length}|${c.inputs.length}|${c.expectations.length}`;
  for (const i of c.inputs) s += `|${json(i.key)}${valueSketch(i.value)}`;
  for (const e of c.expectations) s += `|${json(e.key)}${json(e.source)}${valueSketch(e.value)}`;
  return s;
}

export const duplicateCasesAdvisory: Advisory = (ctx) => {
  ctx.bundle.input_sets.forEach((set, i) => {
    // Cases by sketch: the first case with it, and once another one comes, the first case of each signal.
    const groups = new Map<string, { first: number; bySignal?: Map<string, number> }>();
    set.cases.forEach((c, j) => {
      const key = sketch(c);
      const group = groups.get(key);
      if (!group) {
        groups.set(key, { first: j });
        return;
      }
      group.bySignal ??= new Map([[signal(set.cases[group.first]), group.first]]);
      const s = signal(c);
      const first = group.bySignal.get(s);
      if (first === undefined) {
        group.bySignal.set(s, j);
        return;
      }
      ctx.advise(
        "duplicate-case",
        "hint",
        `input_sets[${i}].cases[${j}]`,
        ctx.at.anchor(c),
        `This case has the same payload, inputs and expectations as case ${JSON.stringify(set.cases[first].case_key || set.cases[first].item_key)} of this input set (cases[${first}]): it adds no unique signal; keep the clearer one.`,
        { data: { setIndex: i, caseIndex: j, duplicateOf: first } },
      );
    });
  });
};
