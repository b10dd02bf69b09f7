import type { SourceMap } from "./source";
import type { PathSegment } from "../yaml/cursor";

/**
 * Field paths (`input_sets[0].cases[1].inputs[0].key`, decoded indexes, as diagnostics and symbols carry them)
 * and YAML paths (written indexes, as the cursor finds them), and the decoded values they lead to.
 */

/** Splits a field path into keys and indexes; undefined when it is not one (e.g. `aliases["x"]`). */
export function parseFieldPath(field: string): PathSegment[] | undefined {
  const out: PathSegment[] = [];
  const re = /([A-Za-z_$][\w$]*)|\[(\d+)\]|(\.)/gy;
  let m: RegExpExecArray | null;
  let expectKey = true;
  while (re.lastIndex < field.length && (m = re.exec(field))) {
    if (m[1] !== undefined) {
      if (!expectKey) return undefined;
      out.push(m[1]);
      expectKey = false;
    } else if (m[2] !== undefined) {
      if (expectKey) return undefined;
      out.push(Number(m[2]));
    } else {
      if (expectKey) return undefined;
      expectKey = true;
    }
  }
  return re.lastIndex === field.length && !expectKey && out.length > 0 ? out : undefined;
}

export function formatFieldPath(path: readonly PathSegment[]): string {
  return path.map((s, i) => (typeof s === "number" ? `[${s}]` : i === 0 ? s : `.${s}`)).join("");
}

/** The decoded value at a field path (decoded indexes). */
export function valueAtField(root: unknown, path: readonly PathSegment[]): unknown {
  let v: unknown = root;
  for (const s of path) {
    if (v === null || typeof v !== "object") return undefined;
    if (typeof s === "number") {
      if (!Array.isArray(v)) return undefined;
      v = v[s];
    } else {
      if (Array.isArray(v) || !Object.prototype.hasOwnProperty.call(v, s)) return undefined;
      v = (v as Record<string, unknown>)[s];
    }
  }
  return v;
}

/**
 * Follows a YAML path (written indexes) through the decoded data, translating each written index to the
 * decoded one (they differ where null items were dropped). Returns the value and its field path.
 */
export function decodedAt(root: unknown, sources: SourceMap, path: readonly PathSegment[]): { value: unknown; field: PathSegment[] } | undefined {
  let v: unknown = root;
  const field: PathSegment[] = [];
  for (const s of path) {
    if (v === null || typeof v !== "object") return undefined;
    if (typeof s === "number") {
      if (!Array.isArray(v)) return undefined;
      const written = sources.get(v)?.writtenIndex;
      const i = written ? written.indexOf(s) : s;
      if (i < 0 || i >= v.length) return undefined;
      v = v[i];
      field.push(i);
    } else {
      if (Array.isArray(v) || !Object.prototype.hasOwnProperty.call(v, s)) return undefined;
      v = (v as Record<string, unknown>)[s];
      field.push(s);
    }
  }
  return { value: v, field };
}
