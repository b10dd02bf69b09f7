import type { Document } from "yaml";
import type { DocumentModel, Span } from "../types";
import type { Bundle } from "./bundle";
import type { UnknownKey } from "./decoded";
import type { Locator } from "./locate";
import type { ModelCache } from "./model-cache";
import type { SyntaxProblem } from "../yaml/parse";
import type { SourceMap } from "./source";
import type { SymbolTable } from "./symbols";

/**
 * One version of a challenge-pack document: its text, YAML AST, decoded bundle, sources,
 * symbols and findings. Built once per version; every feature reads it and none reparses.
 */
export interface PackModel extends DocumentModel<"challenge-pack"> {
  readonly yaml: Document.Parsed | undefined;
  /** Where the reference stops reading the text (text.length when it reads all of it): nothing after is checked. */
  readonly readingEnd: number;
  /** The parser's syntax problems as it reported them, before they were reduced to their causes (syntax-causes.ts). */
  readonly syntax: readonly SyntaxProblem[];
  /** The parts of the text that did not parse (syntax-causes.ts), sorted: what is in them is not known. */
  readonly broken: readonly Span[];
  readonly bundle: Bundle;
  readonly sources: SourceMap;
  readonly at: Locator;
  readonly symbols: SymbolTable;
  readonly unknownKeys: readonly UnknownKey[];
  /** What rules, features and the incremental update work out from this version, kept with it (model-cache.ts). */
  readonly cache: ModelCache;
}

/** Adds one area's declarations and references to the model's symbol table. */
export type SymbolCollector = (model: PackModel) => void;
