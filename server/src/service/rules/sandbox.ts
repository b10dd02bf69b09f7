import type { Rule } from "./context";
import { goParseCIDROk } from "../util/go-net";

/** V11 (`ValidateBundle`, runtime/challengepack/validation.go): `version.sandbox`, only when present. Values are checked as written (never trimmed). */

const ENV_VAR_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const APT_PACKAGE = /^[a-z0-9][a-z0-9.+-]+$/;

export const sandboxRules: Rule = (ctx) => {
  const sandbox = ctx.bundle.version.sandbox;
  if (!sandbox) return;
  const path = "version.sandbox";
  sandbox.network_allowlist.forEach((cidr, i) => {
    if (!goParseCIDROk(cidr)) ctx.report("sandbox-cidr-invalid", `${path}.network_allowlist[${i}]`, ctx.at.item(sandbox.network_allowlist, i));
  });
  const env = sandbox.env_vars ?? {};
  for (const key of Object.keys(env)) {
    if (!ENV_VAR_KEY.test(key)) ctx.report("sandbox-env-var-key-invalid", `${path}.env_vars[${key}]`, ctx.at.key(env, key));
  }
  sandbox.additional_packages.forEach((pkg, i) => {
    if (!APT_PACKAGE.test(pkg)) {
      ctx.report("sandbox-package-invalid", `${path}.additional_packages[${i}]`, ctx.at.item(sandbox.additional_packages, i));
    }
  });
};
