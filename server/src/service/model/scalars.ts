/**
 * YAML scalar resolution as the reference's decoder (gopkg.in/yaml.v3) does it, which differs
 * from YAML 1.2 core in places (leading-zero octal, `08` as a float, timestamps).
 */

export type Resolved =
  | { tag: "!!null" }
  | { tag: "!!bool"; value: boolean }
  | { tag: "!!int"; value: bigint }
  | { tag: "!!float"; value: number }
  | { tag: "!!timestamp"; value: string }
  | { tag: "!!str"; value: string }
  | { tag: "!!merge" };

const NULLS = new Set(["", "~", "null", "Null", "NULL"]);
const TRUES = new Set(["true", "True", "TRUE"]);
const FALSES = new Set(["false", "False", "FALSE"]);
// A Map, not an object literal: `"constructor" in {}` is true.
const INFS = new Map<string, number>([
  [".inf", Infinity],
  [".Inf", Infinity],
  [".INF", Infinity],
  ["+.inf", Infinity],
  ["+.Inf", Infinity],
  ["+.INF", Infinity],
  ["-.inf", -Infinity],
  ["-.Inf", -Infinity],
  ["-.INF", -Infinity],
  [".nan", NaN],
  [".NaN", NaN],
  [".NAN", NaN],
]);
const FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const TIMESTAMP = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[Tt]|[ \t]+)(\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.(\d+))?(?:[ \t]*(Z|[-+]\d{1,2}(?::?\d{2})?))?)?$/;

const INT64_MIN = -(2n ** 63n);
const UINT64_MAX = 2n ** 64n - 1n;

/** Go's strconv.ParseInt(s, 0, 64) (falling back to ParseUint), after yaml.v3 removed underscores. */
function parseGoInt(s: string): bigint | undefined {
  const m = /^([-+]?)(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/.exec(s);
  if (!m) return undefined;
  const body = m[2];
  let v: bigint;
  if (/^0[oO]/.test(body)) v = BigInt("0o" + body.slice(2));
  else if (/^0[0-7]+$/.test(body)) v = BigInt("0o" + body.slice(1));
  else v = BigInt(body);
  if (m[1] === "-") v = -v;
  if (v < INT64_MIN || v > UINT64_MAX) return undefined;
  return v;
}

function timestamp(s: string): string | undefined {
  const m = TIMESTAMP.exec(s);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, se, frac, zone] = m;
  const pad = (x: string | undefined, n = 2) => (x ?? "0").padStart(n, "0");
  const month = Number(mo),
    day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  let out = `${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(se)}`;
  if (frac) out += "." + frac.replace(/0+$/, "");
  if (out.endsWith(".")) out = out.slice(0, -1);
  if (!zone || zone === "Z") return out + "Z";
  const zm = /^([-+])(\d{1,2}):?(\d{2})?$/.exec(zone)!;
  return `${out}${zm[1]}${pad(zm[2])}:${zm[3] ?? "00"}`;
}

/** Whether a plain untagged scalar's text resolves to null (resolvePlain(text).tag === "!!null", without allocating). */
export function isNullText(text: string): boolean {
  return NULLS.has(text);
}

/** Whether a plain untagged scalar's text resolves to a string (resolvePlain(text).tag === "!!str", usually without allocating). */
export function isPlainString(text: string): boolean {
  const c = text.charCodeAt(0);
  if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46) return resolvePlain(text).tag === "!!str";
  return !(NULLS.has(text) || TRUES.has(text) || FALSES.has(text) || text === "<<");
}

/** Resolves a plain (unquoted, untagged) scalar's text. */
export function resolvePlain(text: string): Resolved {
  if (NULLS.has(text)) return { tag: "!!null" };
  if (TRUES.has(text)) return { tag: "!!bool", value: true };
  if (FALSES.has(text)) return { tag: "!!bool", value: false };
  const inf = INFS.get(text);
  if (inf !== undefined) return { tag: "!!float", value: inf };
  if (text === "<<") return { tag: "!!merge" };
  const c = text.charCodeAt(0);
  const numeric = (c >= 48 && c <= 57) || text[0] === "-" || text[0] === "+" || text[0] === ".";
  if (!numeric) return { tag: "!!str", value: text };
  const ts = timestamp(text);
  if (ts !== undefined) return { tag: "!!timestamp", value: ts };
  // yaml.v3 hands text that starts with "." to ParseFloat as written, which takes "_" only between digits.
  if (text[0] === "." && /(?<![0-9])_|_(?![0-9])/.test(text)) return { tag: "!!str", value: text };
  const plain = text.replace(/_/g, "");
  const int = parseGoInt(plain);
  if (int !== undefined) return { tag: "!!int", value: int };
  if (FLOAT.test(plain)) {
    // Go's ParseFloat fails past float64's range (1e400 is ErrRange, not +Inf): yaml.v3 keeps the text then.
    const value = Number(plain);
    if (Number.isFinite(value)) return { tag: "!!float", value };
  }
  return { tag: "!!str", value: text };
}

/** Resolves a scalar with an explicit standard tag; undefined when the text does not fit the tag. */
export function resolveTagged(tag: string, text: string): Resolved | undefined {
  switch (tag) {
    case "!!str":
      return { tag: "!!str", value: text };
    case "!!null":
      return NULLS.has(text) ? { tag: "!!null" } : undefined;
    case "!!bool": {
      const r = resolvePlain(text);
      return r.tag === "!!bool" ? r : undefined;
    }
    case "!!int": {
      const r = resolvePlain(text);
      return r.tag === "!!int" ? r : undefined;
    }
    case "!!float": {
      const r = resolvePlain(text);
      if (r.tag === "!!int") return { tag: "!!float", value: Number(r.value) };
      return r.tag === "!!float" ? r : undefined;
    }
    case "!!timestamp": {
      const ts = timestamp(text);
      return ts === undefined ? undefined : { tag: "!!timestamp", value: ts };
    }
    case "!!binary": {
      const data = goBase64(text);
      return data === undefined ? undefined : { tag: "!!str", value: data };
    }
    default:
      return { tag: "!!str", value: text };
  }
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Go's base64.StdEncoding.DecodeString (padding required, line breaks skipped), as the string yaml.v3 makes of the
 * bytes; undefined when the text is not valid base64.
 */
function goBase64(text: string): string | undefined {
  const s = text.replace(/[\r\n]/g, "");
  if (!BASE64.test(s)) return undefined;
  const binary = atob(s);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The scalar's text as yaml.v3 shows it in an unmarshal error: up to 10 characters, else 7 and an ellipsis. */
export function shownValue(text: string): string {
  const chars = [...text];
  return chars.length > 10 ? chars.slice(0, 7).join("") + "..." : text;
}
