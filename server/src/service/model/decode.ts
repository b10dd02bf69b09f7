import { Alias, Document, isAlias, isMap, isPair, isScalar, isSeq, Node, Scalar, YAMLMap, YAMLSeq } from "yaml";
import type { Span } from "../types";
import { eachNode } from "../yaml/each-node";
import { objectEntry, parseType, TypeExpr } from "./types-expr";
import { isNullText, isPlainString, Resolved, resolvePlain, resolveTagged, shownValue } from "./scalars";
import { ObjectSource, PairSource, SourceMap } from "./source";
import { goQuote } from "../util/go-quote";
import type { DecodeCache } from "./decode-cache";
import type { DecodeProblem, UnknownKey } from "./decoded";
import { hasOwn, setOwn } from "../util/own-keys";
import { MAX_NESTING } from "../yaml/limits";
import { lineEnd } from "../util/lines";

/** A key/value pair as decoded: its key text, and whether the key was not a plain string. */
interface KeyPair {
  keyNode: Node;
  key: string;
  value: Node | null;
  nonString: boolean;
}

const TAG_SHORT: Record<string, string> = {
  "tag:yaml.org,2002:str": "!!str",
  "tag:yaml.org,2002:int": "!!int",
  "tag:yaml.org,2002:float": "!!float",
  "tag:yaml.org,2002:bool": "!!bool",
  "tag:yaml.org,2002:null": "!!null",
  "tag:yaml.org,2002:timestamp": "!!timestamp",
  "tag:yaml.org,2002:binary": "!!binary",
  "tag:yaml.org,2002:map": "!!map",
  "tag:yaml.org,2002:seq": "!!seq",
  "tag:yaml.org,2002:merge": "!!merge",
};

/**
 * yaml.v3's guard against "billion laughs": once more than 100 of over 1000 decoded nodes came through aliases,
 * the share of alias-decoded nodes may not exceed a ratio that falls from 0.99 (≤ 400k nodes) to 0.10 (≥ 4M).
 */
function allowedAliasRatio(decodeCount: number): number {
  if (decodeCount <= 400_000) return 0.99;
  if (decodeCount >= 4_000_000) return 0.1;
  return 0.99 - 0.89 * ((decodeCount - 400_000) / 3_600_000);
}

/**
 * yaml.v3's isStringMap looks at each key's ShortTag: an explicit tag other than `!`, `!!str` or `!!merge`
 * (`!!binary`, `!custom`) makes the mapping a map[interface{}]interface{}, even when the key decodes to text.
 */
function isStringTag(node: Scalar): boolean {
  if (!node.tag || node.tag === "!") return true;
  const tag = hasOwn(TAG_SHORT, node.tag) ? TAG_SHORT[node.tag] : node.tag;
  return tag === "!!str" || tag === "!!merge";
}

class FatalDecode extends Error {
  constructor(readonly problem: DecodeProblem) {
    super(problem.message);
  }
}

/**
 * Decodes a parsed YAML document the way the reference's yaml.v3 decode does into its Go structs:
 * known keys only, zero values for absent fields, Go's coercions, type errors, duplicate keys.
 * Every decoded object and list is registered in the SourceMap so rules can point at ranges.
 */
/**
 * Keys the validator does not read but the format's own authors write in AgentClash's published example packs
 * (`challenges[].input_set_keys`, the input sets a challenge is meant for): not unknown, so never a warning.
 */
const AUTHORS_KEYS: Readonly<Record<string, readonly string[]>> = { "challenges[]": ["input_set_keys"] };

export class YamlDecoder {
  readonly problems: DecodeProblem[] = [];
  readonly unknownKeys: UnknownKey[] = [];
  private decodeCount = 0;
  private aliasCount = 0;
  private aliasDepth = 0;

  private depth = 0;
  /** The keys from the root to the value being decoded (`[]` for a list item), for messages. */
  private readonly path: string[] = [];
  /** The alias that started the expansion being decoded (aliasDepth > 0). */
  private outermostAlias: Node | undefined;
  /** Anchored nodes by name with their start offsets, in document order; collected at the first alias (most packs have none). */
  private anchorIndex: Map<string, { nodes: Node[]; starts: number[] }> | undefined;
  /** Offsets of line starts, built at the first duplicate key. */
  private lineStarts: number[] | undefined;

