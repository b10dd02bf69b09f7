import type { Node, YAMLMap } from "yaml";
import type { Span } from "../../types";
import { closest } from "../../util/did-you-mean";
import { CASE_FIELDS, emptyValue, FieldSpec, TOP_FIELDS } from "../schema";
import type { Entry } from "../yaml-view";
import type { SkillRule, SkillRuleContext } from "./context";

/**
 * Required fields and their types, at every level: the top level, `skill`, `defaults`, every case and its
 * `inputs`/`expected` maps. The specification wants every case to keep the same fields with empty values written
 * out, so a missing list or map is an error too, with the empty value to write in the message.
 */
export const shapeRule: SkillRule = (ctx) => {
  const { model } = ctx;
  if (model.yaml && model.yaml.contents && !model.root && model.view.kind(model.yaml.contents as Node) !== "null") {
    ctx.report(
      "skill-field-type",
      "error",
      null,
      model.view.span(model.yaml.contents as Node),
      "the case file must be a mapping (version, skill, defaults, cases)",
    );
    return;
  }
  checkMap(ctx, model.root, TOP_FIELDS, [], model.rootAnchor);
};

/** `path` holds the field path's steps, e.g. ["cases[0]", "expected"]. */
function checkMap(ctx: SkillRuleContext, map: YAMLMap | null, fields: FieldSpec[], path: string[], anchor: Span): void {
  const entries = ctx.view.entries(map);
  for (const f of fields) {
    const e = entries.find((x) => x.key === f.key);
    const field = [...path, f.key].join(".");
    if (!e) {
      if (f.required) {
        ctx.report("skill-field-required", "error", field, anchor, requiredMessage(f), { data: { parent: path.join("."), key: f.key } });
      }
      continue;
    }
    checkValue(ctx, e, f, [...path, f.key]);
  }
  for (const e of entries) {
    if (fields.some((f) => f.key === e.key)) continue;
    const suggestions = closest(
      e.key,
      fields.map((f) => f.key),
    );
    const hint = suggestions.length ? ` (did you mean "${suggestions[0]}"?)` : "";
    ctx.report("skill-unknown-key", "warning", [...path, e.key].join("."), e.keySpan, `unknown key "${e.key}"${hint}`, {
      data: { key: e.key, suggestions },
      tags: [1],
    });
  }
}

function requiredMessage(f: FieldSpec): string {
  switch (f.kind) {
    case "list":
    case "cases":
      return "is required (write [] when there are none)";
    case "map":
    case "routing":
      return "is required (write {} when there is none)";
    case "string-or-empty":
      return 'is required (write "" when no skill should be used)';
    default:
      return "is required";
  }
}

function checkValue(ctx: SkillRuleContext, e: Entry, f: FieldSpec, path: string[]): void {
  const { view } = ctx;
  const field = path.join(".");
  const kind = view.kind(e.value);
  const at = e.valueSpan ?? e.keySpan;
  const typeError = (message: string) => ctx.report("skill-field-type", "error", field, at, message, { data: { expected: f.kind, empty: emptyValue(f) } });
  switch (f.kind) {
    case "string":
    case "string-or-empty":
      if (kind === "map" || kind === "seq") typeError("must be a string");
      else if (f.kind === "string" && f.required && (view.str(e.value) ?? "").trim() === "") {
        ctx.report("skill-field-empty", "error", field, at, "must not be empty");
      }
      return;
    case "list":
      if (kind !== "seq") return typeError(kind === "null" ? "must be a list (write [] when there are none)" : "must be a list");
      view.items(view.asSeq(e.value)).forEach((item, i) => {
        const k = view.kind(item);
        if (k === "scalar") return;
        const span = item ? view.span(item) : view.span(e.value);
        ctx.report("skill-field-type", "error", `${field}[${i}]`, item && k === "null" ? view.itemAnchor(item) : span, "must be a string", {
          data: { expected: "string" },
        });
      });
      return;
    case "map":
      if (kind !== "map") typeError(kind === "null" ? "must be a map (write {} when there is none)" : "must be a map");
      return;
    case "routing":
      if (kind !== "map")
        return typeError(kind === "null" ? "must be a map of route to target (write {} when there is none)" : "must be a map of route to target");
      for (const r of view.entries(view.asMap(e.value))) {
        if (view.kind(r.value) !== "scalar") {
          ctx.report("skill-field-type", "error", `${field}.${r.key}`, r.valueSpan ?? r.keySpan, "must be a route target (a string)", {
            data: { expected: "string" },
          });
        }
      }
      return;
    case "object":
      // An empty `inputs:` is a map whose fields are all missing: report them at its key, where the fix adds them.
      if (kind === "null") return checkMap(ctx, null, f.children ?? [], path, e.keySpan);
      if (kind !== "map") return typeError("must be a map");
      return checkMap(ctx, view.asMap(e.value), f.children ?? [], path, e.keySpan);
    case "cases":
      if (kind !== "seq") return typeError(kind === "null" ? "must be a list of cases (write [] when there are none)" : "must be a list of cases");
      for (const c of ctx.model.cases) {
        const p = `cases[${c.index}]`;
        if (!c.node) {
          ctx.report("skill-field-type", "error", p, view.kind(c.written) === "null" ? c.anchor : view.span(c.written), "must be a map (a case)", {
            data: { expected: "case" },
          });
        } else checkMap(ctx, c.node, CASE_FIELDS, [p], c.anchor);
      }
      return;
  }
}
