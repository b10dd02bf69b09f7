import { allRules, type RuleInfo } from "../service/rule-registry";

/** `packlint rules`: every code with its area, default severity and a one-line description. */
export function formatRules(format: "text" | "json"): string {
  const rules = allRules();
  if (format === "json") {
    return JSON.stringify(rules.map((r) => ({ ...r, description: describe(r) })), null, 2) + "\n";
  }
  const codeWidth = Math.max(...rules.map((r) => r.code.length));
  const areaWidth = Math.max(...rules.map((r) => r.area.length));
  const lines = rules.map((r) => `${r.code.padEnd(codeWidth)}  ${r.area.padEnd(areaWidth)}  ${r.severity.padEnd(11)}  ${describe(r)}`);
  const ours = rules.filter((r) => r.origin === "packlint").length;
  return (
    `${"CODE".padEnd(codeWidth)}  ${"AREA".padEnd(areaWidth)}  ${"SEVERITY".padEnd(11)}  DESCRIPTION\n` +
    lines.join("\n") +
    `\n\n${rules.length} rules: ${rules.length - ours} from the reference validator's catalog, ${ours} of packlint's own.\n` +
    "Change a severity with --rule CODE=LEVEL or the \"rules\" of .packlintrc.json (levels: off, error, warning, information, hint).\n"
  );
}

function describe(r: RuleInfo): string {
  let d = firstSentence(r.summary);
  if (!r.offlineCheckable) d = `[server only: not checkable offline] ${d}`;
  else if (!r.reachable) d = `[cannot fire from YAML] ${d}`;
  return d;
}

/** A summary's first sentence, on one line ("e.g." and "i.e." do not end it). */
export function firstSentence(s: string): string {
  const m = /^(.*?(?<!\be\.g|\bi\.e)\.)(?:\s|$)/s.exec(s);
  return (m ? m[1] : s).replace(/\s+/g, " ").trim();
}
