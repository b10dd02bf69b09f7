import { isScalar, Node, Scalar } from "yaml";
import { knownObjects, KnownObject } from "../../catalog";
import type { Locator } from "../../model/locate";
import { resolvePlain, resolveTagged } from "../../model/scalars";
import { parseType, TypeExpr } from "../../model/types-expr";
import type { ObjectSource, SourceMap } from "../../model/source";
import type { Span } from "../../types";
import { closest } from "../../util/did-you-mean";
import { fieldTypeError, goFold, goSortedKeys, isJsonObject, jsonKind, typeMismatchText, valueTypeError } from "../../util/go-json";
import { goQuote } from "../../util/go-quote";

/**
 * Go's encoding/json decoding (with DisallowUnknownFields) of JSON-like data into the reference's structs,
 * as described by the catalog's `json-strict` entries (`ParseYAML`, runtime/challengepack/bundle.go; the catalog's `known_keys`, server/data/pack-rules.json). Used for the evaluation_spec itself
 * (decode phase) and for validators[].config (validate phase).
 *
 * Unlike Go it does not stop at the first problem: every unknown key and type error is collected, each
 * with its own span. Decoding happens in place: keys are renamed to the catalog's names (Go matches them
 * ASCII case-insensitively) and aliased in the SourceMap, values that fail are removed (absent = zero),
 * and null elements of lists become zero values anchored at their item.
 */

export interface StrictIssue {
  kind: "unknown-field" | "type-mismatch" | "dimension-shape";
  span: Span;
  /** Go's error text, e.g. `json: unknown field "wieght"`. */
  error: string;
  /** The same in an author's words, where Go's names its types: `….version_number: expected a whole number …, got a string`. */
  text?: string;
  data: Record<string, unknown>;
}

/** A key matched only case-insensitively (`Name:` read as `name`). */
export interface CaseVariant {
  span: Span;
  written: string;
  canonical: string;
  entry: string;
}

/** Go's error texts name a scorecard dimension by the alias type its UnmarshalJSON decodes into. */
const DIMENSION_GO_TYPE = "scoring.Alias";

/** Where a value was written, for error ranges and exact number literals. */
interface Place {
  span: Span;
  node: Node | null;
  /** Anchor for a zero value put in place of a null or rejected list element. */
  anchor: Span;
}

/** Go's errorContext: the innermost struct and the field path from the root (no list indexes). */
interface ErrorContext {
  struct: string;
  path: string[];
  /** Inside a scorecard dimension the outer decoder's struct name is kept (Go merges the contexts). */
  keepStruct?: boolean;
  /** The value's path as authors write it, with list indexes: `version.evaluation_spec.validators[0].key`. */
  where: string;
}

const INT_RANGE: Record<string, [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  int: [-(2n ** 63n), 2n ** 63n - 1n],
};

/** The Go struct name the catalog gives an object entry ("Struct name: X." / "Struct: X."). */
function structName(entry: KnownObject): string {
  return /struct(?: name)?(?: in type errors)?: ([A-Za-z0-9_]+)/i.exec(entry.note ?? "")?.[1] ?? "Alias";
}

/** The Go struct name of a catalog object entry (for "into Go value of type scoring.<name>"). */
export function catalogStructName(entryName: string): string {
  return structName(knownObjects[entryName]);
}

/** The field a written key selects: an exact match first, else a case-insensitive one (Go encoding/json v1). */
function matchField(key: string, fields: Record<string, unknown>): string | undefined {
  if (Object.prototype.hasOwnProperty.call(fields, key)) return key;
  const f = goFold(key);
  return Object.keys(fields).find((name) => goFold(name) === f);
}

/** The JSON text Go's encoder writes for a YAML number: exact for integers (even past 2^53), else the shortest float. */
function numberLiteral(value: number, node: Node | null): string {
  if (node && isScalar(node)) {
    const s = node as Scalar;
    const text = s.value == null ? "" : String(s.value);
    const plain = s.type === "PLAIN" || s.type === undefined;
    const tag = s.tag === "tag:yaml.org,2002:int" ? "!!int" : s.tag === "tag:yaml.org,2002:float" ? "!!float" : undefined;
    const r = tag ? resolveTagged(tag, text) : plain && !s.tag ? resolvePlain(text) : undefined;
    if (r?.tag === "!!int") return r.value.toString();
  }
  return String(value);
}

export class StrictDecoder {
  readonly issues: StrictIssue[] = [];
  readonly caseVariants: CaseVariant[] = [];

