import { displayMessage, type PackDiagnostic } from "../service";
import { workspacePath } from "../workspace/paths";
import { type FileReport, silencedNote } from "./report";

/**
 * `--format github`: one GitHub Actions workflow command per diagnostic, which the runner turns into
 * an annotation on the file: `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=<code>::<field> <message>`.
 * Lines and columns are 1-based; endColumn is the column just after the range. Columns are left out for a
 * range over several lines (annotations only support columns within one line). A file whose errors rule levels
 * silenced gets one more error annotation, on the file, saying how many.
 */
export function formatGithub(reports: FileReport[], cwd: string): string {
  let out = "";
  for (const r of reports) {
    const file = workspacePath(r.path, cwd);
    for (const d of r.diagnostics) out += command(d, file) + "\n";
    // A file whose errors were silenced is still rejected: one annotation on the file says so.
    const note = silencedNote(r);
    if (note)
      out += `::error ${[
        ["file", file],
        ["title", "silenced errors"],
      ]
        .map(([k, v]) => `${k}=${escapeProperty(v)}`)
        .join(",")}::${escapeData(`${note}.`)}\n`;
  }
  return out;
}

const COMMAND = { error: "error", warning: "warning", information: "notice", hint: "notice" } as const;

function command(d: PackDiagnostic, file: string): string {
  const { start, end } = d.range;
  const props: [string, string | number][] = [
    ["file", file],
    ["line", start.line + 1],
  ];
  if (start.line === end.line) props.push(["col", start.character + 1]);
  props.push(["endLine", end.line + 1]);
  if (start.line === end.line) props.push(["endColumn", end.character + 1]);
  props.push(["title", d.code]);
  let message = displayMessage(d);
  for (const rel of d.related ?? []) message += `\n${file}:${rel.range.start.line + 1}:${rel.range.start.character + 1}: ${rel.message}`;
  return `::${COMMAND[d.severity]} ${props.map(([k, v]) => `${k}=${escapeProperty(String(v))}`).join(",")}::${escapeData(message)}`;
}

/** GitHub's escaping of a command's message (the runner decodes it back). */
export function escapeData(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** GitHub's escaping of a property value: also `:` and `,`, which delimit properties. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
