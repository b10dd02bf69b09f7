import { isScalar, Node, visit } from "yaml";
import { CASE_TYPES, EnumValue, EXECUTIONS, MODES, OUTPUT_FORMATS } from "../schema";
import { entryAt } from "../paths";
import type { Entry } from "../yaml-view";
import type { SkillRule, SkillRuleContext } from "./context";

/** `type`, `defaults.mode` and `defaults.output_format` take one of their values; `defaults.execution` is documented. */
export const enumRule: SkillRule = (ctx) => {
  const { model, view } = ctx;
  const defaults = view.asMap(view.get(model.root, "defaults")?.value);
  checkEnum(ctx, view.get(defaults, "mode"), "defaults.mode", MODES, "skill-mode-unknown");
  checkEnum(ctx, view.get(defaults, "output_format"), "defaults.output_format", OUTPUT_FORMATS, "skill-output-format-unknown");
  const execution = view.get(defaults, "execution");
  const value = view.str(execution?.value)?.trim();
  if (execution && value && !EXECUTIONS.some((e) => e.value === value)) {
    ctx.report(
      "skill-execution-unknown",
      "warning",
      "defaults.execution",
      execution.valueSpan ?? execution.keySpan,
      `"${value}" is not a documented execution value (documented: ${EXECUTIONS.map((e) => e.value).join(", ")})`,
      { data: { expected: EXECUTIONS.map((e) => e.value), got: value } },
    );
  }
  for (const c of model.cases) checkEnum(ctx, view.get(c.node, "type"), `cases[${c.index}].type`, CASE_TYPES, "skill-case-type-unknown");
};

function checkEnum(ctx: SkillRuleContext, e: Entry | undefined, field: string, values: EnumValue[], code: string): void {
  const got = ctx.view.str(e?.value)?.trim();
  if (!e || !got || values.some((v) => v.value === got)) return;
  const expected = values.map((v) => v.value);
  ctx.report(code, "error", field, e.valueSpan ?? e.keySpan, `must be one of ${expected.join(", ")} (got "${got}")`, { data: { expected, got } });
}

/** A Skill name as the Agent Skills convention writes it (letters, digits, `-`, `_`, `.`, `:` for namespaces; no spaces). */
export function plausibleSkillName(s: string): boolean {
  return s.length <= 64 && /^[A-Za-z0-9](?:[A-Za-z0-9._:/-]*[A-Za-z0-9])?$/.test(s);
}

const PLACEHOLDER = /^<[^<>\n]+>$/;

/** `should_use` is empty or a plausible Skill name; so is every `should_not_use` item. Template placeholders are flagged once. */
export const skillNameRule: SkillRule = (ctx) => {
  const { model, view } = ctx;
  for (const c of model.cases) {
    const use = entryAt(view, c.node, "expected", "skill", "should_use");
    const name = view.str(use?.value)?.trim();
    if (use && name && !PLACEHOLDER.test(name) && !plausibleSkillName(name)) {
      ctx.report(
        "skill-should-use-implausible",
        "warning",
        `cases[${c.index}].expected.skill.should_use`,
        use.valueSpan ?? use.keySpan,
        `"${name}" is not a plausible skill name: write the Skill's name (e.g. lowercase words joined by "-"), or "" when no skill should be used`,
        { data: { got: name } },
      );
    }
    const notUse = entryAt(view, c.node, "expected", "skill", "should_not_use");
    view.items(view.asSeq(notUse?.value)).forEach((item, i) => {
      const s = view.str(item)?.trim();
      if (item && s && !PLACEHOLDER.test(s) && !plausibleSkillName(s)) {
        ctx.report(
          "skill-should-use-implausible",
          "warning",
          `cases[${c.index}].expected.skill.should_not_use[${i}]`,
          view.span(item),
          `"${s}" is not a plausible skill name`,
          { data: { got: s } },
        );
      }
    });
  }
};

/** Values still holding the template's `<placeholder>` text. */
export const placeholderRule: SkillRule = (ctx) => {
  const { model, view } = ctx;
  if (!model.yaml) return;
  visit(model.yaml, {
    Scalar(key, node) {
      if (key === "key" || !isScalar(node)) return;
      const s = String(node.value ?? "").trim();
      if (!PLACEHOLDER.test(s)) return;
      ctx.report("skill-template-placeholder", "warning", null, view.span(node as Node), `"${s}" is a placeholder from the template: replace it`, {
        data: { placeholder: s },
      });
    },
  });
};

/** `skill.name` agrees with the `name:` in the Skill's SKILL.md front matter, when there is one. */
export const skillMdNameRule: SkillRule = (ctx) => {
  const { model, view } = ctx;
  const expected = model.location.skillMdName;
  const e = entryAt(view, model.root, "skill", "name");
  const got = view.str(e?.value)?.trim();
  if (!e || !got || !expected || got === expected) return;
  ctx.report("skill-name-mismatch", "warning", "skill.name", e.valueSpan ?? e.keySpan, `"${got}" differs from the name in SKILL.md ("${expected}")`, {
    data: { expected: [expected], got },
  });
};
