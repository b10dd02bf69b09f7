import type { PackModel } from "../pack-model";
import { toRange } from "../pack-model";
import type { Position } from "../types";
import { knownObjects } from "../catalog";
import { cursorContext } from "../model/cursor";
import { decodedAt } from "../model/paths";
import type { MarkupContent } from "vscode-languageserver-types";
import type { Hover } from "../types";
import { enumNote, enumOf, fieldRules, isRequired, lookupKey, shapeAt } from "./schema";
import { KEY_DOCS } from "./key-docs";
import { noun, symbolPreview } from "./symbol-info";
import { symbolIndex } from "./symbol-index";

/** Hover: on a reference or a declared key, a preview of what it names; on a key (or its value), the key's documentation. */
export function hover(model: PackModel, position: Position): Hover | null {
  const offset = model.lines.offsetAt(position);
  const index = symbolIndex(model);
  const sym = index.at(offset);
  if (sym) {
    const decl = index.occurrences(sym.kind, sym.name, sym.scope).declarations[0];
    const value = decl ? symbolPreview(model, decl) : `**${noun(sym.kind)}** \`${sym.name}\` is not declared`;
    return { contents: { kind: "markdown", value }, range: toRange(model.lines, sym.span) };
  }
  const c = cursorContext(model.yaml, model.text, offset);
  if (c.role === "none" || c.span.start === c.span.end) return null;
  const valueAt = (p: (string | number)[]) => decodedAt(model.bundle, model.sources, p)?.value;
  let path = c.path;
  let key = c.key;
  if (c.role === "item") {
    key = typeof path[path.length - 1] === "string" ? (path[path.length - 1] as string) : undefined;
    path = path.slice(0, -1);
  }
  const shape = shapeAt(path, valueAt);
  if (!key || shape?.kind !== "object") return null;
  const found = lookupKey(shape.entry, key);
  if (!found) return null;
  return { contents: keyDocumentation(shape.entry, found.name), range: toRange(model.lines, c.span) };
}

const MAX_CHECKS = 6;

/** Markdown documentation of a key: purpose, type, whether required, allowed values, the reference's checks. */
export function keyDocumentation(entry: string, key: string): MarkupContent {
  const spec = knownObjects[entry]?.keys[key];
  const parts: string[] = [];
  const type = spec ? ` · \`${spec.type}\`` : "";
  parts.push(`**\`${key}\`**${type} · ${isRequired(entry, key) ? "required" : "optional"}`);
  const doc = KEY_DOCS[`${entry}#${key}`];
  if (doc) parts.push(doc);
  const values = enumOf(entry, key);
  if (values) {
    const note = enumNote(entry, key);
    parts.push(`Allowed values: ${values.map((v) => `\`${v}\``).join(" · ")}${note ? ` (${note})` : ""}`);
  }
  if (spec?.note && !/^enum \w+$/.test(spec.note)) parts.push(`Note: ${spec.note}`); // an enum's name says less than its values
  const checks = [...new Set(fieldRules(entry, key).map((r) => r.message))].slice(0, MAX_CHECKS);
  if (checks.length) parts.push(["Checks:", ...checks.map((m) => `- ${m}`)].join("\n"));
  return { kind: "markdown", value: parts.join("\n\n") };
}
