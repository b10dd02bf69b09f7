/**
 * Defensive reads of evaluation_spec data. Rules are written against the canonical, correctly typed spec,
 * but a value of the wrong type must never crash them: the strict decode reports it, and whatever a rule
 * then says about the same value is dropped (it overlaps the decode error). So a wrong type reads as the
 * field's zero value, exactly what the reference would have had there.
 */

export type Obj = Record<string, unknown>;

/** Field paths of the reference: every evaluation_spec field is reported under `version.`. */
export const SPEC = "version.evaluation_spec";

export function isObj(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function obj(v: unknown): Obj | undefined {
  return isObj(v) ? v : undefined;
}

export function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** A string field; absent, null and wrong-typed values read as Go's zero value "". */
export function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/** A number field; absent, null and wrong-typed values read as absent (a nil pointer in Go). */
export function num(v: unknown): number | undefined {
  return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}