  constructor(
    private readonly sources: SourceMap,
    private readonly at: Locator,
    /** Keys the decoder must pass over (e.g. a non-string key already reported as a marshal error). */
    private readonly skipKey: (obj: object, key: string) => boolean = () => false,
  ) {}

  /**
   * Decodes `value` as the catalog object `entry` (a struct whose Go type is `goType`) in place.
   * Returns the decoded object, or undefined when `value` is not an object (a type error was recorded);
   * null decodes as a fresh zero object anchored at `anchor`.
   */
  decodeRoot(value: unknown, entry: string, goType: string, span: Span, anchor: Span, where = entry): Record<string, unknown> | undefined {
    const t: TypeExpr = { kind: "object", entry, optional: false, goType };
    const place: Place = { span, node: null, anchor };
    const out = this.value(t, value, undefined, { struct: "", path: [], where }, place);
    if (out !== undefined) return out as Record<string, unknown>;
    return value === null ? this.zeroObject(anchor) : undefined;
  }

  private value(t: TypeExpr, v: unknown, existing: unknown, ectx: ErrorContext, place: Place): unknown {
    if (t.kind === "any") return v;
    if (v === null) {
      // Go: null leaves a value (string, number, struct) as it was and sets a pointer or slice to nil.
      if (t.kind === "list" || ((t.kind === "scalar" || t.kind === "object") && t.optional)) return undefined;
      return existing;
    }
    if (typeof v === "number" && !Number.isFinite(v)) return existing; // already a marshal error
    switch (t.kind) {
      case "scalar":
        return this.scalar(t, v, existing, ectx, place);
      case "list":
        if (!Array.isArray(v)) return this.mismatch(v, t, ectx, place, existing);
        return this.list(t, v, existing, ectx);
      case "object":
        if (!isJsonObject(v)) {
          // A rejected non-pointer struct stays a zero struct; anchoring it at the rejected value keeps
          // later "missing" findings on that value, where they are dropped as consequences of the decode error.
          const kept = this.mismatch(v, t, ectx, place, existing);
          return kept !== undefined || t.optional || ectx.path.length === 0 ? kept : this.zeroObject(place.span);
        }
        return this.struct(t.entry, v, existing, ectx);
      case "stringOrObject":
        if (typeof v === "string") return v;
        if (isJsonObject(v)) return this.struct(t.entry, v, undefined, { ...ectx, keepStruct: true });
        this.issues.push({
          kind: "dimension-shape",
          span: place.span,
          error: this.goTypeError(jsonKind(v), DIMENSION_GO_TYPE, ectx),
          text: typeMismatchText(ectx.where, "a dimension name or a mapping", jsonKind(v)),
          data: { kind: jsonKind(v), goType: DIMENSION_GO_TYPE },
        });
        return undefined;
    }
  }

  private scalar(t: Extract<TypeExpr, { kind: "scalar" }>, v: unknown, existing: unknown, ectx: ErrorContext, place: Place): unknown {
    switch (t.name) {
      case "string":
        return typeof v === "string" ? v : this.mismatch(v, t, ectx, place, existing);
      case "bool":
        return typeof v === "boolean" ? v : this.mismatch(v, t, ectx, place, existing);
      case "float64":
        return typeof v === "number" ? v : this.mismatch(v, t, ectx, place, existing);
      default: {
        if (typeof v !== "number") return this.mismatch(v, t, ectx, place, existing);
        // Go parses the literal as a base-10 int64 and checks the field's range: 1.5 and 1e+21 fail.
        const literal = numberLiteral(v, place.node);
        const [min, max] = INT_RANGE[t.name];
        if (/^-?\d+$/.test(literal) && BigInt(literal) >= min && BigInt(literal) <= max) return v;
        return this.mismatch(v, t, ectx, place, existing, `number ${literal}`);
      }
    }
  }

  private mismatch(v: unknown, t: TypeExpr, ectx: ErrorContext, place: Place, existing: unknown, kind: string = jsonKind(v)): unknown {
    const goType = "goType" in t ? t.goType : "";
    const text = typeMismatchText(ectx.where, expectedOf(t), kind);
    this.issues.push({ kind: "type-mismatch", span: place.span, error: this.goTypeError(kind, goType, ectx), text, data: { kind, goType } });
    return existing;
  }

