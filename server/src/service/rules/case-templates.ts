import { decodedConfigs } from "./evaluation-spec/validator-config";
import type { Rule, RuleContext } from "./context";
import type { Case } from "../model/bundle";
import type { Span } from "../types";
import { goQuote, goTrim } from "../util/go-quote";

/**
 * Case templates (runtime/challengepack/case_template_validate.go, runtime/templateutil/templateutil.go): `{{ name }}` placeholders resolved against a case's payload and inputs.
 * V14 checks code_execution `test_command`s here; V15 checks scripted turn messages with `checkCaseTemplate`.
 */

/** The reference's placeholder pattern. RE2's `\s` is ASCII white space only. */
const PLACEHOLDER = /\{\{[\t\n\f\r ]*([A-Za-z_][A-Za-z0-9_.]*)[\t\n\f\r ]*\}\}/g;

/** Unique placeholder names of a template, in order of first appearance. */
export function placeholders(template: string): string[] {
  const out: string[] = [];
  for (const m of template.matchAll(PLACEHOLDER)) if (!out.includes(m[1])) out.push(m[1]);
  return out;
}

/** The case's template context: top-level payload keys, overridden by inputs that have a non-null value. */
export function caseTemplateContext(c: Case): Map<string, unknown> {
  const context = new Map<string, unknown>();
  const payload = c.payload;
  if (isObject(payload)) for (const key of Object.keys(payload)) context.set(key, payload[key]);
  for (const input of c.inputs) {
    const key = goTrim(typeof input.key === "string" ? input.key : "");
    if (key !== "" && input.value !== undefined && input.value !== null) context.set(key, input.value);
  }
  return context;
}

type Resolution = "resolved" | "unresolved" | "invalid";

/**
 * Walks a dotted name through nested maps only. As in the reference, segments are checked one at a time:
 * a missing key stops the walk (unresolved) before a later empty segment (invalid) is seen.
 */
function resolve(ctx: RuleContext, name: string, context: Map<string, unknown>): Resolution {
  let current: unknown = context;
  for (const raw of name.split(".")) {
    const segment = goTrim(raw);
    if (segment === "") return "invalid";
    if (current instanceof Map) {
      if (!current.has(segment)) return "unresolved";
      current = current.get(segment);
    } else if (isStringMap(ctx, current)) {
      if (!Object.prototype.hasOwnProperty.call(current, segment)) return "unresolved";
      current = current[segment];
    } else return "unresolved";
  }
  return "resolved";
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A YAML mapping with a non-string key decodes to map[interface{}]interface{}, which the walk does not enter. */
function isStringMap(ctx: RuleContext, v: unknown): v is Record<string, unknown> {
  return isObject(v) && !ctx.sources.get(v)?.nonStringKey;
}

export interface TemplateCodes {
  unresolved: string;
  invalid: string;
}

/**
 * Reports every placeholder of `template` that does not resolve in `context`, at the placeholder
 * inside the written value (`valueSpan`).
 */
export function checkCaseTemplate(
  ctx: RuleContext,
  template: string,
  context: Map<string, unknown>,
  field: string,
  valueSpan: Span,
  codes: TemplateCodes,
  extra: { related?: { span: Span; message: string }[]; data?: Record<string, unknown> } = {},
): void {
  for (const name of placeholders(template)) {
    const r = resolve(ctx, name, context);
    if (r === "resolved") continue;
    const span = placeholderSpan(ctx, valueSpan, name);
    const data = { ...extra.data, placeholder: name };
    if (r === "invalid") {
      ctx.report(codes.invalid, field, span, { fill: { name }, related: extra.related, data });
    } else {
      ctx.report(codes.unresolved, field, span, { fill: { name }, related: extra.related, data });
    }
  }
}

/** The first written `{{ name }}` inside a value, else the name itself, else the whole value. */
function placeholderSpan(ctx: RuleContext, value: Span, name: string): Span {
  // Scanned, not matched with a RegExp: no text of the pack is ever compiled as a pattern.
  const written = ctx.text.slice(value.start, value.end);
  const blank = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\f" || c === "\r";
  for (let at = written.indexOf("{{"); at >= 0; at = written.indexOf("{{", at + 1)) {
    let i = at + 2;
    while (blank(written[i])) i++;
    if (!written.startsWith(name, i)) continue;
    i += name.length;
    while (blank(written[i])) i++;
    if (written.startsWith("}}", i)) return { start: value.start + at, end: value.start + i + 2 };
  }
  return ctx.nameSpan(value, name);
}

/**
 * V14: every code_execution validator's test_command must resolve in every case of every input set.
 * Order: input sets, cases, validators, placeholders. Reported on the placeholder, with the case as related.
 */
export const caseTemplateRules: Rule = (ctx) => {
  const spec = ctx.bundle.version.evaluation_spec;
  const validators = isObject(spec) && Array.isArray(spec.validators) ? spec.validators : [];
  const commands: { field: string; command: string; span: Span }[] = [];
  validators.forEach((v: unknown, i) => {
    if (!isObject(v) || v.type !== "code_execution") return;
    // Only a config the reference could decode has a test command (the V13 config stage decoded it).
    const config = decodedConfigs(ctx).get(v);
    if (!config || typeof config.test_command !== "string") return;
    const command = goTrim(config.test_command);
    if (placeholders(command).length === 0) return;
    commands.push({ field: `version.evaluation_spec.validators[${i}].config.test_command`, command, span: ctx.at.value(config, "test_command") });
  });
  if (commands.length === 0) return;

  ctx.bundle.input_sets.forEach((set, i) => {
    set.cases.forEach((c, j) => {
      const casePath = `input_sets[${i}].cases[${j}]`;
      const context = caseTemplateContext(c);
      const caseSpan = ctx.at.value(c, ctx.at.has(c, "case_key") ? "case_key" : "item_key");
      const caseName = c.case_key === "" ? casePath : `case ${goQuote(c.case_key)}`;
      for (const cmd of commands) {
        checkCaseTemplate(
          ctx,
          cmd.command,
          context,
          `${cmd.field} (${casePath})`,
          cmd.span,
          {
            unresolved: "case-template-unresolved",
            invalid: "case-template-invalid-path",
          },
          {
            related: [{ span: caseSpan, message: `checked against the payload and inputs of ${caseName}` }],
            data: { case: casePath },
          },
        );
      }
    });
  });
};
