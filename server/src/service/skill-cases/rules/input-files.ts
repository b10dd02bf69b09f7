import { join } from "node:path";
import { entryAt } from "../paths";
import { pathEscape } from "../../util/confine";
import type { SkillRule } from "./context";

/**
 * `inputs.files` name files that exist, relative to the Skill directory (the folder above `tests/`). A path that is
 * absolute or leads out of that directory is reported and never looked up: a case file may come from anywhere.
 */
export const inputFilesRule: SkillRule = (ctx) => {
  const { model, view } = ctx;
  const dir = model.location.skillDir;
  for (const src of model.cases) {
    const files = view.asSeq(entryAt(view, src.node, "inputs", "files")?.value);
    view.items(files).forEach((item, i) => {
      const path = view.str(item)?.trim();
      if (!item || !path || /[*?[]|^<.*>$/.test(path)) return; // globs and placeholders are not paths to check
      const field = `cases[${src.index}].inputs.files[${i}]`;
      const escape = pathEscape(path);
      if (escape) {
        const why = escape === "absolute" ? "is an absolute path" : "leads outside the Skill directory";
        ctx.report("skill-input-file-outside", "warning", field, view.span(item), `"${path}" ${why}: input files are relative to the Skill directory, and nothing outside it is looked at`, {
          data: { path, escape },
        });
        return;
      }
      if (!dir || model.host.exists(join(dir, path), dir)) return;
      ctx.report("skill-input-file-missing", "warning", field, view.span(item), `"${path}" does not exist in the Skill directory`, { data: { path, skillDir: dir } });
    });
  }
};
