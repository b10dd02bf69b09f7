import { allRules, ruleInfo, type RuleInfo } from "../rule-registry";
import { AREA_TITLES, AREA_WHY } from "./area-texts";
import { authorField, authorMessage } from "./author-text";
import { pageRow } from "./rule-books";

/** What a rule's page says: hand-written in its rule book, or derived from the catalog. */
export interface RuleText {
  /** What the rule checks, in one or two sentences. */
  checks: string;
  /** What goes wrong when the pack runs (or is published) with this problem. */
  why: string;
  /** How to fix it. */
  fix: string;
  /** A short YAML excerpt that has the problem, and the same excerpt fixed. */
  wrong?: string;
  right?: string;
}

/**
 * The documentation of every rule code, for pack authors: from the rule books (`*.book.ts` beside the rules), the
 * text derived from the catalog's field and message and the area's purpose where a book has none. docs/rules/*.md,
 * `packlint rules CODE`, SARIF help and the diagnostics' links all come from here.
 */
export interface RuleDoc extends RuleText {
  code: string;
  severity: RuleInfo["severity"];
  area: string;
  areaTitle: string;
  /** The field and message a diagnostic of this rule shows (reference rules with a field only). */
  shown?: string;
  origin: RuleInfo["origin"];
  handWritten: boolean;
}

export function ruleDoc(code: string): RuleDoc | undefined {
  const info = ruleInfo(code);
  return info && docOf(info);
}

export function allRuleDocs(): RuleDoc[] {
  return allRules().map(docOf);
}

/** An excerpt as a page shows it: without the marks of where the rule reports. */
const shownExcerpt = (excerpt: string) => excerpt.replace(/[⟦⟧]/g, "").trimEnd();

function docOf(r: RuleInfo): RuleDoc {
  const field = r.field ? authorField(r.field) : "";
  const message = r.message !== undefined ? authorMessage(r.message) : "";
  const shown = r.origin === "reference" && field ? `${field} ${message}` : undefined;
  const row = pageRow(r.code);
  const handWritten = row?.checks !== undefined && row.why !== undefined && row.fix !== undefined;
  const text = handWritten ? { checks: row.checks!, why: row.why!, fix: row.fix! } : derived(r, field, message);
  const example = row?.wrong !== undefined && row.right !== undefined ? { wrong: shownExcerpt(row.wrong), right: shownExcerpt(row.right) } : {};
  return {
    ...text,
    ...example,
    code: r.code,
    severity: r.severity,
    area: r.area,
    areaTitle: AREA_TITLES[r.area] ?? r.area,
    ...(shown ? { shown } : {}),
    origin: r.origin,
    handWritten,
  };
}

/** Summaries the catalog writes for implementers (types, operators, other documents) are not shown to authors. */
const INTERNAL =
  /\bGo\b|\benum\b|§|\{|\bint(?:32|64)\b|float64|yaml\.v3|libyaml|[uU]nmarshal|json\.|bytes\.|strings\.|\bnil\b|map\[|\[\]|DECISIONS|[<>!=]=|&&|\|\|/;

function derived(r: RuleInfo, field: string, message: string): RuleText {
  const checks = r.origin === "reference" && field ? `\`${field}\` ${message}.` : r.summary;
  const detail = r.origin === "reference" && r.summary.length >= 40 && !INTERNAL.test(r.summary) ? ` In detail: ${capital(r.summary)}` : "";
  return { checks: checks + detail, why: why(r), fix: fix(field, message, r) };
}

function why(r: RuleInfo): string {
  const area = AREA_WHY[r.area] ?? "";
  if (r.origin === "packlint" || !r.offlineCheckable || r.area === "decode") return area;
  const verdict = r.reachable
    ? "With this error AgentClash rejects the pack, so it cannot be published or run."
    : "AgentClash has this check, but a pack written in YAML cannot trigger it.";
  return `${area} ${verdict}`.trim();
}

const leafOf = (field: string) =>
  field
    .split(/[.\s]/)
    .filter((s) => s && !s.startsWith("("))
    .pop()
    ?.replace(/\[\]$/, "") ?? field;

function fix(field: string, message: string, r: RuleInfo): string {
  if (!field) return "Change the value the diagnostic points at; its message says what is expected.";
  const leaf = leafOf(field);
  let m: RegExpExecArray | null;
  if ((m = /^is required(?: (when .*|unless .*))?$/.exec(message))) return `Set \`${leaf}\` to a non-blank value${m[1] ? ` ${m[1]}` : ""}.`;
  if ((m = /^must be one of (.*)$/.exec(message)))
    return `Use one of the allowed values: ${listOf(m[1])
      .map((v) => `\`${v}\``)
      .join(", ")}.`;
  if (/must be unique|^duplicate /.test(message)) return "Give each entry its own value: rename the repeated one, or remove it if it is a copy.";
  if ((m = /^must reference a declared (.*)$/.exec(message)) || (m = /^references unknown (.*?) key/.exec(message)))
    return `Use the key of a declared ${m[1]} (completion lists them), or declare it.`;
  if ((m = /^must contain at least one (\w+)/.exec(message))) return `Add at least one ${m[1]}.`;
  if ((m = /^must be between (\S+) and (\S+)$/.exec(message))) return `Use a number from ${m[1]} to ${m[2]}.`;
  if (/^must be greater than 0/.test(message)) return "Use a number greater than 0.";
  if (/^(must be empty|must be omitted|must not be set|is only (allowed|valid))/.test(message))
    return `Remove \`${leaf}\`, or change the setting the message names.`;
  if (r.reachable === false) return "Nothing to do for a pack written in YAML.";
  return `Change \`${leaf}\` so that it ${/^(must|cannot|is|should|contains|maps|collides|references)\b/.test(message) ? "no longer fails this check" : "meets this check"}: ${message}.`;
}

function listOf(s: string): string[] {
  return s
    .split(/,\s*|\s+or\s+/)
    .map((v) => v.replace(/^"|"$/g, "").trim())
    .filter((v) => v && v !== "or");
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const SEVERITY_WORD: Record<RuleInfo["severity"], string> = { error: "error", warning: "warning", information: "information", hint: "hint" };

/** The Markdown page of a rule (docs/rules/CODE.md). */
export function rulePage(doc: RuleDoc): string {
  const by =
    doc.origin === "reference"
      ? "AgentClash's validator: a pack with this error is rejected"
      : doc.area === "advisory" || doc.area === "files"
        ? "packlint only: AgentClash accepts the pack; this is advice"
        : "packlint";
  const lines = [`# \`${doc.code}\``, "", `**Severity:** ${SEVERITY_WORD[doc.severity]} · **Area:** ${doc.areaTitle} · **Reported by:** ${by}`, ""];
  if (doc.shown) lines.push(`The diagnostic reads: \`${doc.shown}\``, "");
  lines.push("## What it checks", "", doc.checks, "", "## Why it matters", "", doc.why, "", "## How to fix it", "", doc.fix, "");
  if (doc.wrong !== undefined && doc.right !== undefined) {
    lines.push("## Example", "", "Wrong:", "", "```yaml", doc.wrong, "```", "", "Right:", "", "```yaml", doc.right, "```", "");
  }
  lines.push(
    "---",
    "",
    `Change its level with \`--rule ${doc.code}=LEVEL\` or \`"rules": {"${doc.code}": "off"}\` in \`.packlintrc.json\`. [All rules](README.md) · [All keys](../keys.md)`,
    "",
  );
  return lines.join("\n");
}
