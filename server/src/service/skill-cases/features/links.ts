import type { DocumentLink } from "vscode-languageserver-types";
import type { SkillModel } from "../skill-model-type";
import { inputFileRefs } from "../input-file-paths";
import { diskUri } from "../../util/disk-uris";

/**
 * Links on the `inputs.files` entries that name an existing file of the Skill directory. Existence is asked of the
 * model's host (the caller's, confined to its roots): a path the host will not look at gets no link.
 */
export function documentLinks(model: SkillModel): DocumentLink[] {
  const out: DocumentLink[] = [];
  for (const ref of inputFileRefs(model)) {
    if (model.host.outside?.(ref.file) || !model.host.exists(ref.file)) continue;
    const span = model.view.span(ref.item);
    out.push({
      range: { start: model.lines.positionAt(span.start), end: model.lines.positionAt(span.end) },
      target: diskUri(ref.file),
      tooltip: `Open ${ref.path}`,
    });
  }
  return out;
}
