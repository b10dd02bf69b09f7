import { goQuote } from "../util/go-quote";
import { goRegexpError, patternTooLarge } from "../util/go-regexp";
import { goSortedKeys, isJsonObject, lastFoldKey } from "../util/go-json";
import { emptyURL, GoURL, isAbsoluteURL, parseGoURL, resolveGoURL, urlKey } from "../util/go-url";
import { KEYWORDS, SchemaDecodeError } from "../util/json-schema-decode";

/**
 * The reference checks `tools.custom[].parameters` with google/jsonschema-go v0.3.0: json.Unmarshal into
 * its Schema type (util/json-schema-decode.ts), then Schema.Resolve(nil), which this module follows on a
 * value that decoded: its structural, regexp, `$id` and `$ref` checks. Messages are our own (the catalog
 * pins only the prefixes).
 */

/** A Resolve problem, where it is as a path from the parameters value; `onKey` points at the last key itself. */
export interface SchemaProblem extends SchemaDecodeError {
  onKey?: boolean;
}

/** The Schema fields that hold subschemas, in the library's traversal order (sorted by JSON name). */
const SUBSCHEMA_FIELDS = Object.keys(KEYWORDS)
  .filter((k) => ["schema", "schemas", "schemaMap"].includes(KEYWORDS[k]))
  .sort();

const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

/** A decoded (sub)schema: a mapping, or a boolean schema. */
type SchemaValue = Record<string, unknown> | boolean;

type Child = { node: Node; nilAt?: undefined } | { node?: undefined; nilAt: { pointer: string; path: (string | number)[] } };

interface Node {
  value: SchemaValue;
  /** JSON Pointer from the root, as the library writes it in errors ("root" for the root). */
  pointer: string;
  /** Keys and indexes from the parameters value. */
  path: (string | number)[];
}

/** The value a Schema field takes (the last case-insensitively matching key wins), with its key. */
function field(s: SchemaValue, name: string): { key: string; value: unknown } | undefined {
  if (typeof s === "boolean") return !s && name === "not" ? { key: "not", value: true } : undefined;
  const key = lastFoldKey(s, name);
  return key === undefined ? undefined : { key, value: s[key] };
}

function stringField(s: SchemaValue, name: string): string {
  const v = field(s, name)?.value;
  return typeof v === "string" ? v : "";
}

const isSchema = (v: unknown): v is SchemaValue => typeof v === "boolean" || isJsonObject(v);

