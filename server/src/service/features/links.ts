import type { PackModel } from "../pack-model";
import { toRange } from "../pack-model";
import type { Asset } from "../model/bundle";
import type { DocumentLink } from "./shapes";
import { unquoted } from "./edits";

/**
 * Links on asset `path` values. The service has no file system: `resolve` turns a path as written into the
 * URI of an existing file, or undefined (the server checks the disk, relative to the pack).
 */
export function documentLinks(model: PackModel, resolve: (path: string) => string | undefined): DocumentLink[] {
  const b = model.bundle;
  const lists: Asset[][] = [b.version.assets, ...b.challenges.map((c) => c.assets), ...b.input_sets.flatMap((s) => [...s.cases.map((c) => c.assets), ...s.items.map((i) => i.assets)])];
  const out: DocumentLink[] = [];
  const seen = new Set<Asset>();
  for (const list of lists) {
    for (const asset of list) {
      if (seen.has(asset) || asset.path === "" || !model.at.has(asset, "path")) continue;
      seen.add(asset);
      const target = resolve(asset.path);
      if (target) out.push({ range: toRange(model.lines, unquoted(model.text, model.at.value(asset, "path"))), target, tooltip: `Open ${asset.path}` });
    }
  }
  return out.sort((a, b) => a.range.start.line - b.range.start.line);
}
