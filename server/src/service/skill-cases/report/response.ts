/**
 * A formatted response file (the Skill Test response contract): the header lines `selected_skill:`, `status:`,
 * `artifacts:`, `routing:` and `next_action:`, then the sections Summary, Plan Or Decision, Contract Evidence and
 * Raw Response, in that order, Raw Response last. Only a complete contract is taken as formatted, and only its Raw
 * Response is read: the checks run on the raw answer, never on a header or heading anyone wrote.
 */

const HEADER = ["selected_skill", "status", "artifacts", "routing", "next_action"];
const SECTIONS = ["summary", "plan or decision", "contract evidence", "raw response"];

/** The raw answer inside a complete formatted response; undefined when the text is not one (it is then raw). */
export function rawOfFormatted(text: string): string | undefined {
  const body = text.replace(/^\uFEFF/, "");
  const lines = body.split("\n");
  let i = 0;
  let next = 0;
  for (; i < lines.length && !/^#{1,6}\s/.test(lines[i]); i++) {
    const field = /^([a-z_]+)\s*:/.exec(lines[i].replace(/\r$/, ""));
    if (!field) continue;
    if (field[1] !== HEADER[next]) return undefined;
    next++;
  }
  if (next !== HEADER.length) return undefined;
  let offset = lines.slice(0, i).reduce((n, l) => n + l.length + 1, 0);
  let section = 0;
  for (; i < lines.length; i++) {
    const h = /^#{2}\s+(.*?)\s*\r?$/.exec(lines[i]);
    offset += lines[i].length + 1;
    if (!h) continue;
    if (h[1].toLowerCase() !== SECTIONS[section]) return undefined;
    section++;
    if (section === SECTIONS.length) return body.slice(Math.min(offset, body.length));
  }
  return undefined;
}