function escapePointer(seg: string): string {
  return seg.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** The library's short description of a schema in errors. */
function describe(s: SchemaValue): string {
  const id = stringField(s, "$id");
  if (id) return id;
  const anchor = stringField(s, "$anchor") || stringField(s, "$dynamicAnchor");
  return anchor ? `anchor ${anchor}` : "<anonymous schema>";
}

/** Immediate subschemas in the library's order; a null inside a list or mapping is a nil subschema. */
function children(n: Node): Child[] {
  const out: Child[] = [];
  const base = n.pointer === "root" ? "" : n.pointer;
  for (const name of SUBSCHEMA_FIELDS) {
    const f = field(n.value, name);
    if (!f) continue;
    const fieldPath = typeof n.value === "boolean" ? n.path : [...n.path, f.key];
    const add = (v: unknown, seg?: string | number) => {
      const pointer = seg === undefined ? `${base}/${name}` : `${base}/${name}/${escapePointer(String(seg))}`;
      const path = seg === undefined ? fieldPath : [...fieldPath, seg];
      out.push(isSchema(v) ? { node: { value: v, pointer, path } } : { nilAt: { pointer, path } });
    };
    if (KEYWORDS[name] === "schema") {
      if (isSchema(f.value)) add(f.value);
    } else if (KEYWORDS[name] === "schemas" && Array.isArray(f.value)) {
      f.value.forEach((v, i) => add(v, i));
    } else if (KEYWORDS[name] === "schemaMap" && isJsonObject(f.value)) {
      const m = f.value;
      for (const k of goSortedKeys(m)) add(m[k], k);
    }
  }
  return out;
}

function* preorder(n: Node): Generator<Node> {
  yield n;
  for (const c of children(n)) if (c.node) yield* preorder(c.node);
}

/** Why Schema.Resolve(nil) would fail on a decoded schema: the structure, then local checks, then `$id`s, then refs. */
export function schemaResolveProblems(value: unknown): SchemaProblem[] {
  if (!isSchema(value)) return []; // a null parameters value decodes to the `false` schema, which resolves
  const root: Node = { value, pointer: "root", path: [] };

  const nil = firstNil(root);
  if (nil) return [{ message: `jsonschema: schema at ${nil.pointer} is nil`, path: nil.path }];

  const local = [...preorder(root)].flatMap(checkLocal);
  if (local.length) return local;

  const scopes = resolveIds(root);
  if ("message" in scopes) return [scopes];
  const ref = resolveRefs(root, scopes);
  return ref ? [ref] : [];
}

/** The schema's patterns (`pattern` values, `patternProperties` keys) over the budget: Resolve's check above skipped them. */
export function tooLargePatterns(value: unknown): { pattern: string; path: (string | number)[]; onKey: boolean }[] {
  if (!isSchema(value)) return [];
  const out: { pattern: string; path: (string | number)[]; onKey: boolean }[] = [];
  for (const n of preorder({ value, pointer: "root", path: [] })) {
    const pattern = field(n.value, "pattern");
    if (typeof pattern?.value === "string" && patternTooLarge(pattern.value))
      out.push({ pattern: pattern.value, path: [...n.path, pattern.key], onKey: false });
    const patternProps = field(n.value, "patternProperties");
    if (!isJsonObject(patternProps?.value)) continue;
    for (const k of Object.keys(patternProps!.value)) if (patternTooLarge(k)) out.push({ pattern: k, path: [...n.path, patternProps!.key, k], onKey: true });
  }
  return out;
}

function firstNil(n: Node): { pointer: string; path: (string | number)[] } | undefined {
  for (const c of children(n)) {
    const found = c.nilAt ?? (c.node && firstNil(c.node));
    if (found) return found;
  }
  return undefined;
}

function checkLocal(n: Node): SchemaProblem[] {
  const s = n.value;
  const out: SchemaProblem[] = [];
  const add = (msg: string, path: (string | number)[], onKey = false) => out.push({ message: `jsonschema.Schema: ${describe(s)}: ${msg}`, path, onKey });
  const defs = field(s, "$defs");
  const definitions = field(s, "definitions");
  if (isJsonObject(defs?.value) && isJsonObject(definitions?.value)) {
    return [{ message: "both Defs and Definitions are set; at most one should be", path: [...n.path, definitions!.key], onKey: true }];
  }
  const vocabulary = field(s, "$vocabulary");
  if (isJsonObject(vocabulary?.value) && stringField(s, "$schema") !== DRAFT_2020_12) {
    add("cannot validate a schema with $vocabulary", [...n.path, vocabulary!.key], true);
  }
  const pattern = field(s, "pattern");
  if (typeof pattern?.value === "string" && pattern.value !== "") {
    const err = goRegexpError(pattern.value);
    if (err) add(`pattern: ${err}`, [...n.path, pattern.key]);
  }
  const patternProps = field(s, "patternProperties");
  if (isJsonObject(patternProps?.value)) {
    for (const k of Object.keys(patternProps!.value)) {
      const err = goRegexpError(k);
      if (err) add(`patternProperties[${goQuote(k)}]: ${err}`, [...n.path, patternProps!.key, k], true);
    }
  }
  return out;
}

interface Scopes {
  /** Schemas by the key of their absolute URI (the root is also registered under ""). */
  byURI: Map<string, SchemaValue>;
  /** The URI and the anchors of each base schema (the root, and every schema with an `$id`). */
  base: Map<SchemaValue, { uri: GoURL; anchors: Map<string, SchemaValue> }>;
  /** Each schema's base: itself when it has an `$id`, else its nearest such ancestor, else the root. */
  baseOf: Map<SchemaValue, SchemaValue>;
}

function resolveIds(root: Node): Scopes | SchemaProblem {
  const scopes: Scopes = { byURI: new Map([["", root.value]]), base: new Map(), baseOf: new Map() };
  scopes.base.set(root.value, { uri: emptyURL, anchors: new Map() });
  const visit = (n: Node, base: SchemaValue): SchemaProblem | undefined => {
    const s = n.value;
    const id = field(s, "$id");
    if (typeof id?.value === "string" && id.value !== "") {
      const at = [...n.path, id.key];
      const parsed = parseGoURL(id.value);
      if (typeof parsed === "string") return { message: parsed, path: at };
      if (parsed.fragment !== "") return { message: `$id ${id.value} must not have a fragment`, path: at };
      const parentURI = scopes.base.get(base)!.uri;
      const uri = resolveGoURL(parentURI, parsed);
      if (!isAbsoluteURL(uri)) {
        return { message: `$id ${id.value} does not resolve to an absolute URI (base is ${goQuote(urlKey(parentURI))})`, path: at };
      }
      scopes.byURI.set(urlKey(uri), s);
      const anchors = s === root.value ? scopes.base.get(s)!.anchors : new Map<string, SchemaValue>();
      scopes.base.set(s, { uri, anchors });
      base = s;
    }
    scopes.baseOf.set(s, base);
    const anchors = scopes.base.get(base)!.anchors;
    for (const a of [stringField(s, "$anchor"), stringField(s, "$dynamicAnchor")]) {
      if (a !== "" && !anchors.has(a)) anchors.set(a, s);
    }
    for (const c of children(n)) {
      const err = c.node && visit(c.node, base);
      if (err) return err;
    }
    return undefined;
  };
  return visit(root, root.value) ?? scopes;
}

function resolveRefs(root: Node, scopes: Scopes): SchemaProblem | undefined {
  for (const n of preorder(root)) {
    for (const name of ["$ref", "$dynamicRef"]) {
      const ref = field(n.value, name);
      if (typeof ref?.value !== "string" || ref.value === "") continue;
      const message = resolveRef(n.value, ref.value, scopes);
      if (message) return { message, path: [...n.path, ref.key] };
    }
  }
  return undefined;
}

function resolveRef(s: SchemaValue, ref: string, scopes: Scopes): string | undefined {
  const parsed = parseGoURL(ref);
  if (typeof parsed === "string") return parsed;
  const uri = resolveGoURL(scopes.base.get(scopes.baseOf.get(s)!)!.uri, parsed);
  const key = urlKey(uri);
  const target = scopes.byURI.get(key);
  if (target === undefined) return `loading ${key}: cannot resolve remote schemas: no loader passed to Schema.Resolve`;
  const frag = uri.fragment;
  if (frag !== "" && !frag.startsWith("/")) {
    return scopes.base.get(target)?.anchors.has(frag) ? undefined : `no anchor ${goQuote(frag)} in ${describe(s)}`;
  }
  const err = dereference(target, frag);
  return err && `JSON Pointer ${goQuote(frag)}: ${err}`;
}

/** Follows a JSON Pointer through Schema fields; it must end at a subschema position (possibly empty). */
function dereference(root: SchemaValue, pointer: string): string | undefined {
  if (pointer === "") return undefined;
  if (!pointer.startsWith("/")) return `JSON Pointer ${goQuote(pointer)} does not begin with '/'`;
  const segs = pointer
    .slice(1)
    .split("/")
    .map((s) => (pointer.includes("~") ? s.replace(/~1/g, "/").replace(/~0/g, "~") : s));
  type At =
    | { kind: "schema"; value: SchemaValue | undefined }
    | { kind: "list"; items: unknown[] }
    | { kind: "map"; entries: Record<string, unknown> }
    | { kind: "other" };
  let at: At = { kind: "schema", value: root };
  const asSchema = (v: unknown): At => ({ kind: "schema", value: isSchema(v) ? v : undefined });
  for (const seg of segs) {
    switch (at.kind) {
      case "schema": {
        if (at.value === undefined) return "navigated to nil reference";
        const shape = seg === "type" ? "type" : Object.prototype.hasOwnProperty.call(KEYWORDS, seg) ? KEYWORDS[seg] : undefined;
        if (!shape) return `no schema field ${goQuote(seg)}`;
        const v: unknown = field(at.value, seg)?.value;
        if (shape === "schema") at = asSchema(v);
        else if (shape === "schemas") at = { kind: "list", items: Array.isArray(v) ? v : [] };
        else if (shape === "schemaMap") at = { kind: "map", entries: isJsonObject(v) ? v : {} };
        else at = { kind: "other" };
        break;
      }
      case "list": {
        if (seg === "-") return "the JSON Pointer array segment '-' is not supported";
        if (seg.length > 1 && seg[0] === "0") return `segment ${goQuote(seg)} has leading zeroes`;
        if (!/^[+-]?[0-9]+$/.test(seg)) return `invalid int: ${goQuote(seg)}`;
        const i = Number(seg);
        if (i < 0 || i >= at.items.length) return `index ${i} is out of bounds for array of length ${at.items.length}`;
        at = asSchema(at.items[i]);
        break;
      }
      case "map":
        if (!Object.prototype.hasOwnProperty.call(at.entries, seg)) return `no key ${goQuote(seg)} in map`;
        at = asSchema(at.entries[seg]);
        break;
      case "other":
        return "value is not a schema, slice or map";
    }
  }
  return at.kind === "schema" ? undefined : "does not refer to a schema";
}
