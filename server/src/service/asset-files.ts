import type { PackModel, RuleSettings } from "./pack-model";
import { toRange, withRuleLevels } from "./diagnostics";
import type { Asset, CaseInput } from "./model/bundle";
import type { PackDiagnostic, Range } from "./types";
import { unquoted } from "./util/spans";

/**
 * Paths to files on disk written in a pack: `version.assets[].path`, challenge and case `assets[].path`
 * (legacy items' too) and case `inputs[].path`, relative to the pack's folder. The service has no file
 * system: a host (the CLI, the server) answers for each path what is there, confined to its workspace.
 */
export interface AssetPathRef {
  /** The reference's field path of the `path` value. */
  field: string;
  /** The path as written (trimmed, as the reference trims it). */
  path: string;
  /** The value, inside its quotes. */
  range: Range;
}

/** What the host found for a path. `shown` is the resolved path as the host prints it. */
export type AssetFileState =
  | { state: "file"; target: string }
  | { state: "directory" }
  | { state: "missing"; shown: string }
  | { state: "outside"; reason: "absolute" | "escapes" | "symlink"; shown: string }
  /** Not a local path (a URL, a template placeholder): nothing to check. */
  | { state: "unchecked" };

export type AssetFiles = (path: string) => AssetFileState;

export const ASSET_FILE_MISSING = "asset-file-missing";
export const ASSET_PATH_OUTSIDE = "asset-path-outside-workspace";

/** URLs and `{{placeholders}}` are not paths on this disk. */
export function isLocalPath(path: string): boolean {
  return path !== "" && !/^[a-z][a-z0-9+.-]*:\/\//i.test(path) && !path.includes("{{");
}

export function assetPathRefs(model: PackModel): AssetPathRef[] {
  const { bundle: b, at, text } = model;
  const out: AssetPathRef[] = [];
  const seen = new Set<object>();
  const add = (owner: Asset | CaseInput, field: string) => {
    if (seen.has(owner) || owner.path === "" || !at.has(owner, "path")) return;
    seen.add(owner);
    out.push({ field, path: owner.path, range: toRange(model.lines, unquoted(text, at.value(owner, "path"))) });
  };
  const assets = (list: Asset[], prefix: string) => list.forEach((a, k) => add(a, `${prefix}.assets[${k}].path`));
  assets(b.version.assets, "version");
  b.challenges.forEach((c, i) => assets(c.assets, `challenges[${i}]`));
  b.input_sets.forEach((set, i) => {
    set.cases.forEach((c, j) => {
      assets(c.assets, `input_sets[${i}].cases[${j}]`);
      c.inputs.forEach((input, k) => add(input, `input_sets[${i}].cases[${j}].inputs[${k}].path`));
    });
    set.items.forEach((item, j) => assets(item.assets, `input_sets[${i}].items[${j}]`));
  });
  return out;
}

/** A warning for each path that names no file or directory, or that the host would not look at. */
export function assetFileDiagnostics(refs: readonly AssetPathRef[], files: AssetFiles, settings: RuleSettings = {}): PackDiagnostic[] {
  const out: PackDiagnostic[] = [];
  const push = (code: string, ref: AssetPathRef, message: string, data: Record<string, unknown>) => {
    out.push({ code, severity: "warning", field: ref.field, message, range: ref.range, data: { path: ref.path, ...data } });
  };
  for (const ref of refs) {
    if (!isLocalPath(ref.path)) continue;
    const found = files(ref.path);
    if (found.state === "missing") push(ASSET_FILE_MISSING, ref, `refers to a missing file: ${found.shown}`, { resolved: found.shown });
    else if (found.state === "outside") push(ASSET_PATH_OUTSIDE, ref, OUTSIDE[found.reason](found.shown), { resolved: found.shown, reason: found.reason });
  }
  return withRuleLevels(out, settings.rules);
}

const OUTSIDE: Record<"absolute" | "escapes" | "symlink", (shown: string) => string> = {
  absolute: () => "is an absolute path; write it relative to the pack's folder (files outside the workspace are not checked)",
  escapes: (shown) => `leads outside the workspace (${shown}); it is not checked`,
  symlink: (shown) => `leads outside the workspace through a symbolic link (${shown}); it is not followed`,
};
