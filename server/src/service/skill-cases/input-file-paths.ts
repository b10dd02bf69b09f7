import type { Node } from "yaml";
import { isAbsolute, join } from "node:path";
import { entryAt } from "./paths";
import type { SkillModel } from "./skill-model-type";

/** One `inputs.files` entry that names a path to look at: where it was written and the file it names. */
export interface InputFileRef {
  caseIndex: number;
  index: number;
  item: Node;
  /** The path as written (trimmed). */
  path: string;
  /** The path resolved against the Skill directory. */
  file: string;
}

/** The `inputs.files` entries of every case that name a file, relative to the Skill directory; none without one. */
export function inputFileRefs(model: SkillModel): InputFileRef[] {
  const { view } = model;
  const dir = model.location.skillDir;
  if (!dir) return [];
  const out: InputFileRef[] = [];
  for (const src of model.cases) {
    const files = view.asSeq(entryAt(view, src.node, "inputs", "files")?.value);
    view.items(files).forEach((item, index) => {
      const path = view.str(item)?.trim();
      if (!item || !path || /[*?[]|^<.*>$/.test(path)) return; // globs and placeholders are not paths to check
      out.push({ caseIndex: src.index, index, item, path, file: isAbsolute(path) ? path : join(dir, path) });
    });
  }
  return out;
}
