import { isPair, isScalar, Node, visit } from "yaml";
import type { SkillRule } from "./context";

/** A key written twice in one mapping: the second is reported, the first is related (as for packs). */
export const duplicateKeyRule: SkillRule = (ctx) => {
  const { model, view } = ctx;
  if (!model.yaml) return;
  visit(model.yaml, {
    Map(_, map) {
      const seen = new Map<string, Node>();
      for (const pair of map.items) {
        if (!isPair(pair) || !isScalar(pair.key)) continue;
        const key = String(pair.key.value ?? "");
        const first = seen.get(key);
        if (!first) {
          seen.set(key, pair.key as Node);
          continue;
        }
        const line = model.lines.positionAt(view.span(first).start).line + 1;
        ctx.report("yaml-duplicate-key", "error", null, view.span(pair.key as Node), `mapping key "${key}" already defined at line ${line}`, {
          related: [{ span: view.span(first), message: `first definition of "${key}"` }],
          data: { key },
        });
      }
    },
  });
};
