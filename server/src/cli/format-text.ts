import { displayMessage, type PackDiagnostic } from "../service";
import { FileReport, isValid, verdict } from "./report";

export interface TextOptions {
  color: boolean;
  /** Errors only: no line for a file without errors (the summary still counts it). */
  quiet?: boolean;
  /** A verdict line for every file, clean ones too (by default a file without findings gets none; the summary counts it). */
  verbose?: boolean;
}

const SGR = { red: 31, green: 32, yellow: 33, blue: 34, cyan: 36, gray: 90, bold: 1 } as const;
type Paint = (c: keyof typeof SGR, s: string) => string;
const SEVERITY_COLOR = { error: "red", warning: "yellow", information: "blue", hint: "cyan" } as const;

function painter(color: boolean): Paint {
  return (c, s) => (color ? `\u001b[${SGR[c]}m${s}\u001b[0m` : s);
}

/**
 * `--format text`: per diagnostic `path:line:col: severity [code] field message` and a code frame; per file with
 * findings (every file with `verbose`) `path: ` and the official CLI's verdict (`Challenge pack is valid` / `has
 * errors`), files with findings followed by a blank line.
 */
export function formatText(reports: FileReport[], opts: TextOptions): string {
  const paint = painter(opts.color);
  let out = "";
  for (const r of reports) {
    const lines = r.text.split(/\r\n|\r|\n/);
    const path = printableLine(r.path);
    if (r.diagnostics.length && out && !out.endsWith("\n\n")) out += "\n";
    for (const d of r.diagnostics) {
      const where = `${path}:${d.range.start.line + 1}:${d.range.start.character + 1}`;
      // `[*]`: --fix fixes it (as ruff marks its fixable findings).
      const fixable = d.fixable ? ` ${paint("cyan", "[*]")}` : "";
      out += `${paint("bold", where)}: ${paint(SEVERITY_COLOR[d.severity], d.severity)} ${paint("gray", `[${d.code}]`)}${fixable} ${printable(displayMessage(d))}\n`;
      out += codeFrame(lines, d, paint);
      for (const rel of d.related ?? []) {
        out += `  ${paint("gray", `${path}:${rel.range.start.line + 1}:${rel.range.start.character + 1}: ${printable(rel.message)}`)}\n`;
      }
    }
    const valid = isValid(r);
    if (valid && (opts.quiet || (!opts.verbose && !r.diagnostics.length))) continue;
    const line = verdict(r);
    out += `${paint("bold", path)}: ${valid ? line : paint("red", line)}\n`;
    if (r.diagnostics.length) out += "\n";
  }
  // A blank line before the summary.
  return out && !out.endsWith("\n\n") ? out + "\n" : out;
}

/** What a run found, counted for the summary line. */
export interface RunCounts {
  files: number;
  errors: number;
  warnings: number;
  /** Errors that rule levels silenced (each file with one is not valid). */
  silenced: number;
  skipped: number;
  /** Diagnostics a safe fix would fix (`[*]`). */
  fixable: number;
  fixed?: number;
  /** --fix-dry-run: the files were not written, they would be fixed. */
  dryRun?: boolean;
}

export function countRun(reports: FileReport[], skipped: number): RunCounts {
  const all = reports.flatMap((r) => r.diagnostics);
  return {
    files: reports.length,
    errors: all.filter((d) => d.severity === "error").length,
    warnings: all.filter((d) => d.severity === "warning").length,
    silenced: reports.reduce((n, r) => n + (r.silenced?.length ?? 0), 0),
    fixable: all.filter((d) => d.fixable).length,
    skipped,
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The closing line: `3 files checked, 1 error, 2 warnings, 1 file skipped` (files fixed after --fix, errors silenced by rule levels). */
export function summaryLine(c: RunCounts, color: boolean): string {
  const paint = painter(color);
  const parts = [
    `${plural(c.files, "file")} checked`,
    ...(c.fixed !== undefined ? [c.dryRun ? `${plural(c.fixed, "file")} would be fixed` : `${plural(c.fixed, "file")} fixed`] : []),
    paint(c.errors ? "red" : "green", plural(c.errors, "error")),
    paint(c.warnings ? "yellow" : "green", plural(c.warnings, "warning")),
    ...(c.silenced ? [paint("red", `${plural(c.silenced, "error")} silenced`)] : []),
    `${plural(c.skipped, "file")} skipped`,
    ...(c.fixable ? [`${c.fixable} fixable with --fix`] : []),
  ];
  return `${parts.join(", ")}\n`;
}

/** Code frames show at most this many characters of a line: a window around the column, cut with `…`. */
export const FRAME_WIDTH = 120;
const FRAME_BEFORE = 40;

function codeFrame(lines: string[], d: PackDiagnostic, paint: Paint): string {
  const { start, end } = d.range;
  const full = lines[start.line] ?? "";
  const gutter = String(start.line + 1);
  let width = end.line === start.line ? Math.max(1, end.character - start.character) : Math.max(1, full.length - start.character);
  // A long line (minified, generated, hostile) is shown as a window around the column, never whole.
  let column = start.character;
  // Only the window is made printable: a line of many findings is not copied once per finding.
  let text = full.length > FRAME_WIDTH ? "" : printable(full);
  if (full.length > FRAME_WIDTH) {
    const from = Math.max(0, Math.min(start.character - FRAME_BEFORE, full.length - FRAME_WIDTH));
    const to = Math.min(full.length, from + FRAME_WIDTH);
    text = `${from > 0 ? "…" : ""}${printable(full.slice(from, to))}${to < full.length ? "…" : ""}`;
    column = start.character - from + (from > 0 ? 1 : 0);
    width = Math.max(1, Math.min(width, to - start.character));
  }
  // Tabs keep their width in the caret line so the marker lines up under the text.
  const lead = text.slice(0, column).replace(/[^\t]/g, " ");
  const frame = `  ${paint("gray", gutter + " |")} ${text}\n  ${" ".repeat(gutter.length)} ${paint("gray", "|")} ${lead}${paint(SEVERITY_COLOR[d.severity], "^".repeat(width))}\n`;
  return frame;
}

/**
 * Text from a pack as a terminal may print it: control characters (an escape sequence could rewrite the
 * terminal) become their Control Pictures, one for one, so carets still line up; tabs and line breaks stay.
 */
export function printable(s: string): string {
  return s
    .replace(/[\x00-\x08\x0B-\x1F\x7F-\x9F]/g, (c) => {
      const code = c.charCodeAt(0);
      return code < 0x20 ? String.fromCharCode(0x2400 + code) : code === 0x7f ? "\u2421" : "\uFFFD";
    })
    .replace(BIDI_CONTROLS, "\uFFFD");
}

/**
 * Bidirectional formatting characters: a right-to-left override in a name or a line reorders what the terminal
 * shows after it ("Trojan Source"), so none reaches the terminal as is.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** A file name or a one-line message as one printable line: control characters (line breaks and tabs too) and bidi controls as `\u` escapes. */
export function printableLine(s: string): string {
  return s.replace(
    /[\x00-\x1F\x7F-\x9F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`,
  );
}
