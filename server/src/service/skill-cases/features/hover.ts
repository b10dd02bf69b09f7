import { FUNCTIONS, IDENTIFIERS, parseAssertion } from "../assertions";
import type { SkillModel } from "../model";
import { buildPrompt } from "../prompts";
import { fieldAt, ROUTE_KEYS, ROUTE_TARGETS } from "../schema";
import type { Hover, Position, Span } from "../../types";
import { nodeAt } from "./where";
import { fieldDocumentation } from "./field-docs";

/**
 * Hover docs for every field of a case file (what it is, whether required, its values), for enum values and route
 * names, for assertions (how the checker reads them), and for a case's `query`/`type`: the dry-run prompt it yields.
 */
export function hover(model: SkillModel, position: Position): Hover | null {
  const at = nodeAt(model, model.lines.offsetAt(position));
  if (!at) return null;
  const { view } = model;
  const key = at.path[at.path.length - 1];
  const parentPath = at.path.slice(0, -1);
  const parent = fieldAt(parentPath);
  const make = (value: string, span: Span): Hover => ({
    contents: { kind: "markdown", value },
    range: { start: model.lines.positionAt(span.start), end: model.lines.positionAt(span.end) },
  });
  const c = at.caseIndex === undefined ? undefined : model.suite.cases[at.caseIndex];

  if (at.item && key === "assertions") {
    const text = view.str(at.item.node) ?? "";
    const p = parseAssertion(text);
    const doc = p.ok
      ? `**Assertion** — evaluated by the checker against the formatted response.\n\nNames: ${Object.entries({ ...IDENTIFIERS, ...FUNCTIONS })
          .map(([k, v]) => `\`${k}\` ${v}`)
          .join(" · ")}`
      : `**Assertion** — needs judgement: the checker cannot evaluate it (${p.reason}); a reviewer decides.`;
    return make(doc, view.span(at.item.node));
  }

  if (parent?.kind === "routing") {
    const route = ROUTE_KEYS.find((r) => r.value === key);
    if (at.on === "key") return make(`**${key}** — route${route ? `: ${route.doc}` : "."}`, at.entry.keySpan);
    const target = view.str(at.entry.value)?.trim() ?? "";
    const t = ROUTE_TARGETS.find((r) => r.value === target);
    return make(`**${target}** — route target${t ? `: ${t.doc}` : "."}`, at.entry.valueSpan ?? at.entry.keySpan);
  }

  const f = fieldAt(at.path);
  if (!f) return null;
  const span = at.on === "key" ? at.entry.keySpan : (at.entry.valueSpan ?? at.entry.keySpan);
  const parts = [fieldDocumentation(f, at.path.join(".").replace(/\.\[\]/g, "[]"))];
  const v = at.on === "value" ? f.values?.find((x) => x.value === view.str(at.entry.value)?.trim()) : undefined;
  if (v) parts.unshift(`**${v.value}** — ${v.doc}`, "---");
  if (c && (key === "query" || key === "type") && parentPath.join(".") === "cases.[]") {
    const fence = c.query.includes("```") ? "````" : "```";
    parts.push(`Dry-run prompt:\n\n${fence}text\n${buildPrompt(c)}\n${fence}`);
  }
  if (c && key === "id" && parentPath.join(".") === "cases.[]" && c.id) parts.push(`Response file: \`tests/tmp/response/${c.id}.md\``);
  return make(parts.join("\n\n"), span);
}
