import type { Rule } from "./context";
import { isBlank } from "../util/go-quote";

/** V01 pack metadata, V02 version number (`ValidateBundle`, runtime/challengepack/validation.go). */
export const packRules: Rule = (ctx) => {
  const { pack, version } = ctx.bundle;
  const required = { slug: "pack-slug-required", name: "pack-name-required", family: "pack-family-required" } as const;
  for (const key of ["slug", "name", "family"] as const) {
    if (isBlank(pack[key])) ctx.report(required[key], `pack.${key}`, ctx.at.value(pack, key));
  }
  if (version.number <= 0) ctx.report("version-number-positive", "version.number", ctx.at.value(version, "number"));
};
