import { isScalar, Node, Scalar, YAMLSeq } from "yaml";
import { knownObjects, KnownObject } from "../../catalog";
import type { Locator } from "../../model/locate";
import { resolvePlain, resolveTagged } from "../../model/scalars";
import type { ObjectSource, SourceMap } from "../../model/source";
import type { Span } from "../../types";
import { closest } from "../../util/did-you-mean";
import { goQuote } from "../../util/go-quote";

/**
 * Go's encoding/json decoding (with DisallowUnknownFields) of JSON-like data into the reference's structs,
 * as described by the catalog's `json-strict` entries (§2.2, §12). Used for the evaluation_spec itself
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
  data: Record<string, unknown>;
}

/** A key matched only case-insensitively (`Name:` read as `name`). */
export interface CaseVariant {
  span: Span;
  written: string;
  canonical: string;
  entry: string;
}

type ScalarName = "string" | "bool" | "int32" | "int64" | "int" | "float64";

type FieldType =
  | { kind: "scalar"; name: ScalarName; pointer: boolean; goType: string }
  | { kind: "raw" }
  | { kind: "list"; of: FieldType; goType: string }
  | { kind: "struct"; entry: string; pointer: boolean; goType: string }
  /** A scorecard dimension: a string (the key), or an object decoded by its own strict decoder. */
  | { kind: "dimension"; entry: string; goType: string };

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
}

const INT_RANGE: Record<string, [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  int: [-(2n ** 63n), 2n ** 63n - 1n],
};

const fieldTypes = new Map<string, FieldType>();

function fieldType(type: string, goType: string): FieldType {
  const cacheKey = type + "\u0000" + goType;
  let t = fieldTypes.get(cacheKey);
  if (!t) {
    t = parseFieldType(type, goType);
    fieldTypes.set(cacheKey, t);
  }
  return t;
}

function parseFieldType(type: string, goType: string): FieldType {
  if (type === "raw-json" || type === "any") return { kind: "raw" };
  const pointer = type.endsWith("?");
  const base = pointer ? type.slice(0, -1) : type;
  const list = /^list<(.*)>$/.exec(base);
  if (list) {
    const elemGo = goType.replace(/^\[\]/, "");
    const union = /^string\|object:(.*)$/.exec(list[1]);
    const of: FieldType = union ? { kind: "dimension", entry: union[1], goType: "scoring.Alias" } : parseFieldType(list[1], elemGo);
    return { kind: "list", of, goType };
  }
  const obj = /^object:(.*)$/.exec(base);
  if (obj) {
    if (!knownObjects[obj[1]]) throw new Error(`catalog: unknown object ${obj[1]}`);
    return { kind: "struct", entry: obj[1], pointer, goType };
  }
  if (["string", "bool", "int32", "int64", "int", "float64"].includes(base)) {
    return { kind: "scalar", name: base as ScalarName, pointer, goType };
  }
  throw new Error(`catalog: unsupported strict type ${type}`);
}

/** The Go struct name the catalog gives an object entry ("Struct name: X." / "Struct: X."). */
function structName(entry: KnownObject): string {
  return /struct(?: name)?(?: in type errors)?: ([A-Za-z0-9_]+)/i.exec(entry.note ?? "")?.[1] ?? "Alias";
}

/** The Go struct name of a catalog object entry (for "into Go value of type scoring.<name>"). */
export function catalogStructName(entryName: string): string {
  return structName(knownObjects[entryName]);
}

/** Go's json key folding: ASCII letters case-insensitively, plus the two non-ASCII runes that fold to ASCII. */
function fold(s: string): string {
  return s.replace(/[a-z\u017f\u212a]/g, (c) => (c === "\u017f" ? "S" : c === "\u212a" ? "K" : c.toUpperCase()));
}

/** The field a written key selects: an exact match first, else a case-insensitive one (Go encoding/json v1). */
function matchField(key: string, fields: Record<string, unknown>): string | undefined {
  if (Object.prototype.hasOwnProperty.call(fields, key)) return key;
  const f = fold(key);
  return Object.keys(fields).find((name) => fold(name) === f);
}

