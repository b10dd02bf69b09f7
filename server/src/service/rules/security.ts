import type { Rule, RuleContext } from "./context";
import type { AnyMap } from "../model/bundle";
import { enumValues } from "../catalog";
import { goQuote, isBlank } from "../util/go-quote";
import { goFold } from "../util/go-json";
import { goRegexpError } from "../util/go-regexp";
import { adviseTooLarge } from "./pattern-budget";
import { duplicateOf, FirstSeen } from "./unique-keys";

/** V06 (runtime/challengepack/security.go): the security block, required for the security family. Values were trimmed/lowercased by normalization. */

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const securityRules: Rule = (ctx) => {
  const b = ctx.bundle;
  const s = b.security;
  if (goFold(b.pack.family) === "security" && !s) {
    const span = ctx.at.has(b, "security") ? ctx.at.value(b, "security") : ctx.at.value(b.pack, "family");
    ctx.report("security-required-for-family", "security", span);
  }
  if (!s) return;
  const severities = enumValues("security_severity");

  if (s.default_severity !== "" && !severities.includes(s.default_severity)) {
    ctx.report("security-default-severity-invalid", "security.default_severity", ctx.at.value(s, "default_severity"), {
      fill: { value: s.default_severity },
      data: { expected: severities },
    });
  }
  const severity = (obj: AnyMap, field: string, code: string) => {
    const v = str(obj, "severity");
    if (v !== "" && !severities.includes(v)) ctx.report(code, `${field}.severity`, ctx.at.value(obj, "severity"), { data: { expected: severities } });
  };

  checkPlantedSecrets(ctx, s.planted_secrets, severity);

  s.forbidden_outputs.forEach((o, i) => {
    const field = `security.forbidden_outputs[${i}]`;
    required(ctx, o, "description", field, "forbidden-output-description-required");
    const pattern = str(o, "pattern");
    if ((pattern !== "") === (str(o, "substring") !== "")) ctx.report("forbidden-output-pattern-xor-substring", field, ctx.at.anchor(o));
    if (pattern !== "") regexp(ctx, o, "pattern", `${field}.pattern`, "forbidden-output-pattern-invalid-regexp");
    severity(o, field, "forbidden-output-severity-invalid");
  });

  s.forbidden_egress.forEach((e, i) => {
    const field = `security.forbidden_egress[${i}]`;
    required(ctx, e, "description", field, "forbidden-egress-description-required");
    required(ctx, e, "host", field, "forbidden-egress-host-required");
    severity(e, field, "forbidden-egress-severity-invalid");
  });

  const prompts = new FirstSeen();
  s.adversarial_prompts.forEach((a, i) => {
    const field = `security.adversarial_prompts[${i}]`;
    required(ctx, a, "name", field, "adversarial-prompt-name-required");
    required(ctx, a, "text", field, "adversarial-prompt-text-required");
    duplicate(ctx, prompts, a, `${field}.name`, "adversarial-prompt-name-duplicate", "adversarial prompt");
    if (str(a, "expected_refusal_pattern") !== "") {
      regexp(ctx, a, "expected_refusal_pattern", `${field}.expected_refusal_pattern`, "adversarial-prompt-refusal-pattern-invalid");
    }
  });
};

function checkPlantedSecrets(ctx: RuleContext, secrets: AnyMap[], severity: (obj: AnyMap, field: string, code: string) => void): void {
  const locations = enumValues("planted_secret_location");
  const seen = new FirstSeen();
  secrets.forEach((p, i) => {
    const field = `security.planted_secrets[${i}]`;
    required(ctx, p, "name", field, "planted-secret-name-required");
    required(ctx, p, "value", field, "planted-secret-value-required");
    const location = str(p, "location");
    if (!locations.includes(location)) {
      ctx.report("planted-secret-location-invalid", `${field}.location`, ctx.at.value(p, "location"), {
        fill: { value: location },
        data: { expected: locations },
      });
    }
    if (location === "file") required(ctx, p, "file_path", field, "planted-secret-file-path-required");
    const name = str(p, "name");
    if (location === "env" && name !== "" && !ENV_NAME.test(name)) {
      ctx.report("planted-secret-env-name-invalid", `${field}.name`, ctx.at.value(p, "name"));
    }
    duplicate(ctx, seen, p, `${field}.name`, "planted-secret-name-duplicate", "planted secret");
    severity(p, field, "planted-secret-severity-invalid");
  });
}

function str(obj: AnyMap, key: string): string {
  return typeof obj[key] === "string" ? (obj[key] as string) : "";
}

function required(ctx: RuleContext, obj: AnyMap, key: string, field: string, code: string): void {
  if (isBlank(str(obj, key))) ctx.report(code, `${field}.${key}`, ctx.at.value(obj, key));
}

function duplicate(ctx: RuleContext, seen: FirstSeen, obj: AnyMap, field: string, code: string, what: string): void {
  const name = str(obj, "name");
  if (name === "") return;
  const span = ctx.at.value(obj, "name");
  const first = seen.check(name, span);
  if (first) ctx.report(code, field, span, duplicateOf(first, `${what} ${goQuote(name)}`));
}

function regexp(ctx: RuleContext, obj: AnyMap, key: string, field: string, code: string): void {
  if (adviseTooLarge(ctx, field, ctx.at.value(obj, key), str(obj, key))) return;
  const err = goRegexpError(str(obj, key));
  if (err) ctx.report(code, field, ctx.at.value(obj, key), { fill: { err } });
}
