import type { EvalStage } from "./spec";
import { goTrim } from "../../util/go-quote";
import { isObj } from "./read";

/**
 * `ValidateEvaluationSpec`, runtime/scoring/validation.go: the identifiers of the spec itself, validators, metrics, pricing rows and behavioral signals are
 * trimmed before validation. In place, so every object keeps its source. Values of the wrong type are left
 * alone for the strict decode to report.
 */
export const normalizeCoreFields: EvalStage = (_ctx, spec) => {
  trim(spec, "name");
  eachRecord(spec.validators, (v) => trim(v, "key", "target", "expected_from"));
  eachRecord(spec.metrics, (m) => trim(m, "key", "collector", "unit"));
  if (isObj(spec.pricing)) eachRecord(spec.pricing.models, (p) => trim(p, "provider_key", "provider_model_id"));
  if (isObj(spec.behavioral)) eachRecord(spec.behavioral.signals, (s) => trim(s, "key"));
};

function trim(obj: object, ...keys: string[]): void {
  const o = obj as Record<string, unknown>;
  for (const k of keys) {
    const v = o[k];
    if (typeof v === "string") o[k] = goTrim(v);
  }
}

function eachRecord(list: unknown, f: (o: Record<string, unknown>) => void): void {
  if (Array.isArray(list)) for (const o of list) if (isObj(o)) f(o);
}
