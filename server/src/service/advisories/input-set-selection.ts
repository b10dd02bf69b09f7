import type { Advisory } from "../rules/context";

/** With several input sets, `agentclash eval start` needs `--input-set` (the service rejects a run without one). */
export const inputSetSelectionAdvisory: Advisory = (ctx) => {
  const sets = ctx.bundle.input_sets;
  if (sets.length < 2) return;
  const keys = [...new Set(sets.map((s) => s.key).filter((k) => k !== ""))];
  ctx.advise(
    "multiple-input-sets",
    "information",
    "input_sets",
    ctx.at.key(ctx.bundle, "input_sets"),
    `This pack has ${sets.length} input sets, so \`agentclash eval start\` needs \`--input-set\` with one of: ${keys.map((k) => "`" + k + "`").join(", ")}.`,
    { data: { keys } },
  );
};
