import type { RuleContext, Rule } from "./context";
import type { ArtifactRef, Asset } from "../model/bundle";
import { checkKey, duplicateOf, FirstSeen } from "./unique-keys";

/** key required, key unique, path required: the same checks for version, challenge and case asset lists (`ValidateBundle`, runtime/challengepack/validation.go). */
export function checkAssets(ctx: RuleContext, assets: Asset[], prefix: string, codePrefix: string): void {
  const seen = new FirstSeen();
  assets.forEach((a, k) => {
    const field = `${prefix}[${k}]`;
    checkKey(ctx, seen, a.key, `${field}.key`, ctx.at.value(a, "key"), `${codePrefix}-key`, `asset "${a.key}"`);
    if (a.path === "") ctx.report(`${codePrefix}-path-required`, `${field}.path`, ctx.at.value(a, "path"));
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
  checkAssets(ctx, ctx.bundle.version.assets, "version.assets", "version-asset");
};