  private goTypeError(kind: string, goType: string, ectx: ErrorContext): string {
    if (ectx.path.length === 0) return valueTypeError(kind, goType);
    return fieldTypeError(kind, ectx.path.join("."), goType, ectx.struct);
  }

  private list(t: Extract<TypeExpr, { kind: "list" }>, list: unknown[], existing: unknown, ectx: ErrorContext): unknown[] {
    const before = Array.isArray(existing) ? existing : [];
    for (let i = 0; i < list.length; i++) {
      const place = this.itemPlace(list, i);
      // Go decodes an element into the slot a previous value left there (only with case-variant duplicate keys).
      const out = this.value(t.of, list[i], t.of.kind === "stringOrObject" ? undefined : before[i], { ...ectx, where: `${ectx.where}[${i}]` }, place);
      list[i] = out === undefined ? this.zero(t.of, place.anchor) : out;
    }
    return list;
  }

  /** A list element's zero value: what Go leaves in a slot after null or a type error. */
  private zero(t: TypeExpr, anchor: Span): unknown {
    switch (t.kind) {
      case "scalar":
        return t.name === "string" ? "" : t.name === "bool" ? false : 0;
      case "object":
      case "stringOrObject":
        return this.zeroObject(anchor);
      default:
        return null;
    }
  }

  private zeroObject(anchor: Span): Record<string, unknown> {
    const obj: Record<string, unknown> = {};
    this.sources.set(obj, { node: null, anchor, extent: anchor, keys: new Map(), items: [], writtenIndex: [] });
    return obj;
  }

  private struct(entryName: string, obj: Record<string, unknown>, existing: unknown, ectx: ErrorContext): Record<string, unknown> {
    const entry = knownObjects[entryName];
    const src = this.sources.get(obj);
    // The encoder wrote the keys sorted, and the decoder meets them in that order.
    const written = goSortedKeys(obj).map((k) => [k, obj[k]] as const);
    let target: Record<string, unknown>;
    let targetSrc: ObjectSource | undefined;
    if (isJsonObject(existing)) {
      target = existing;
      targetSrc = this.sources.get(existing);
    } else {
      for (const k of Object.keys(obj)) delete obj[k];
      target = obj;
      targetSrc = src;
    }
    const struct = ectx.keepStruct ? ectx.struct : structName(entry);
    for (const [key, raw] of written) {
      if (this.skipKey(obj, key)) continue;
      const pair = src?.keys.get(key);
      const field = matchField(key, entry.keys);
      if (field === undefined) {
        this.issues.push({
          kind: "unknown-field",
          span: pair?.key ?? this.at.anchor(obj),
          error: `json: unknown field ${goQuote(key)}`,
          data: { key, entry: entryName, suggestions: closest(key, Object.keys(entry.keys)) },
        });
        continue;
      }
      if (field !== key && pair) this.caseVariants.push({ span: pair.key, written: key, canonical: field, entry: entryName });
      if (pair && targetSrc) targetSrc.keys.set(field, pair);
      const spec = entry.keys[field];
      const place: Place = {
        span: pair ? (pair.value ?? pair.key) : this.at.anchor(obj),
        node: pair?.valueNode ?? null,
        anchor: pair?.key ?? this.at.anchor(obj),
      };
      const sub: ErrorContext = { struct, path: [...ectx.path, field], keepStruct: ectx.keepStruct, where: `${ectx.where}.${field}` };
      const out = this.value(parseType(spec.type, spec.go_type), raw, target[field], sub, place);
      if (out === undefined) delete target[field];
      else target[field] = out;
    }
    return target;
  }

  /** Where list item `i` was written: its value (for errors) and its whole item from the dash (for zero values). */
  private itemPlace(list: unknown[], i: number): Place {
    return { span: this.at.itemValue(list, i), node: this.at.itemNode(list, i), anchor: this.at.item(list, i) };
  }
}

/** What a value of type `t` is, for an author. */
function expectedOf(t: TypeExpr): string {
  switch (t.kind) {
    case "list":
      return "a list";
    case "object":
    case "map":
      return "a mapping";
    case "stringOrObject":
      return "a dimension name or a mapping";
    case "any":
      return "a value";
    case "scalar": {
      if (t.name === "string") return "a string";
      if (t.name === "bool") return "true or false";
      if (t.name === "float64") return "a number";
      if (t.name === "uuid") return "a UUID";
      const range = INT_RANGE[t.name];
      return range ? `a whole number from ${range[0]} to ${range[1]}` : "a number";
    }
  }
}
