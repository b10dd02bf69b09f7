import { parseAssertion } from "../assertions";
import type { SkillRule } from "./context";

/** An assertion the deterministic checker cannot evaluate is left to a reviewer: information, never an error. */
export const assertionRule: SkillRule = (ctx) => {
  const { model, view } = ctx;
  for (const src of model.cases) {
    const list = view.asSeq(view.get(src.node, "assertions")?.value);
    view.items(list).forEach((item, i) => {
      const text = view.str(item);
      if (!item || text === undefined || text.trim() === "") return;
      const p = parseAssertion(text);
      if (p.ok) return;
      ctx.report(
        "skill-assertion-needs-judgement",
        "information",
        `cases[${src.index}].assertions[${i}]`,
        view.span(item),
        `needs judgement: the checker cannot evaluate this assertion (${p.reason}); a reviewer judges it`,
        { data: { reason: p.reason } },
      );
    });
  }
};
