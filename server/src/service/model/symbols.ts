import type { Span } from "../types";

/** The span of `name` inside a written scalar (after an `input:` prefix, inside quotes, …). */
export function nameIn(text: string, value: Span, name: string): Span {
  const i = name === "" ? -1 : text.slice(value.start, value.end).lastIndexOf(name);
  return i < 0 ? value : { start: value.start + i, end: value.start + i + name.length };
}

/** What a key names. Every kind has declarations and references, so navigation and rename are generic. */
export type SymbolKind =
  "challenge" | "input-set" | "case" | "input" | "expectation" | "payload" | "asset" | "validator" | "metric" | "judge" | "dimension" | "check";

/**
 * The scope of an evidence path's reference (`case.inputs.<k>`, `case.payload.<f>`): the key in every case the spec
 * scores. A key such a path reads is one name across the cases: navigation and rename take all of them together.
 */
export const EVERY_CASE = "*";

export interface SymbolEntry {
  kind: SymbolKind;
  name: string;
  /** The span of the name itself (inside `input:<name>` for a source reference). */
  span: Span;
  /**
   * Scope the name lives in: "" for pack-wide names; the case's field path for case inputs, expectations and payload
   * fields; EVERY_CASE for evidence paths.
   */
  scope: string;
  /** Field path of the declaring or referring value (for a payload field: the case's `payload`, whose key it is). */
  field: string;
  /**
   * A use not written as the name: a scorecard dimension of source `validators` with no `validators` list reads
   * every validator, so it is a reference to each, at the dimension's key. References and lenses list it; it is
   * never the symbol at a position, and rename leaves it alone.
   */
  implicit?: true;
}

/** Declarations and references of every key graph in one document version. */
export class SymbolTable {
  readonly declarations: SymbolEntry[] = [];
  readonly references: SymbolEntry[] = [];

  declare(e: SymbolEntry): void {
    this.declarations.push(e);
  }

  reference(e: SymbolEntry): void {
    this.references.push(e);
  }

  declared(kind: SymbolKind, scope = ""): SymbolEntry[] {
    return this.declarations.filter((d) => d.kind === kind && d.scope === scope);
  }

  /** Declarations and references of the symbol that covers `offset`. */
  at(offset: number): SymbolEntry | undefined {
    const inside = (e: SymbolEntry) => e.span.start <= offset && offset <= e.span.end;
    return this.references.find(inside) ?? this.declarations.find(inside);
  }

  occurrences(kind: SymbolKind, name: string, scope: string): { declarations: SymbolEntry[]; references: SymbolEntry[] } {
    const same = (e: SymbolEntry) => e.kind === kind && e.name === name && e.scope === scope;
    return { declarations: this.declarations.filter(same), references: this.references.filter(same) };
  }
}