/** Go's JSON encoder sorts map keys bytewise (UTF-8), and the decoder meets them in that order. */
function bytewise(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return "array";
  switch (typeof v) {
    case "string":
      return "string";
    case "number":
      return "number";
    case "boolean":
      return "bool";
    default:
      return "object";
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
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
  decodeRoot(value: unknown, entry: string, goType: string, span: Span, anchor: Span): Record<string, unknown> | undefined {
    const t: FieldType = { kind: "struct", entry, pointer: false, goType };
    const place: Place = { span, node: null, anchor };
    const out = this.value(t, value, undefined, { struct: "", path: [] }, place);
    if (out !== undefined) return out as Record<string, unknown>;
    return value === null ? this.zeroObject(anchor) : undefined;
  }

  private value(t: FieldType, v: unknown, existing: unknown, ectx: ErrorContext, place: Place): unknown {
    if (t.kind === "raw") return v;
    if (v === null) {
      // Go: null leaves a value (string, number, struct) as it was and sets a pointer or slice to nil.
      if (t.kind === "list" || ((t.kind === "scalar" || t.kind === "struct") && t.pointer)) return undefined;
      return existing;
    }
    if (typeof v === "number" && !Number.isFinite(v)) return existing; // already a marshal error
    switch (t.kind) {
      case "scalar":
        return this.scalar(t, v, existing, ectx, place);
      case "list":
        if (!Array.isArray(v)) return this.mismatch(v, t.goType, ectx, place, existing);
        return this.list(t, v, existing, ectx);
      case "struct":
        if (!isPlainObject(v)) {
          // A rejected non-pointer struct stays a zero struct; anchoring it at the rejected value keeps
          // later "missing" findings on that value, where they are dropped as consequences of the decode error.
          const kept = this.mismatch(v, t.goType, ectx, place, existing);
          return kept !== undefined || t.pointer || ectx.path.length === 0 ? kept : this.zeroObject(place.span);
        }
        return this.struct(t.entry, v, existing, ectx);
      case "dimension":
        if (typeof v === "string") return v;
        if (isPlainObject(v)) return this.struct(t.entry, v, undefined, { ...ectx, keepStruct: true });
        this.issues.push({
          kind: "dimension-shape",
          span: place.span,
          error: this.typeErrorText(jsonKind(v), t.goType, ectx),
          data: { kind: jsonKind(v), goType: t.goType },
        });
        return undefined;
    }
  }

  private scalar(t: Extract<FieldType, { kind: "scalar" }>, v: unknown, existing: unknown, ectx: ErrorContext, place: Place): unknown {
    switch (t.name) {
      case "string":
        return typeof v === "string" ? v : this.mismatch(v, t.goType, ectx, place, existing);
      case "bool":
        return typeof v === "boolean" ? v : this.mismatch(v, t.goType, ectx, place, existing);
      case "float64":
        return typeof v === "number" ? v : this.mismatch(v, t.goType, ectx, place, existing);
      default: {
        if (typeof v !== "number") return this.mismatch(v, t.goType, ectx, place, existing);
        // Go parses the literal as a base-10 int64 and checks the field's range: 1.5 and 1e+21 fail.
        const literal = numberLiteral(v, place.node);
        const [min, max] = INT_RANGE[t.name];
        if (/^-?\d+$/.test(literal) && BigInt(literal) >= min && BigInt(literal) <= max) return v;
        return this.mismatch(v, t.goType, ectx, place, existing, `number ${literal}`);
      }
    }
  }

  private mismatch(v: unknown, goType: string, ectx: ErrorContext, place: Place, existing: unknown, kind = jsonKind(v)): unknown {
    this.issues.push({ kind: "type-mismatch", span: place.span, error: this.typeErrorText(kind, goType, ectx), data: { kind, goType } });
    return existing;
  }

  private typeErrorText(kind: string, goType: string, ectx: ErrorContext): string {
    if (ectx.path.length === 0) return `json: cannot unmarshal ${kind} into Go value of type ${goType}`;
    return `json: cannot unmarshal ${kind} into Go struct field ${ectx.struct}.${ectx.path.join(".")} of type ${goType}`;
  }

  private list(t: Extract<FieldType, { kind: "list" }>, list: unknown[], existing: unknown, ectx: ErrorContext): unknown[] {
    const before = Array.isArray(existing) ? existing : [];
    for (let i = 0; i < list.length; i++) {
      const place = this.itemPlace(list, i);
      // Go decodes an element into the slot a previous value left there (only with case-variant duplicate keys).
      const out = this.value(t.of, list[i], t.of.kind === "dimension" ? undefined : before[i], ectx, place);
      list[i] = out === undefined ? this.zero(t.of, place.anchor) : out;
    }
    return list;
  }

  /** A list element's zero value: what Go leaves in a slot after null or a type error. */
  private zero(t: FieldType, anchor: Span): unknown {
    switch (t.kind) {
      case "scalar":
        return t.name === "string" ? "" : t.name === "bool" ? false : 0;
      case "struct":
      case "dimension":
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
    const written = Object.keys(obj).sort(bytewise).map((k) => [k, obj[k]] as const);
    let target: Record<string, unknown>;
    let targetSrc: ObjectSource | undefined;
    if (isPlainObject(existing)) {
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
      const place: Place = { span: pair ? pair.value ?? pair.key : this.at.anchor(obj), node: pair?.valueNode ?? null, anchor: pair?.key ?? this.at.anchor(obj) };
      const sub: ErrorContext = { struct, path: [...ectx.path, field], keepStruct: ectx.keepStruct };
      const out = this.value(fieldType(spec.type, spec.go_type), raw, target[field], sub, place);
      if (out === undefined) delete target[field];
      else target[field] = out;
    }
    return target;
  }

  /** Where list item `i` was written: its value (for errors) and its whole item from the dash (for zero values). */
  private itemPlace(list: unknown[], i: number): Place {
    const src = this.sources.get(list);
    const seq = src?.node as YAMLSeq | null | undefined;
    const node = (seq?.items?.[src!.writtenIndex[i] ?? i] as Node | null | undefined) ?? null;
    const item = this.at.item(list, i);
    const r = node?.range;
    return { span: r ? { start: r[0], end: Math.max(r[0], r[1]) } : item, node, anchor: item };
  }
}

/** The value span of scalar item `i` of a free-form list (without its dash), for element-level diagnostics. */
export function itemValueSpan(sources: SourceMap, at: Locator, list: unknown[], i: number): Span {
  const src = sources.get(list);
  const seq = src?.node as YAMLSeq | null | undefined;
  const node = seq?.items?.[src!.writtenIndex[i] ?? i] as Node | null | undefined;
  const r = node?.range;
  return r && r[1] > r[0] ? { start: r[0], end: r[1] } : at.item(list, i);
}
