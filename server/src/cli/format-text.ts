import { displayMessage } from "../service/diagnostic-text";
import type { PackDiagnostic } from "../service";
import { FileReport, isValid } from "./report";

export interface TextOptions {
  color: boolean;
}

const SGR = { red: 31, yellow: 33, blue: 34, cyan: 36, gray: 90, bold: 1 } as const;

/** `--format text`: `path:line:col: severity [code] field message`, a code frame, then the official CLI's verdict line. */
export function formatText(reports: FileReport[], opts: TextOptions): string {
  const paint = (c: keyof typeof SGR, s: string) => (opts.color ? `\u001b[${SGR[c]}m${s}\u001b[0m` : s);
  const sevColor = { error: "red", warning: "yellow", information: "blue", hint: "cyan" } as const;
  let out = "";
  for (const r of reports) {
    const lines = r.text.split(/\r\n|\r|\n/);
    const path = printable(r.path);
    for (const d of r.diagnostics) {
      const where = `${path}:${d.range.start.line + 1}:${d.range.start.character + 1}`;
      out += `${paint("bold", where)}: ${paint(sevColor[d.severity], d.severity)} ${paint("gray", `[${d.code}]`)} ${printable(displayMessage(d))}\n`;
      out += codeFrame(lines, d, paint);
      for (const rel of d.related ?? []) {
        out += `  ${paint("gray", `${path}:${rel.range.start.line + 1}:${rel.range.start.character + 1}: ${printable(rel.message)}`)}\n`;
      }
    }
    const noun = r.kind === "skill-cases" ? "Skill case file" : "Challenge pack";
    out += isValid(r) ? `${noun} is valid\n` : `${noun} has errors\n`;
    out += "\n";
  }
  return out;
}

function codeFrame(lines: string[], d: PackDiagnostic, paint: (c: keyof typeof SGR, s: string) => string): string {
  const { start, end } = d.range;
  const text = printable(lines[start.line] ?? "");
  const gutter = String(start.line + 1);
  const width = end.line === start.line ? Math.max(1, end.character - start.character) : Math.max(1, text.length - start.character);
  // Tabs keep their width in the caret line so the marker lines up under the text.
  const lead = text.slice(0, start.character).replace(/[^\t]/g, " ");
  const frame = `  ${paint("gray", gutter + " |")} ${text}\n  ${" ".repeat(gutter.length)} ${paint("gray", "|")} ${lead}${paint("red", "^".repeat(width))}\n`;
  return frame;
}

/**
 * Text from a pack as a terminal may print it: control characters (an escape sequence could rewrite the
 * terminal) become their Control Pictures, one for one, so carets still line up; tabs and line breaks stay.
 */
export function printable(s: string): string {
  return s.replace(/[\x00-\x08\x0B-\x1F\x7F-\x9F]/g, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 ? String.fromCharCode(0x2400 + code) : code === 0x7f ? "\u2421" : "\uFFFD";
  });
}