  constructor(
    private readonly doc: Document,
    private readonly text: string,
    readonly sources: SourceMap,
    /** Units decoded for earlier versions of the document (incremental updates), and where this decode records its own. */
    private readonly cache?: DecodeCache,
  ) {}

  private get anchors(): Map<string, { nodes: Node[]; starts: number[] }> {
    if (this.anchorIndex) return this.anchorIndex;
    const anchors = new Map<string, { nodes: Node[]; starts: number[] }>();
    for (const node of collectNodes(this.doc.contents as Node | null, (n) => !!n.anchor)) {
      const entry = anchors.get(node.anchor!) ?? { nodes: [], starts: [] };
      entry.nodes.push(node);
      anchors.set(node.anchor!, entry);
    }
    for (const entry of anchors.values()) {
      entry.nodes.sort((a, b) => this.span(a).start - this.span(b).start);
      entry.starts = entry.nodes.map((n) => this.span(n).start);
    }
    return (this.anchorIndex = anchors);
  }

  /** Decodes the whole document as the bundle root. A fatal problem leaves the zero bundle. */
  decodeRoot(rootAnchor: Span): Record<string, unknown> {
    const root = { kind: "object", entry: "$", optional: false, goType: "challengepack.rawBundle" } as const;
    try {
      this.checkAliases();
      return this.decode(this.doc.contents as Node | null, root, rootAnchor) as Record<string, unknown>;
    } catch (e) {
      if (!(e instanceof FatalDecode)) throw e;
      this.path.length = 0;
      this.problems.push(e.problem);
      return this.zero(root, rootAnchor) as Record<string, unknown>;
    }
  }

  /**
   * yaml.v3 resolves every alias while it parses, before decoding: an alias to an anchor not defined before it
   * fails the whole file, even under a key the reference ignores. The first one in the text is reported.
   */
  private checkAliases(): void {
    if (!this.text.includes("*")) return;
    const aliases = collectNodes(this.doc.contents as Node | null, isAlias) as Alias[];
    let first: { alias: Alias; start: number } | undefined;
    for (const alias of aliases) {
      const start = this.span(alias).start;
      if ((!first || start < first.start) && !this.lastAnchoredBefore(alias.source, start)) first = { alias, start };
    }
    if (first) throw new FatalDecode({ code: "yaml-decode-fatal", span: this.span(first.alias), message: `unknown anchor '${first.alias.source}' referenced` });
  }

  /** A node's span without the line breaks and blanks a block collection ends with. */
  private span(node: Node): Span {
    const r = node.range ?? [0, 0, 0];
    let end = Math.max(r[0], r[1]);
    while (end > r[0] && isSpace(this.text, end - 1)) end--;
    return { start: r[0], end };
  }

  /** Follows aliases (with the expansion cap and a cycle check). */
  private deref(node: Node | null): Node | null {
    if (!node || !isAlias(node)) return node;
    const alias = node as Alias;
    const at = this.span(alias).start;
    // An alias refers to the last node with that anchor that starts before it.
    const target = this.lastAnchoredBefore(alias.source, at);
    if (!target) {
      throw new FatalDecode({ code: "yaml-decode-fatal", span: this.span(alias), message: `unknown anchor '${alias.source}' referenced` });
    }
    const t = this.span(target);
    if (t.start <= this.span(alias).start && this.span(alias).end <= t.end) {
      throw new FatalDecode({ code: "yaml-decode-fatal", span: this.span(alias), message: `anchor '${alias.source}' value contains itself` });
    }
    return target;
  }

