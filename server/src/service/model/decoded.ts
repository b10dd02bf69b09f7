import type { Span } from "../types";

/** A problem found while decoding YAML into the reference's typed structs (its decode phase). */
export interface DecodeProblem {
  code: "yaml-type-mismatch" | "yaml-duplicate-key" | "yaml-invalid-uuid" | "yaml-decode-fatal" | "yaml-nesting-too-deep";
  span: Span;
  message: string;
  /** The problem in an author's words where `message` (yaml.v3's) names a Go type. */
  text?: string;
  related?: { span: Span; message: string }[];
  data?: Record<string, unknown>;
}

/** A key the reference silently ignores (outside evaluation_spec, unknown keys are dropped). */
export interface UnknownKey {
  key: string;
  span: Span;
  /** Catalog entry of the object it was written in. */
  entry: string;
}
