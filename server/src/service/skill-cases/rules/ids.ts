import type { Span } from "../../types";
import { CASE_TYPES } from "../schema";
import type { SkillRule } from "./context";

/** Characters an id may hold: it becomes the response file name `<id>.md` on every platform. */
const SAFE_ID = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function safeId(id: string): boolean {
  return SAFE_ID.test(id) && !id.endsWith(".") && id.length <= 120;
}

/** The `<type>_NNN` convention. */
export function conventionalId(id: string, type: string): boolean {
  return new RegExp(`^${type.replace(/[^a-z]/g, "")}_\\d{3,}$`).test(id);
}

/**
 * Case ids: unique (also without regard to case, since `<id>.md` files collide on case-insensitive file systems),
 * file-name safe, and following `<type>_NNN` (a hint).
 */
export const idRule: SkillRule = (ctx) => {
  const { model, view } = ctx;
  const seen = new Map<string, { index: number; id: string; span: Span }>();
  for (const c of model.cases) {
    const e = view.get(c.node, "id");
    const id = view.str(e?.value)?.trim();
    if (!e || !id) continue;
    const span = e.valueSpan ?? e.keySpan;
    const field = `cases[${c.index}].id`;
    if (!safeId(id)) {
      ctx.report("skill-id-unsafe", "error", field, span, `"${id}" cannot name the response file ${id}.md: use letters, digits, "_", "-" and "." only`, {
        data: { id },
      });
    }
    const first = seen.get(id.toLowerCase());
    if (first) {
      const how = first.id === id ? "" : `; "${first.id}" differs only in case, and their response files collide on case-insensitive file systems`;
      ctx.report("skill-id-duplicate", "error", field, span, `must be unique ("${id}" is also cases[${first.index}].id${how})`, {
        related: [{ span: first.span, message: `first use of "${first.id}"` }],
        data: { id },
      });
    } else seen.set(id.toLowerCase(), { index: c.index, id, span });
    const type = model.suite.cases[c.index].type;
    if (CASE_TYPES.some((t) => t.value === type) && safeId(id) && !conventionalId(id, type)) {
      ctx.report("skill-id-convention", "hint", field, span, `"${id}" does not follow the <type>_NNN convention (e.g. ${type}_001)`, { data: { id, type } });
    }
  }
};
