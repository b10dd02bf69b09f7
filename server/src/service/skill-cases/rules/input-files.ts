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
      if (model.host.exists(isAbsolute(path) ? path : join(dir, path))) return;
      ctx.report("skill-input-file-missing", "warning", `cases[${src.index}].inputs.files[${i}]`, view.span(item),
        `"${path}" does not exist in the Skill directory`, { data: { path, skillDir: dir } });
    });
  }
};
