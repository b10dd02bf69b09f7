import { isAbsolute, join } from "node:path";
import { entryAt } from "../paths";
import type { SkillRule } from "./context";

/** `inputs.files` name files that exist, relative to the Skill directory (the folder above `tests/`). */
export const inputFilesRule: SkillRule = (ctx) => {
  const { model, view } = ctx;
  const dir = model.location.skillDir;
  if (!dir) return;
  for (const src of model.cases) {
    const files = view.asSeq(entryAt(view, src.node, "inputs", "files")?.value);
    view.items(files).forEach((item, i) => {
      const path = view.str(item)?.trim();
      if (!item || !path || /[*?[]|^<.*>$/.test(path)) return; // globs and placeholders are not paths to check
      const file = isAbsolute(path) ? path : join(dir, path);
      const outside = !!model.host.outside?.(file);
      if (!outside && model.host.exists(file)) return;
      const message = outside ? `"${path}" is outside the workspace; it is not checked` : `"${path}" does not exist in the Skill directory`;
      ctx.report("skill-input-file-missing", "warning", `cases[${src.index}].inputs.files[${i}]`, view.span(item), message, { data: { path, skillDir: dir } });
    });
  }
};
