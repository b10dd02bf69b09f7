/**
 * Defensive reads of evaluation_spec data. The stages are written against canonical, correctly typed data,
 * but a wrong-typed value (already a decode error) must never crash them: it reads as absent.
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
