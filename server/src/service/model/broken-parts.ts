import data from "../../../data/pack-rules.json";
import { rules as catalogRules } from "../catalog";
import type { Finding } from "../types";
import type { Span } from "../types";
import type { SourceMap } from "./source";
import { hitsBroken } from "../util/spans";
import { segments } from "../util/field-path";

/**
 * What checks may say about a document part of which did not parse (see syntax-causes.ts for the broken parts).
 * They run on the parts that parsed and say nothing about the broken part beyond its syntax errors: a finding is
 * dropped when it lies in a broken part, when it calls missing a key of an object the broken part runs through (the
 * key may be written there), when the object it is about reaches into a broken part, and when it relates values in
 * two places (a reference and its declaration), since either may be in the broken part.
 */
export class BrokenParts {
  constructor(
    private readonly broken: readonly Span[],
    private readonly bundle: object,
    private readonly sources: SourceMap,
  ) {}

  keeps(f: Finding): boolean {
    if (this.broken.length === 0) return true;
    if (this.hits(f.span) || crossReferenceCodes().has(f.code) || OWN_CROSS_REFERENCES.has(f.code)) return false;
    if (!f.field) return true;
    let cur: unknown = this.bundle;
    for (const seg of segments(f.field)) {
      const src = this.sources.get(cur as object);
      if (!src) return true; // the path leads past a value the document has: the finding is about that value
      const present = typeof seg === "number" ? Array.isArray(cur) && seg < cur.length : src.keys.has(seg);
      if (!present) return !this.hits(src.extent);
      cur = (cur as Record<string | number, unknown>)[seg];
    }
    const src = this.sources.get(cur as object);
    return !src || !this.hits(src.extent);
  }

  private hits(span: Span): boolean {
    return hitsBroken(this.broken, span);
  }
}

/** Our own checks that relate values in two places: a path read in the evaluation spec, a key declared by the cases. */
const OWN_CROSS_REFERENCES = new Set(["evidence-key-undeclared"]);

let crossReferences: Set<string> | undefined;

/** The codes of the catalog's cross references (its `rules` column names codes, some as `prefix-*`). */
function crossReferenceCodes(): Set<string> {
  if (crossReferences) return crossReferences;
  const ids = catalogRules.map((r) => r.id);
  crossReferences = new Set();
  for (const x of data.cross_references as { rules: string }[]) {
    for (const [word] of x.rules.matchAll(/[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:-\*)?/g)) {
      if (word.endsWith("-*")) for (const id of ids.filter((i) => i.startsWith(word.slice(0, -1)))) crossReferences.add(id);
      else if (ids.includes(word)) crossReferences.add(word);
    }
  }
  return crossReferences;
}
