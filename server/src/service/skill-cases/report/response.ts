import type { ResponseFacts } from "../assertions";

/**
 * A formatted response (the Skill Test response contract): header lines `selected_skill:`, `status:`,
 * `artifacts:` (a `- item` list), `routing:` (a `- route: target` list) and `next_action:`, then `##` sections
 * (Summary, Plan Or Decision, Contract Evidence, Raw Response).
 */
export interface ParsedResponse extends ResponseFacts {
  /** The header had `selected_skill:` or `status:`, i.e. the file follows the contract. */
  formatted: boolean;
  /** Section bodies by lowercased heading. */
  sections: Map<string, string>;
  /**
   * The response's own words, where terms are searched: every section but Contract Evidence (which restates the
   * expectations) plus next_action; the whole text when there are no sections.
   */
  searchable: string;
}

const EMPTY = new Set(["", "<empty>", "(empty)", "empty", "none", "(none)", "n/a", "-", "null", "~", '""', "''"]);

function clean(s: string): string {
  const t = s
    .trim()
    .replace(/^`+|`+$/g, "")
    .replace(/^"(.*)"$|^'(.*)'$/, "$1$2")
    .trim();
  return EMPTY.has(t.toLowerCase()) ? "" : t;
}

function splitRoute(s: string): [string, string] | undefined {
  const m = /^([^:=→>\s-][^:=→>]*?)\s*(?::|->|=>|→|=)\s*(.*)$/.exec(s.trim());
  return m ? [clean(m[1]), clean(m[2])] : undefined;
}

export function parseResponse(text: string): ParsedResponse {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const facts: ResponseFacts = { selected_skill: "", status: "", artifacts: [], routing: {}, next_action: "" };
  let formatted = false;
  let list: "artifacts" | "routing" | undefined;
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (/^#{1,6}\s/.test(line)) break;
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (item && list) {
      if (list === "artifacts") {
        const a = clean(item[1]);
        if (a) facts.artifacts.push(a);
      } else {
        const r = splitRoute(item[1]);
        if (r && r[0]) facts.routing[r[0]] = r[1];
      }
      continue;
    }
    const field = /^\s*(selected_skill|status|artifacts|routing|next_action)\s*:\s*(.*)$/i.exec(line);
    if (!field) {
      if (line.trim()) list = undefined;
      continue;
    }
    const key = field[1].toLowerCase() as keyof ResponseFacts;
    const value = field[2];
    list = undefined;
    if (key === "selected_skill" || key === "status") formatted = true;
    if (key === "artifacts") {
      list = "artifacts";
      const inline = clean(value.replace(/^\[(.*)\]$/, "$1"));
      if (inline) facts.artifacts.push(...(value.trim().startsWith("[") ? inline.split(",").map(clean).filter(Boolean) : [inline]));
    } else if (key === "routing") {
      list = "routing";
      const inline = value.trim().replace(/^\{(.*)\}$/, "$1");
      for (const part of inline.split(",")) {
        const r = splitRoute(part);
        if (r && r[0]) facts.routing[r[0]] = r[1];
      }
    } else if (key === "status") facts.status = clean(value).toUpperCase();
    else if (key === "selected_skill") facts.selected_skill = clean(value);
    else facts.next_action = clean(value);
  }

  const sections = new Map<string, string>();
  let heading: string | undefined;
  let body: string[] = [];
  const flush = () => {
    if (heading !== undefined) sections.set(heading, body.join("\n").trim());
  };
  for (; i < lines.length; i++) {
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(lines[i]);
    if (h) {
      flush();
      heading = h[1].toLowerCase();
      body = [];
    } else body.push(lines[i]);
  }
  flush();
  const searchable = sections.size === 0 ? text : [...[...sections].filter(([h]) => h !== "contract evidence").map(([, b]) => b), facts.next_action].join("\n");
  return { ...facts, formatted, sections, searchable };
}
