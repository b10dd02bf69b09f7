import type { Rule } from "./context";
import { enumValues } from "../catalog";
import { CHALLENGE_ASSET_CODES, checkArtifactRefs, checkAssets, versionAssetKeys } from "./assets";
import { checkKey, FirstSeen } from "./unique-keys";

/** V05 challenges present; V07 per challenge: identity, metadata, assets, artifact refs (`ValidateBundle`, runtime/challengepack/validation.go). */
export const challengesNonEmptyRule: Rule = (ctx) => {
  const b = ctx.bundle;
  if (b.challenges.length === 0) ctx.report("challenges-empty", "challenges", ctx.at.value(b, "challenges"));
};

export const challengeRules: Rule = (ctx) => {
  const assetKeys = versionAssetKeys(ctx);
  const difficulties = enumValues("challenge_difficulty");
  const seen = new FirstSeen();
  ctx.bundle.challenges.forEach((c, i) => {
    const p = `challenges[${i}]`;
    checkKey(
      ctx,
      seen,
      c.key,
      `${p}.key`,
      ctx.at.value(c, "key"),
      { required: "challenge-key-required", duplicate: "challenge-key-duplicate" },
      `challenge "${c.key}"`,
    );
    if (c.title === "") ctx.report("challenge-title-required", `${p}.title`, ctx.at.value(c, "title"));
    if (c.category === "") ctx.report("challenge-category-required", `${p}.category`, ctx.at.value(c, "category"));
    if (!difficulties.includes(c.difficulty)) {
      ctx.report("challenge-difficulty-invalid", `${p}.difficulty`, ctx.at.value(c, "difficulty"), { data: { expected: difficulties } });
    }
    checkAssets(ctx, c.assets, `${p}.assets`, CHALLENGE_ASSET_CODES);
    checkArtifactRefs(
      ctx,
      c.artifact_refs,
      `${p}.artifact_refs`,
      {
        required: "challenge-artifact-ref-key-required",
        duplicate: "challenge-artifact-ref-key-duplicate",
        undeclared: "challenge-artifact-ref-undeclared",
      },
      assetKeys,
    );
  });
};
