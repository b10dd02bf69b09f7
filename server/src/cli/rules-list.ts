import { allRules, type RuleInfo, AREA_TITLES, ruleDoc, rulePage, oneLine } from "../service";

/** Terminal width the list is laid out for. */
export const RULES_WIDTH = 100;

/** `packlint rules`: every code with its default severity and what it checks, by area, in 100 columns. */
export function formatRules(format: "text" | "json"): string {
  const rules = allRules();
  if (format === "json") {
    return (
      JSON.stringify(
        rules.map((r) => ({ ...r, description: describe(r) })),
        null,
        2,
      ) + "\n"
    );
  }
  // Codes longer than the column put their description on the next line.
  const codeWidth = 30;
  const indent = 2 + codeWidth + 2 + "information".length + 2;
  const out: string[] = [];
  for (const area of [...new Set(rules.map((r) => r.area))]) {
    out.push(`${AREA_TITLES[area] ?? area}`);
    for (const r of rules.filter((x) => x.area === area)) {
      const lines = wrap(describe(r), RULES_WIDTH - indent).map((line) => " ".repeat(indent) + line);
      if (r.code.length > codeWidth) out.push(`  ${r.code}  ${r.severity}`);
      else lines[0] = `  ${r.code.padEnd(codeWidth)}  ${r.severity.padEnd(11)}  ${lines[0].trimStart()}`;
      out.push(...lines);
    }
    out.push("");
  }
  const ours = rules.filter((r) => r.origin === "packlint").length;
  return (
    out.join("\n") +
    `${rules.length} rules: ${rules.length - ours} of AgentClash's validator, ${ours} of packlint's own.\n` +
    '`packlint rules CODE` explains one. Change a severity with --rule CODE=LEVEL or the "rules" of\n' +
    ".packlintrc.json (levels: off, error, warning, information, hint).\n"
  );
}

/** `packlint rules CODE`: the rule's page, as in docs/rules/CODE.md (JSON: its parts). */
export function formatRulePage(code: string, format: "text" | "json"): string {
  const doc = ruleDoc(code)!;
  return format === "json" ? JSON.stringify(doc, null, 2) + "\n" : rulePage(doc);
}

/** A rule in one sentence, for the list and SARIF's short description. */
export function describe(r: RuleInfo): string {
  let d = oneLine(ruleDoc(r.code)!.checks).replace(/\\\|/g, "|");
  if (!r.offlineCheckable) d = `[checked when publishing, not offline] ${d}`;
  else if (!r.reachable) d = `[cannot fire from YAML] ${d}`;
  return d;
}

/** Words into lines of at most `width` characters; a longer word (a field path) is broken after its dots. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const pieces = word.length > width ? word.split(/(?<=\.)/) : [word];
    pieces.forEach((piece, i) => {
      const sep = line && i === 0 ? " " : "";
      if (line && line.length + sep.length + piece.length > width) {
        lines.push(line);
        line = piece;
      } else line += sep + piece;
    });
  }
  if (line) lines.push(line);
  return lines;
}
