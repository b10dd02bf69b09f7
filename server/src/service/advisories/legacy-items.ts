import type { Advisory } from "../rules/context";

/** New YAML should use `cases` / `case_key`; legacy `items` / `item_key` still work (the seed documents say so). */
export const legacyItemsAdvisory: Advisory = (ctx) => {
  ctx.bundle.input_sets.forEach((set, i) => {
    if (ctx.at.has(set, "items")) {
      const ignored = set.cases.length > 0 && !set.fromItems;
      ctx.advise(
        "legacy-items",
        "hint",
        `input_sets[${i}].items`,
        ctx.at.key(set, "items"),
        ignored
          ? "This input set's legacy `items` are ignored because it also has `cases`."
          : "This input set uses legacy `items`; new packs should use `cases` with `case_key`.",
        { data: { setIndex: i, ignored }, tags: [2] },
      );
    }
    set.cases.forEach((c, j) => {
      if (!set.fromItems && ctx.at.has(c, "item_key") && !ctx.at.has(c, "case_key")) {
        ctx.advise(
          "legacy-item-key",
          "hint",
          `input_sets[${i}].cases[${j}].item_key`,
          ctx.at.key(c, "item_key"),
          "This case uses the legacy `item_key`; new packs should use `case_key`.",
          { data: { setIndex: i, caseIndex: j }, tags: [2] },
        );
      }
    });
  });
};
