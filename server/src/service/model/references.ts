import type { SymbolKind } from "./symbols";

/** What a key's value names: a symbol of the table, a `source` (`input:` / `artifact:`), or an evidence reference. */
export type Reference = { kind: "symbol"; symbol: SymbolKind } | { kind: "source" } | { kind: "evidence" };

/**
 * Which key references what, by the shape of the entry holding it (`entry#key`, the names of schema/keys.ts):
 * the one table read by the symbol collectors (which references they record), completion and hover. The catalog's
 * `cross_references` (server/data/pack-rules.json) describe the same links in the reference's words.
 */
const REFERENCES: Record<string, Reference> = {
  "input_sets[].cases[]#challenge_key": { kind: "symbol", symbol: "challenge" },
  "input_sets[].items[]#challenge_key": { kind: "symbol", symbol: "challenge" },
  "input_sets[].cases[].inputs[]#artifact_key": { kind: "symbol", symbol: "asset" },
  "expectation#artifact_key": { kind: "symbol", symbol: "asset" },
  "artifact_ref#key": { kind: "symbol", symbol: "asset" },
  "expectation#source": { kind: "source" },
  "version.evaluation_spec.scorecard.dimensions[]#validators": { kind: "symbol", symbol: "validator" },
  "version.evaluation_spec.scorecard.dimensions[]#metric": { kind: "symbol", symbol: "metric" },
  "version.evaluation_spec.scorecard.dimensions[]#judge_key": { kind: "symbol", symbol: "judge" },
  "version.evaluation_spec.validators[]#target": { kind: "evidence" },
  "version.evaluation_spec.validators[]#expected_from": { kind: "evidence" },
  "version.evaluation_spec.llm_judges[]#reference_from": { kind: "evidence" },
  "version.evaluation_spec.llm_judges[]#context_from": { kind: "evidence" },
};

export const referenceTable: Readonly<Record<string, Reference>> = REFERENCES;

export function referenceOf(entry: string, key: string): Reference | undefined {
  return REFERENCES[`${entry}#${key}`];
}

/** The symbol a key's value names, as the table says; throws when the table names none (a collector's bug). */
export function referencedSymbol(entry: string, key: string): SymbolKind {
  const ref = referenceOf(entry, key);
  if (ref?.kind !== "symbol") throw new Error(`the reference table names no symbol for ${entry}#${key}`);
  return ref.symbol;
}
