/** Go's %q formatting of a string: double quotes, with escapes for quotes, backslashes and non-printable characters. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    switch (ch) {
      case '"': out += '\\"'; continue;
      case "\\": out += "\\\\"; continue;
      case "\n": out += "\\n"; continue;
      case "\t": out += "\\t"; continue;
      case "\r": out += "\\r"; continue;
      case "\u0007": out += "\\a"; continue;
      case "\b": out += "\\b"; continue;
      case "\f": out += "\\f"; continue;
      case "\v": out += "\\v"; continue;
    }
    if (cp >= 0xd800 && cp <= 0xdfff) out += "\\ufffd";
    else if (cp < 0x20 || cp === 0x7f) out += "\\x" + cp.toString(16).padStart(2, "0");
    else if (cp >= 0x80 && cp < 0xa0) out += "\\u" + cp.toString(16).padStart(4, "0");
    else out += ch;
  }
  return out + '"';
}

/** Unicode White_Space, as Go's unicode.IsSpace sees it (JavaScript's \s also has U+FEFF, which Go keeps). */
const WS = "\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const TRIM = new RegExp(`^[${WS}]+|[${WS}]+$`, "g");

/** Go's strings.TrimSpace. */
export function goTrim(s: string): string {
  return s.replace(TRIM, "");
}

export function isBlank(s: string | undefined | null): boolean {
  return s == null || goTrim(s) === "";
}
