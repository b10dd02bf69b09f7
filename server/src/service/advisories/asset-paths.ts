import type { Asset } from "../model/bundle";
import { pathEscape } from "../util/confine";
import type { Advisory } from "./index";

/** Asset paths are relative to the pack's folder: an absolute one, or one climbing out with `..`, is flagged. */
export const assetPathAdvisory: Advisory = (ctx) => {
  const b = ctx.bundle;
  const lists: [Asset[], string][] = [
    [b.version.assets, "version.assets"],
    ...b.challenges.map((c, i) => [c.assets, `challenges[${i}].assets`] as [Asset[], string]),
    ...b.input_sets.flatMap((s, i) => s.cases.map((c, j) => [c.assets, `input_sets[${i}].cases[${j}].assets`] as [Asset[], string])),
  ];
  const seen = new Set<Asset>();
  for (const [list, field] of lists) {
    list.forEach((asset, k) => {
      if (seen.has(asset) || typeof asset.path !== "string" || !ctx.at.has(asset, "path")) return;
      seen.add(asset);
      const escape = pathEscape(asset.path);
      if (!escape) return;
      const why = escape === "absolute" ? "is absolute: asset paths are relative to the pack's folder" : "leads outside the pack's folder";
      ctx.advise("asset-path-outside", "warning", `${field}[${k}].path`, ctx.at.value(asset, "path"), `asset path "${asset.path}" ${why}`, { data: { path: asset.path, escape } });
    });
  }
};
