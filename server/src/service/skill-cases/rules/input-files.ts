import { inputFileRefs } from "../input-file-paths";
import type { SkillRule } from "./context";

/** `inputs.files` name files that exist, relative to the Skill directory (the folder above `tests/`). */
export const inputFilesRule: SkillRule = (ctx) => {
  const { model, view } = ctx;
  for (const { caseIndex, index, item, path, file } of inputFileRefs(model)) {
    const outside = !!model.host.outside?.(file);
    if (!outside && model.host.exists(file)) continue;
    const message = outside ? `"${path}" is outside the workspace; it is not checked` : `"${path}" does not exist in the Skill directory`;
    ctx.report("skill-input-file-missing", "warning", `cases[${caseIndex}].inputs.files[${index}]`, view.span(item), message, {
      data: { path, skillDir: model.location.skillDir },
    });
  }
};
