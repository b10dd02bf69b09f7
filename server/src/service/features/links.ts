import type { PackModel } from "../pack-model";
import { assetPathRefs, isLocalPath } from "../asset-files";
import { compareRanges } from "../diagnostics";
import type { DocumentLink } from "vscode-languageserver-types";

/**
 * Links on the file paths a pack names (asset and case input `path` values). The service has no file system:
 * `resolve` turns a path as written into the URI of an existing file, or undefined (the host checks the disk,
 * relative to the pack, inside its workspace).
 */
export function documentLinks(model: PackModel, resolve: (path: string) => string | undefined): DocumentLink[] {
  const out: DocumentLink[] = [];
  for (const ref of assetPathRefs(model)) {
    const target = isLocalPath(ref.path) ? resolve(ref.path) : undefined;
    if (target) out.push({ range: ref.range, target, tooltip: `Open ${ref.path}` });
  }
  return out.sort((a, b) => compareRanges(a.range, b.range));
}
