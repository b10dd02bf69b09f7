import type { RuleContext, Rule } from "./context";
import type { ArtifactRef, Asset } from "../model/bundle";
import { checkKey, duplicateOf, FirstSeen, type KeyCodes } from "./unique-keys";

/** The codes of one asset list. */
export interface AssetCodes {
  key: KeyCodes;
  pathRequired: string;
}

export const VERSION_ASSET_CODES: AssetCodes = {
  key: { required: "version-asset-key-required", duplicate: "version-asset-key-duplicate" },
  pathRequired: "version-asset-path-required",
};

export const CHALLENGE_ASSET_CODES: AssetCodes = {
  key: { required: "challenge-asset-key-required", duplicate: "challenge-asset-key-duplicate" },
  pathRequired: "challenge-asset-path-required",
};

export const CASE_ASSET_CODES: AssetCodes = {
  key: { required: "case-asset-key-required", duplicate: "case-asset-key-duplicate" },
  pathRequired: "case-asset-path-required",
};

/** key required, key unique, path required: the same checks for version, challenge and case asset lists (`ValidateBundle`, runtime/challengepack/validation.go). */
export function checkAssets(ctx: RuleContext, assets: Asset[], prefix: string, codes: AssetCodes): void {
  const seen = new FirstSeen();
  assets.forEach((a, k) => {
    const field = `${prefix}[${k}]`;
    checkKey(ctx, seen, a.key, `${field}.key`, ctx.at.value(a, "key"), codes.key, `asset "${a.key}"`);
    if (a.path === "") ctx.report(codes.pathRequired, `${field}.path`, ctx.at.value(a, "path"));
  });
}

/** Artifact references (challenge artifact_refs, case artifacts): key required, unique, declared as a version asset. */
export function checkArtifactRefs(
  ctx: RuleContext,
  refs: ArtifactRef[],
  prefix: string,
  codes: { required: string; duplicate: string; undeclared: string },
  versionAssetKeys: ReadonlySet<string>,
): void {
  const seen = new FirstSeen();
  refs.forEach((r, k) => {
    const field = `${prefix}[${k}].key`;
    const span = ctx.at.value(r, "key");
    if (r.key === "") {
      ctx.report(codes.required, field, span);
      return;
    }
    const first = seen.check(r.key, span);
    if (first) ctx.report(codes.duplicate, field, span, duplicateOf(first, `reference to "${r.key}"`));
    if (!versionAssetKeys.has(r.key)) ctx.report(codes.undeclared, field, span, { data: { kind: "asset", name: r.key } });
  });
}

/** The set of version asset keys, as the reference builds it before any challenge is checked. */
export function versionAssetKeys(ctx: RuleContext): Set<string> {
  return new Set(ctx.bundle.version.assets.map((a) => a.key).filter((k) => k !== ""));
}

/** V16: version.assets are checked last. */
export const versionAssetRules: Rule = (ctx) => {
  checkAssets(ctx, ctx.bundle.version.assets, "version.assets", VERSION_ASSET_CODES);
};