  private lastAnchoredBefore(name: string, offset: number): Node | undefined {
    const entry = this.anchors.get(name);
    if (!entry) return undefined;
    let lo = 0;
    let hi = entry.starts.length; // first index whose start is >= offset
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (entry.starts[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 ? entry.nodes[lo - 1] : undefined;
  }

  private count(node: Node): void {
    this.decodeCount++;
    if (this.aliasDepth > 0) this.aliasCount++;
    if (this.aliasCount > 100 && this.decodeCount > 1000 && this.aliasCount / this.decodeCount > allowedAliasRatio(this.decodeCount)) {
      throw new FatalDecode({ code: "yaml-decode-fatal", span: this.span(node), message: "document contains excessive aliasing" });
    }
  }

  /**
   * Decodes a unit (a top-level value, an input set, a case, a challenge): reused from the cache when its node
   * is unchanged since an earlier version, else decoded and recorded there.
   */
  private unit(node: Node | null, t: TypeExpr, anchor: Span): unknown {
    const cache = this.cache;
    if (!cache || !node || !(isMap(node) || isSeq(node))) return this.decode(node, t, anchor);
    const hit = cache.take(node, t);
    if (hit) {
      for (const p of hit.problems) this.problems.push(p);
      for (const u of hit.unknownKeys) this.unknownKeys.push(u);
      return hit.value;
    }
    const problems = this.problems.length;
    const unknownKeys = this.unknownKeys.length;
    const value = this.decode(node, t, anchor);
    if (value !== null && typeof value === "object" && node.range) {
      cache.put(node, {
        type: t,
        value,
        problems: this.problems.length > problems ? this.problems.slice(problems) : NONE,
        unknownKeys: this.unknownKeys.length > unknownKeys ? this.unknownKeys.slice(unknownKeys) : NONE,
        base: node.range[0],
      });
    }
    return value;
  }

  /** Resolves a scalar node as yaml.v3 does; throws for an explicit tag that does not fit. */
  resolveScalar(node: Scalar): Resolved {
    const text = scalarText(node);
    const tag = node.tag ? (hasOwn(TAG_SHORT, node.tag) ? TAG_SHORT[node.tag] : node.tag) : undefined;
    const plain = node.type === "PLAIN" || node.type === undefined;
    if (tag && tag !== "!") {
      const r = resolveTagged(tag, text);
      if (!r && tag === "!!binary")
        throw new FatalDecode({ code: "yaml-decode-fatal", span: this.span(node), message: "!!binary value contains invalid base64 data" });
      if (!r) {
        const actual = plain ? resolvePlain(text).tag : "!!str";
        throw new FatalDecode({
          code: "yaml-decode-fatal",
          span: this.span(node),
          message: `cannot decode ${actual} \`${shownValue(text)}\` as a ${tag}`,
        });
      }
      return r;
    }
    // `!` (non-specific) resolves a plain scalar as if untagged (yaml.v3 parser.node); quoted, it is text.
    if (!plain) return { tag: "!!str", value: text };
    return resolvePlain(text);
  }

  /** yaml.v3's `cannot unmarshal !!str into int32`, in an author's words: which key, what it must be, what it is. */
  private typeError(node: Node, tag: string, text: string | undefined, goType: string): void {
    const shown = text === undefined ? "" : ` (\`${shownValue(text)}\`)`;
    const where = this.path.length === 0 ? "the pack" : this.path.join(".").replace(/\.\[\]/g, "[]");
    this.problems.push({
      code: "yaml-type-mismatch",
      span: this.span(node),
      message: `${where}: expected ${expected(goType)}, got ${written(tag)}${shown}`,
      data: { goType, tag },
    });
  }

  private isNull(node: Node | null): boolean {
    if (!node) return true;
    if (!isScalar(node)) return false;
    if (!node.tag) {
      if (node.type !== "PLAIN" && node.type !== undefined) return false;
      return node.value == null || isNullText(String(node.value));
    }
    try {
      return this.resolveScalar(node).tag === "!!null";
    } catch {
      return false;
    }
  }

  /** Zero value of a type (absent key or null value). */
  zero(t: TypeExpr, anchor: Span): unknown {
    switch (t.kind) {
      case "scalar":
        if (t.optional || t.name === "uuid") return undefined;
        return t.name === "string" ? "" : t.name === "bool" ? false : 0;
      case "any":
      case "map":
        return undefined;
      case "list": {
        const list: unknown[] = [];
        this.sources.set(list, { node: null, anchor, extent: anchor, keys: NO_KEYS, items: NO_SPANS, writtenIndex: NO_INDEXES });
        return list;
      }
      case "object":
        return t.optional ? undefined : this.object(null, t, anchor);
    }
  }

  decode(node: Node | null, t: TypeExpr, anchor: Span): unknown {
    const target = this.deref(node);
    if (node) this.count(node);
    if (this.isNull(target)) return this.zero(t, anchor);
    const value = this.nested(node!, target!, () => this.decodeResolved(node!, target!, t, anchor));
    // A value that failed to decode leaves the field at its zero value, as in Go.
    return value === undefined ? this.zero(t, anchor) : value;
  }

  /**
   * Runs `fn` one level deeper, counting the level as reached through an alias when `target` is not `written`.
   * The parser prunes deeper nodes, so only chains of aliases (or merges) can reach the limit.
   */
  private nested<T>(written: Node, target: Node, fn: () => T): T {
    const viaAlias = target !== written;
    if (++this.depth > MAX_NESTING) {
      // Reported at the alias the expansion started from: the innermost node may be anywhere in the chain.
      const span = this.span(this.outermostAlias ?? written);
      throw new FatalDecode({ code: "yaml-nesting-too-deep", span, message: `aliases nest values deeper than ${MAX_NESTING} levels` });
    }
    if (viaAlias && this.aliasDepth++ === 0) this.outermostAlias = written;
    try {
      return fn();
    } finally {
      this.depth--;
      if (viaAlias && --this.aliasDepth === 0) this.outermostAlias = undefined;
    }
  }

  private decodeResolved(written: Node, node: Node, t: TypeExpr, anchor: Span): unknown {
    switch (t.kind) {
      case "any":
        return this.any(written, node, anchor);
      case "scalar":
        return this.scalar(written, node, t);
      case "list":
        if (!isSeq(node)) return this.mismatch(written, node, t.goType, this.zero(t, anchor));
        return this.list(written, node, t, anchor);
      case "map":
        if (!isMap(node)) return this.mismatch(written, node, t.goType, undefined);
        return this.map(written, node, t, anchor);
      case "object":
        if (!isMap(node)) return this.mismatch(written, node, t.goType, this.zero(t, anchor));
        return this.object(node, t, anchor, written);
    }
  }

  private mismatch<T>(written: Node, node: Node, goType: string, fallback: T): T {
    if (isScalar(node)) {
      const r = this.resolveScalar(node);
      this.typeError(written, r.tag, String(node.value ?? ""), goType);
    } else {
      this.typeError(written, isSeq(node) ? "!!seq" : "!!map", undefined, goType);
    }
    return fallback;
  }

  private scalar(written: Node, node: Node, t: Extract<TypeExpr, { kind: "scalar" }>): unknown {
    const goType = t.name === "uuid" ? "uuid.UUID" : t.name === "int" ? "int" : t.name;
    if (!isScalar(node)) return this.mismatch(written, node, goType, undefined);
    // Any untagged scalar decodes into a string as its text (only an explicit tag can fail).
    if (t.name === "string" && !node.tag) return String(node.value ?? "");
    const r = this.resolveScalar(node);
    const text = scalarText(node);
    switch (t.name) {
      case "string":
        return r.tag === "!!str" ? r.value : text; // !!binary decodes to its bytes
      case "uuid":
        return this.uuid(written, text);
      case "bool": {
        if (r.tag === "!!bool") return r.value;
        if (["y", "Y", "yes", "Yes", "YES", "on", "On", "ON"].includes(text)) return true;
        if (["n", "N", "no", "No", "NO", "off", "Off", "OFF"].includes(text)) return false;
        this.typeError(written, r.tag, text, goType);
        return undefined;
      }
      case "float64":
        if (r.tag === "!!int") return Number(r.value);
        if (r.tag === "!!float") return r.value;
        this.typeError(written, r.tag, text, goType);
        return undefined;
      default: {
        const bits = t.name === "int32" ? 32n : 64n;
        const min = -(2n ** (bits - 1n));
        const max = 2n ** (bits - 1n) - 1n;
        let v: bigint | undefined;
        if (r.tag === "!!int") v = r.value;
        else if (r.tag === "!!float" && Number.isFinite(r.value)) v = BigInt(Math.trunc(r.value));
        if (v !== undefined && v >= min && v <= max) return Number(v);
        this.typeError(written, r.tag, text, goType);
        return undefined;
      }
    }
  }

  /** google/uuid Parse acceptance; a failure is fatal, as in the reference. */
  private uuid(node: Node, text: string): string {
    const fail = (why: string) => {
      throw new FatalDecode({ code: "yaml-invalid-uuid", span: this.span(node), message: why });
    };
    const hex = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
    switch (text.length) {
      case 36:
        if (!hex.test(text)) fail("invalid UUID format");
        break;
      case 45:
        if (text.slice(0, 9).toLowerCase() !== "urn:uuid:") fail(`invalid urn prefix: ${goQuote(text.slice(0, 9))}`);
        if (!hex.test(text.slice(9))) fail("invalid UUID format");
        break;
      case 38:
        if (!hex.test(text.slice(1, 37))) fail("invalid UUID format");
        break;
      case 32:
        if (!/^[0-9a-fA-F]{32}$/.test(text)) fail("invalid UUID format");
        break;
      default:
        fail(`invalid UUID length: ${text.length}`);
    }
    return text;
  }

  private itemAnchor(item: Node): Span {
    const s = this.span(item);
    let i = s.start - 1;
    while (i >= 0 && (this.text[i] === " " || this.text[i] === "\t" || this.text[i] === "\n" || this.text[i] === "\r")) i--;
    if (i >= 0 && this.text[i] === "-") return { start: i, end: i + 1 };
    return { start: s.start, end: s.start === s.end ? s.start : lineEnd(this.text, s.start, s.end) };
  }

  private list(written: Node, node: YAMLSeq, t: Extract<TypeExpr, { kind: "list" }>, anchor: Span): unknown[] {
    const out: unknown[] = [];
    const source: ObjectSource = { node, anchor, extent: this.span(written), keys: NO_KEYS, items: [], writtenIndex: [] };
    node.items.forEach((raw, index) => {
      const item = raw as Node | null;
      if (!item || this.isNull(this.deref(item))) return; // yaml.v3 drops null elements of typed lists
      const before = this.problems.length;
      const itemAnchor = this.itemAnchor(item);
      this.path.push("[]");
      const value = t.of.kind === "object" && UNIT_ENTRIES.has(t.of.entry) ? this.unit(item, t.of, itemAnchor) : this.decode(item, t.of, itemAnchor);
      this.path.pop();
      if (this.problems.length > before && !(value !== undefined && typeof value === "object")) return; // failed elements are dropped
      out.push(value);
      // An object item spans from its dash; a scalar item is just its value.
      const objectItem = value !== null && typeof value === "object";
      source.items.push(objectItem ? { start: itemAnchor.start, end: this.span(item).end } : this.span(item));
      source.writtenIndex.push(index);
    });
    this.sources.set(out, source);
    return out;
  }

  /** A key's resolved tag; plain keys such as `name` resolve to strings without the general resolver. */
  private keyTag(node: Scalar, text: string): { tag: Resolved["tag"] } {
    if (!node.tag && (node.type === "PLAIN" || node.type === undefined) && isPlainString(text)) return STRING;
    return this.resolveScalar(node);
  }

  /** Pairs of a mapping with merge keys expanded (explicit keys win) and duplicates reported. */
  private pairs(node: YAMLMap): KeyPair[] {
    const out: KeyPair[] = [];
    this.pairsInto(node, out, new Set(), true);
    return out;
  }

  /**
   * Appends the pairs of `node` to `out`: its own keys (duplicates reported), then those of its merge sources.
   * Inside a merge a key is taken only if no key before it has its name (`taken`: the merging map's own keys win,
   * then the first merge source). One accumulator for the whole merge tree keeps the work linear in what is merged.
   */
  private pairsInto(node: YAMLMap, out: KeyPair[], taken: Set<string>, top: boolean): void {
    const seen = new Map<string, Node>();
    const own: (KeyPair & { complex?: true })[] = [];
    const merges: [Node, Node | null][] = [];
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const keyNode = (pair.key as Node | null) ?? null;
      const value = (pair.value as Node | null) ?? null;
      if (!keyNode) continue;
      this.count(keyNode); // yaml.v3 counts keys as decoded nodes: merged maps add up towards its alias guard
      // yaml.v3 calls two keys the same when their nodes have the same kind and text: an alias key is its name,
      // so it never repeats a written key here (a struct's field check below may still catch it).
      const written = isScalar(keyNode) ? scalarText(keyNode) : isAlias(keyNode) ? keyNode.source : "";
      const same = `${isScalar(keyNode) ? "s" : isAlias(keyNode) ? "a" : isMap(keyNode) ? "m" : "q"}${written}`;
      const first = seen.get(same);
      if (first) {
        this.problems.push({
          code: "yaml-duplicate-key",
          span: this.span(keyNode),
          message: `mapping key ${goQuote(written)} already defined at line ${this.line(this.span(first).start)}`,
          related: [{ span: this.span(first), message: `first definition of ${goQuote(written)}` }],
          data: { key: written },
        });
        continue;
      }
      seen.set(same, keyNode);
      const keyTarget = this.deref(keyNode);
      if (isScalar(keyTarget)) {
        const key = String(keyTarget.value ?? "");
        const r = this.keyTag(keyTarget, key);
        if (r.tag === "!!merge") {
          merges.push([keyNode, value]);
          continue;
        }
        own.push({ keyNode, key, value, nonString: r.tag !== "!!str" || !isStringTag(keyTarget) });
      } else {
        own.push({ keyNode, key: keyNode.toString(), value, nonString: true, complex: true });
      }
    }
    for (const { complex, ...p } of own) {
      if (top) {
        out.push(p);
        if (!complex) taken.add(p.key);
      } else if (!taken.has(p.key)) {
        taken.add(p.key);
        out.push(p);
      }
    }
    for (const [keyNode, value] of merges) this.mergeInto(keyNode, value, out, taken);
  }

  /** The pairs a merge key's value brings: a mapping's, or those of each mapping in a sequence, in order. */
  private mergeInto(keyNode: Node, value: Node | null, out: KeyPair[], taken: Set<string>): void {
    const target = this.deref(value);
    const fail = () => {
      // `{<<}` has no value node at all: the key is where the merge was written.
      throw new FatalDecode({
        code: "yaml-decode-fatal",
        span: this.span(value ?? keyNode),
        message: "map merge requires map or sequence of maps as the value",
      });
    };
    if (!value || !target) return fail();
    // yaml.v3 takes a sequence of maps only as written: an alias must name a map.
    if (isAlias(value) && !isMap(target)) return fail();
    this.count(value);
    this.nested(value, target, () => {
      if (isMap(target)) return this.pairsInto(target, out, taken, false);
      if (!isSeq(target)) return fail();
      for (const item of target.items as (Node | null)[]) {
        const m = this.deref(item);
        if (!item || !isMap(m)) return fail();
        this.count(item);
        this.nested(item, m, () => this.pairsInto(m, out, taken, false));
      }
    });
  }

  /** 1-based line of an offset. */
  private line(offset: number): number {
    if (!this.lineStarts) {
      this.lineStarts = [0];
      for (const m of this.text.matchAll(/\r\n?|\n/g)) this.lineStarts.push(m.index! + m[0].length);
    }
    let lo = 0;
    let hi = this.lineStarts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private pairSource(keyNode: Node, value: Node | null): PairSource {
    const empty = !value || (isScalar(value) && (value.value === null || value.value === "") && value.type === "PLAIN");
    return { key: this.span(keyNode), value: empty ? null : this.span(value!), valueNode: value };
  }

  private object(node: YAMLMap | null, t: Extract<TypeExpr, { kind: "object" }>, anchor: Span, written?: Node): Record<string, unknown> {
    const entry = objectEntry(t.entry);
    const out: Record<string, unknown> = {};
    const source: ObjectSource = { node, anchor, extent: written ? this.span(written) : anchor, keys: new Map(), items: NO_SPANS, writtenIndex: NO_INDEXES };
    if (node)
      for (const p of this.pairs(node)) {
        // yaml.v3 decodes each key of a struct's mapping into a string: a list or a map fails (its value unread).
        const keyTarget = this.deref(p.keyNode);
        if (keyTarget && (isMap(keyTarget) || isSeq(keyTarget))) {
          this.typeError(p.keyNode, isMap(keyTarget) ? "!!map" : "!!seq", undefined, "string");
          continue;
        }
        const ps = this.pairSource(p.keyNode, p.value);
        const field = hasOwn(entry.keys, p.key) && entry.keys[p.key].go_type !== "-";
        // Two keys that name the same field (an alias key repeating a written one): yaml.v3 keeps the first.
        if (field && source.keys.has(p.key)) {
          this.problems.push({
            code: "yaml-duplicate-key",
            span: ps.key,
            message: `field ${p.key} already set in type ${t.goType}`,
            text: `${goQuote(p.key)} is set twice in this mapping (a key and an alias key that name the same field): keep one`,
            related: [{ span: source.keys.get(p.key)!.key, message: `first definition of ${goQuote(p.key)}` }],
            data: { key: p.key },
          });
          continue;
        }
        source.keys.set(p.key, ps);
        if (!hasOwn(entry.keys, p.key) && !AUTHORS_KEYS[t.entry]?.includes(p.key)) this.unknownKeys.push({ key: p.key, span: ps.key, entry: t.entry });
      }
    const root = t.entry === "$";
    for (const { key, type } of decodedFields(t.entry)) {
      const p = source.keys.get(key);
      if (!p) {
        out[key] = this.zero(type, anchor);
        continue;
      }
      this.path.push(key);
      // `version` is decoded afresh: the evaluation_spec rules decode its spec in place.
      out[key] = root && key !== "version" ? this.unit(p.valueNode, type, p.key) : this.decode(p.valueNode, type, p.key);
      this.path.pop();
    }
    this.sources.set(out, source);
    return out;
  }

  /** A map with string keys; `freeForm`: an interface{} value, whose keys keep their YAML types. */
  private map(written: Node, node: YAMLMap, t: Extract<TypeExpr, { kind: "map" }>, anchor: Span, freeForm = false): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const source: ObjectSource = { node, anchor, extent: this.span(written), keys: new Map(), items: NO_SPANS, writtenIndex: NO_INDEXES };
    for (const p of this.pairs(node)) {
      // yaml.v3 cannot set a null key in a map[string]…: it drops the pair, value unread.
      if (!freeForm && p.nonString && this.isNull(this.deref(p.keyNode))) continue;
      if (p.nonString && !isScalar(this.deref(p.keyNode))) {
        const span = this.span(p.keyNode);
        throw new FatalDecode({
          code: "yaml-decode-fatal",
          span,
          message: `invalid map key: ${writtenKey(this.text.slice(span.start, span.end))} (a list or map cannot be a key)`,
        });
      }
      if (p.nonString && !source.nonStringKey) source.nonStringKey = this.span(p.keyNode);
      source.keys.set(p.key, this.pairSource(p.keyNode, p.value));
      this.path.push(p.key);
      const v = this.decode(p.value, t.of, this.span(p.keyNode));
      this.path.pop();
      // A typed map keeps a null value as its zero value (env_vars: {A: ~} gives A="").
      setOwn(out, p.key, v === undefined && t.of.kind === "scalar" && t.of.name === "string" ? "" : (v ?? null));
    }
    this.sources.set(out, source);
    return out;
  }

  /** A free-form value (interface{}): JSON-like data, with sources for every nested collection. */
  private any(written: Node, node: Node, anchor: Span): unknown {
    if (isScalar(node)) {
      if (!node.tag && node.type !== "PLAIN" && node.type !== undefined) return String(node.value ?? ""); // quoted: a string
      const r = this.resolveScalar(node);
      switch (r.tag) {
        case "!!null":
          return null;
        case "!!merge":
          return "<<"; // a `<<` value is the text (yaml.v3 resolves it to the string "<<")
        case "!!int":
          return Number(r.value);
        default:
          return r.value;
      }
    }
    if (isSeq(node)) {
      const out: unknown[] = [];
      const source: ObjectSource = { node, anchor, extent: this.span(written), keys: NO_KEYS, items: [], writtenIndex: [] };
      node.items.forEach((raw, index) => {
        const item = raw as Node | null;
        const itemAnchor = item ? this.itemAnchor(item) : anchor;
        this.path.push("[]");
        const value = item ? (this.decode(item, { kind: "any" }, itemAnchor) ?? null) : null;
        this.path.pop();
        out.push(value);
        if (!item) source.items.push(anchor);
        // A null item may still stand for an object (JSON decodes it to a zero struct), so it keeps its dash.
        else source.items.push(value === null || typeof value === "object" ? { start: itemAnchor.start, end: this.span(item).end } : this.span(item));
        source.writtenIndex.push(index);
      });
      this.sources.set(out, source);
      return out;
    }
    if (isMap(node)) return this.map(written, node, { kind: "map", of: { kind: "any" }, goType: "map[string]interface {}" }, anchor, true);
    return null;
  }
}

/** What a Go type takes, for an author. */
function expected(goType: string): string {
  if (goType.startsWith("[]")) return "a list";
  if (goType.startsWith("map[")) return "a mapping";
  switch (goType) {
    case "string":
      return "a string";
    case "bool":
      return "true or false";
    case "int32":
      return "a whole number from -2147483648 to 2147483647";
    case "int":
    case "int64":
      return "a whole number from -9223372036854775808 to 9223372036854775807";
    case "float64":
      return "a number";
    case "uuid.UUID":
      return "a UUID";
    default:
      return "a mapping"; // the reference's structs
  }
}

/** What a YAML tag is, for an author. */
function written(tag: string): string {
  switch (tag) {
    case "!!str":
      return "a string";
    case "!!int":
    case "!!float":
      return "a number";
    case "!!bool":
      return "a boolean";
    case "!!null":
      return "null";
    case "!!timestamp":
      return "a date";
    case "!!binary":
      return "binary data";
    case "!!map":
      return "a mapping";
    case "!!seq":
      return "a list";
    default:
      return `a value tagged ${tag}`;
  }
}

/**
 * A scalar's text as written: the yaml package decodes !!binary and !!timestamp itself (into bytes and a Date),
 * the reference resolves the text (and a timestamp decoded into a string is its text).
 */
function scalarText(node: Scalar): string {
  if (node.value == null) return "";
  if ((node.value instanceof Uint8Array || node.value instanceof Date) && typeof node.source === "string") return node.source;
  return String(node.value);
}

const STRING = { tag: "!!str" } as const;
const NONE: readonly never[] = Object.freeze([]);

/** The keys of a list's source, shared (a list has none): adding one is a bug, so it throws. */
class NoKeys extends Map<string, PairSource> {
  override set(): this {
    throw new Error("a list's source has no keys");
  }
}
const NO_KEYS: Map<string, PairSource> = new NoKeys();
/** The items of an object's (or a zero list's) source, shared and frozen. */
const NO_SPANS = NONE as unknown as Span[];
const NO_INDEXES = NONE as unknown as number[];

/** Catalog entries whose list items are decode units (see DecoderCache): the lists that grow with a pack. */
const UNIT_ENTRIES = new Set(["input_sets[]", "input_sets[].cases[]", "challenges[]"]);

const fieldCache = new Map<string, { key: string; type: TypeExpr }[]>();

/** The decoded fields of a catalog object, with parsed types (runtime-only `go_type: "-"` keys are never decoded). */
function decodedFields(entryName: string): { key: string; type: TypeExpr }[] {
  let fields = fieldCache.get(entryName);
  if (!fields) {
    fields = [];
    for (const [key, spec] of Object.entries(objectEntry(entryName).keys)) {
      if (spec.go_type !== "-") fields.push({ key, type: parseType(spec.type, spec.go_type) });
    }
    fieldCache.set(entryName, fields);
  }
  return fields;
}

/** `/\s/.test(text[i])` without a regex for the common ASCII case. */
function isSpace(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c > 32 && c < 127) return false;
  if (c === 32 || c === 10 || c === 13 || c === 9) return true;
  return /\s/.test(text[i]);
}

/** Every node that passes `test`, walked with an explicit stack (nesting depth is the document's to choose). */
function collectNodes(root: Node | null, test: (node: Node) => boolean): Node[] {
  const out: Node[] = [];
  eachNode(root, (node) => {
    if (test(node)) out.push(node);
  });
  return out;
}

/** A key as the author wrote it, on one line and cut short: the message quotes it instead of a decoded form. */
function writtenKey(source: string): string {
  const flat = source.replace(/\s+/g, " ").trim();
  return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat;
}
