import type { Advisory } from "../rules/context";
import { CleanCases } from "../rules/clean-cases";

/** Checked again only for cases that changed (incremental updates keep unchanged cases). */
const cases = new CleanCases();

/** An expectation needs something to observe: an inline value, a source, or an artifact, and not both value and source. */
export const expectationAdvisory: Advisory = (ctx) => {
  ctx.bundle.input_sets.forEach((set, i) =>
    set.cases.forEach((c, j) =>
      cases.check(ctx, c, "", () =>
        c.expectations.forEach((e, k) => {
          const field = () => `input_sets[${i}].cases[${j}].expectations[${k}]`;
          const hasValue = e.value !== undefined && e.value !== null;
          if (hasValue && e.source !== "") {
            ctx.advise(
              "expectation-value-and-source",
              "hint",
              field(),
              ctx.at.key(e, "source"),
              `Expectation ${JSON.stringify(e.key)} has both \`value\` and \`source\`; use \`value\` for inline content or \`source\` to refer to an input or artifact.`,
            );
          } else if (!hasValue && e.source === "" && e.artifact_key === "") {
            ctx.advise(
              "expectation-unobservable",
              "hint",
              field(),
              ctx.at.anchor(e),
              `Expectation ${JSON.stringify(e.key)} has no \`value\`, \`source\` or \`artifact_key\`: there is nothing to observe.`,
            );
          }
        }),
      ),
    ),
  );
};
