/**
 * Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. Every other rune
 * (other space separators, U+2028/U+2029, format characters such as U+200B, controls, private use, unassigned)
 * is escaped by %q. The tables are the JavaScript engine's Unicode version, not Go's.
 */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/** Go's %q formatting of a string (strconv.Quote): double quotes, with escapes for quotes, backslashes and every rune that is not printable. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    switch (ch) {
      case '"':
        out += '\\"';
        continue;
      case "\\":
        out += "\\\\";
        continue;
      case "\n":
        out += "\\n";
        continue;
      case "\t":
        out += "\\t";
        continue;
      case "\r":
        out += "\\r";
        continue;
      case "\u0007":
        out += "\\a";
        continue;
      case "\b":
        out += "\\b";
        continue;
      case "\f":
        out += "\\f";
        continue;
      case "\v":
        out += "\\v";
        continue;
    }
    if (cp >= 0xd800 && cp <= 0xdfff)
      out += "\\ufffd"; // a lone surrogate: Go's string would hold U+FFFD
    else if (cp < 0x80 ? cp >= 0x20 && cp !== 0x7f : PRINTABLE.test(ch)) out += ch;
    else if (cp < 0x20 || cp === 0x7f) out += "\\x" + hex(cp, 2);
    else if (cp < 0x10000) out += "\\u" + hex(cp, 4);
    else out += "\\U" + hex(cp, 8);
  }
  return out + '"';
}

function hex(cp: number, width: number): string {
  return cp.toString(16).padStart(width, "0");
}

/** Unicode White_Space, as Go's unicode.IsSpace sees it (JavaScript's \s also has U+FEFF, which Go keeps). */
export function isGoSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0x85) return false;
  return (
    c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000
  );
}

/**
 * Go's strings.TrimSpace, by a scan from each end: linear in the text's length whatever its runs of white space
 * (a regex `[…]+$` retries from every character of a run that is not at the end, which is quadratic).
 */
export function goTrim(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isGoSpace(s.charCodeAt(start))) start++;
  while (end > start && isGoSpace(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

export function isBlank(s: string | undefined | null): boolean {
  if (s == null) return true;
  for (let i = 0; i < s.length; i++) if (!isGoSpace(s.charCodeAt(i))) return false;
  return true;
}
