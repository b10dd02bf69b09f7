import type { EvalSpec } from "./spec";
import type { Span } from "../../types";

/** The keys one list declares, each with where it was first written. */
export class DeclaredKeys {
  private readonly first = new Map<string, Span>();

  /** Declares `key` written at `span`; returns the first declaration's span when the key was declared before. */
  declare(key: string, span: Span): Span | undefined {
    const first = this.first.get(key);
    if (!first) this.first.set(key, span);
    return first;
  }

  has(key: string): boolean {
    return this.first.has(key);
  }

  /** Where `key` was first declared. */
  at(key: string): Span | undefined {
    return this.first.get(key);
  }
}

/**
 * Validator, metric and judge keys share one namespace (§9.9). As in the reference, the validator stage
 * (step 2) and the metric stage (step 5) declare their trimmed, non-blank keys here; later stages
 * (judges, step 8; dimensions, step 9) read them.
 */
export interface KeyRegistry {
  validators: DeclaredKeys;
  metrics: DeclaredKeys;
}

const registries = new WeakMap<EvalSpec, KeyRegistry>();

/** The key registry of one spec, shared by every stage that validates it. */
export function keyRegistry(spec: EvalSpec): KeyRegistry {
  let r = registries.get(spec);
  if (!r) registries.set(spec, (r = { validators: new DeclaredKeys(), metrics: new DeclaredKeys() }));
  return r;
}
