import { goQuote } from "./go-quote";

/**
 * The parts of Go's net/url that JSON Schema `$id`/`$ref` resolution relies on: Parse (with its main
 * rejections), ResolveReference (RFC 3986 section 5.2, where a non-empty merged path always starts with `/`)
 * and String (used as the lookup key of resolved schemas).
 */
export interface GoURL {
  scheme: string;
  /** Set for `scheme:opaque` URLs (no `//` and no leading `/` after the scheme). */
  opaque: string;
  /** `//authority`, or undefined when the URL has none. */
  authority?: string;
  path: string;
  query?: string;
  fragment: string;
}

export const emptyURL: GoURL = { scheme: "", opaque: "", path: "", fragment: "" };

/** Go's url.Parse: the URL, or the error text (`parse "…": …`). */
export function parseGoURL(raw: string): GoURL | string {
  const fail = (why: string) => `parse ${goQuote(raw)}: ${why}`;
  if (/[\u0000-\u001f\u007f]/.test(raw)) return fail("net/url: invalid control character in URL");
  const hash = raw.indexOf("#");
  const fragment = hash < 0 ? "" : unescape(raw.slice(hash + 1));
  if (fragment === undefined) return fail(`invalid URL escape ${badEscape(raw.slice(hash + 1))}`);
  let rest = hash < 0 ? raw : raw.slice(0, hash);

  let scheme = "";
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(rest);
  if (m) {
    scheme = m[1].toLowerCase();
    rest = rest.slice(m[0].length);
  } else if (rest.startsWith(":")) return fail("missing protocol scheme");

  let query: string | undefined;
  const q = rest.indexOf("?");
  if (q >= 0) {
    query = rest.slice(q + 1);
    rest = rest.slice(0, q);
  }
  if (scheme !== "" && !rest.startsWith("/")) return { scheme, opaque: rest, path: "", query, fragment };
  if (scheme === "" && !rest.startsWith("/") && rest.split("/")[0].includes(":")) {
    return fail("first path segment in URL cannot contain colon");
  }
  let authority: string | undefined;
  if (rest.startsWith("//") && !rest.startsWith("///")) {
    const end = rest.indexOf("/", 2);
    authority = end < 0 ? rest.slice(2) : rest.slice(2, end);
    rest = end < 0 ? "" : rest.slice(end);
    if (unescape(authority) === undefined) return fail(`invalid URL escape ${badEscape(authority)}`);
  }
  const path = unescape(rest);
  if (path === undefined) return fail(`invalid URL escape ${badEscape(rest)}`);
  return { scheme, opaque: "", authority, path, query, fragment };
}

function unescape(s: string): string | undefined {
  if (/%(?![0-9A-Fa-f]{2})/.test(s)) return undefined;
  try {
    return decodeURIComponent(s);
  } catch {
    return s.replace(/%([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
}

function badEscape(s: string): string {
  const i = s.search(/%(?![0-9A-Fa-f]{2})/);
  return goQuote(s.slice(i, i + 3));
}

export function isAbsoluteURL(u: GoURL): boolean {
  return u.scheme !== "";
}

/** Go's (*URL).ResolveReference. */
export function resolveGoURL(base: GoURL, ref: GoURL): GoURL {
  const url: GoURL = { ...ref, scheme: ref.scheme || base.scheme };
  if (ref.scheme !== "" || ref.authority !== undefined) return { ...url, path: resolvePath(ref.path, "") };
  if (ref.opaque !== "") return { ...url, authority: undefined, path: "" };
  if (ref.path === "" && ref.query === undefined) {
    url.query = base.query;
    if (ref.fragment === "") url.fragment = base.fragment;
  }
  if (ref.path === "" && base.opaque !== "") return { ...url, opaque: base.opaque, authority: undefined, path: "" };
  return { ...url, authority: base.authority, path: resolvePath(base.path, ref.path) };
}

function resolvePath(base: string, ref: string): string {
  const full = ref === "" ? base : ref.startsWith("/") ? ref : base.slice(0, base.lastIndexOf("/") + 1) + ref;
  if (full === "") return "";
  const out: string[] = [];
  const segs = full.split("/");
  segs.forEach((seg, i) => {
    if (seg === ".") return;
    if (seg === "..") out.pop();
    else if (i > 0 || seg !== "") out.push(seg);
  });
  const last = segs[segs.length - 1];
  return "/" + out.join("/") + (last === "." || last === ".." ? "/" : "");
}

/** The URL without its fragment, as the key it is registered under. */
export function urlKey(u: GoURL): string {
  let s = u.scheme ? u.scheme + ":" : "";
  if (u.opaque) s += u.opaque;
  else {
    if (u.authority !== undefined && (u.authority !== "" || u.path !== "")) s += "//" + u.authority;
    s += u.path;
  }
  return u.query !== undefined ? s + "?" + u.query : s;
}
