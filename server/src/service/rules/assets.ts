import type { RuleContext, Rule } from "./context";
import type { ArtifactRef, Asset } from "../model/bundle";
import type { Span } from "../types";

/** Remembers the first span of each key so a duplicate can point back at it. */
export class FirstSeen {
  private readonly seen = new Map<string, Span>();

  /** The first occurrence's span when `key` was seen before, else undefined (and records it). */
  check(key: string, span: Span): Span | undefined {
    const first = this.seen.get(key);
    if (!first) this.seen.set(key, span);
    return first;
  }

  has(key: string): boolean {
    return this.seen.has(key);
  }

  /** Where `key` was first seen. */
  at(key: string): Span | undefined {
    return this.seen.get(key);
  }
}

export function duplicateOf(first: Span, what: string) {
  return { related: [{ span: first, message: `first ${what}` }] };
}

/** key required, key unique, path required: the same checks for version, challenge and case asset lists (§7.6). */
export function checkAssets(ctx: RuleContext, assets: Asset[], prefix: string, codePrefix: string): void {
  const seen = new FirstSeen();
  assets.forEach((a, k) => {
    const field = `${prefix}[${k}]`;
    const keySpan = ctx.at.value(a, "key");
    if (a.key === "") ctx.report(`${codePrefix}-key-required`, `${field}.key`, keySpan);
    else {
      const first = seen.check(a.key, keySpan);
      if (first) ctx.report(`${codePrefix}-key-duplicate`, `${field}.key`, keySpan, duplicateOf(first, `asset "${a.key}"`));
    }
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
