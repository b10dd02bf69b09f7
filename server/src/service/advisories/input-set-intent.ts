import type { Advisory } from "../rules/context";

/** Input-set types by name suffix (seed table "Input Set Types"), with their typical sizes. */
export const INTENTS = {
  smoke: { min: 1, max: 3, purpose: "fast sanity check" },
  ci: { min: 1, max: 5, purpose: "CI gate" },
  full: { min: 5, max: Infinity, purpose: "benchmark coverage" },
  regression: { min: 1, max: Infinity, purpose: "known failure replay" },
  edge: { min: 1, max: Infinity, purpose: "boundary behavior" },
} as const;

export type Intent = keyof typeof INTENTS;

/** The intended use of an input set, from its key's suffix (`refund-smoke` → smoke). */
export function intentOf(key: string): Intent | undefined {
  const m = /[-_](smoke|ci|full|regression|edge)$/.exec(key);
  return m ? (m[1] as Intent) : undefined;
}

export const inputSetIntentAdvisory: Advisory = (ctx) => {
  ctx.bundle.input_sets.forEach((set, i) => {
    const intent = intentOf(set.key);
    if (!intent || set.cases.length === 0) return;
    const { min, max } = INTENTS[intent];
    const n = set.cases.length;
    if (n < min || n > max) {
      const typical = max === Infinity ? `${min} or more` : `${min} to ${max}`;
      ctx.advise(
        "input-set-size",
        "information",
        `input_sets[${i}].cases`,
        ctx.at.value(set, "key"),
        `Input set ${JSON.stringify(set.key)} has ${n} case${n === 1 ? "" : "s"}; a -${intent} input set typically has ${typical}.`,
        { data: { intent, count: n } },
      );
    }
  });
};
