import type { Node } from "yaml";
import { hitsBroken } from "../util/spans";
import { segments } from "../util/field-path";
import type { Finding, Span } from "../types";
import type { YamlView } from "./yaml-view";

/**
 * What the rules of a case file may say about a file part of which did not parse, as for packs (model/broken-parts.ts):
 * nothing in a broken part, nothing missing from a mapping or list that reaches into one (it may be written there),
 * and nothing about a value that does. Findings name their place by field path (`cases[0].title`), walked on the YAML.
 */
export function keepsOutsideBroken(view: YamlView, broken: readonly Span[], f: Finding): boolean {
  if (broken.length === 0) return true;
  if (hitsBroken(broken, f.span)) return false;
  if (!f.field) return true;
  let cur: Node | null = view.deref(view.doc?.contents ?? null);
  for (const seg of segments(f.field.replace(/ \(.*\)$/, ""))) {
    if (!cur) return true;
    let next: Node | null | undefined;
    if (typeof seg === "number") {
      const seq = view.asSeq(cur);
      next = seq && seg < seq.items.length ? (seq.items[seg] as Node | null) : undefined;
    } else {
      next = view.get(view.asMap(cur), seg)?.value;
    }
    if (next === undefined) return !hitsBroken(broken, view.span(cur)); // absent: it may be written in the broken part
    cur = view.deref(next);
  }
  return !cur || !hitsBroken(broken, view.span(cur));
}
