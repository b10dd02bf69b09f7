import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { buildPackModel, packDiagnostics, type PackDiagnostic } from "../../../server/src/service/pack";
import { buildSkillModel, documentDiagnostics } from "../../../server/src/service/skill-cases";
import { pageRow, RULE_BOOKS } from "../../../server/src/service/docs/rule-books";
import { allRules, ruleInfo, type RuleInfo } from "../../../server/src/service/rule-registry";
import type { RuleBookRow } from "../../../server/src/service/types";
import { pack } from "../../helpers/packs";
import { memoryHost, skillFile } from "../../helpers/skill";
import { placeMarked, withExcerpt } from "../../helpers/excerpt";

/**
 * The one test of the rule books (`*.book.ts`): every row's wrong excerpt, put into a valid pack (or case file),
 * makes its rule fire at each marked range and nowhere else, at the rule's level, with the catalog's message
 * (the row's own where the catalog's has placeholders) and a field the catalog's pattern allows; the right excerpt
 * does not make it fire (and, in a further case of the rule, raises no other error). The edge cases of a rule stay in the hand-written tests beside this one.
 */

const SKILL_URI = "file:///s/refund-helper/tests/skill_cases.yaml";
const skillHost = memoryHost({
  "/s/refund-helper/SKILL.md": "---\nname: refund-helper\ndescription: Drafts refund decisions.\n---\n",
  "/s/refund-helper/references/policy.md": "policy",
});

const isSkill = (info: RuleInfo) => info.area === "skill-cases";
const baseOf = (info: RuleInfo) => (isSkill(info) ? skillFile() : pack());
function diagnosticsOf(info: RuleInfo, text: string): PackDiagnostic[] {
  if (isSkill(info)) return documentDiagnostics(buildSkillModel(text, SKILL_URI, skillHost));
  return packDiagnostics(buildPackModel(text, "file:///work/example.pack.yaml"));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A catalog message with its placeholders (`{x}`, `"{x}"`) standing for any text. */
const messagePattern = (template: string) => new RegExp(`^${escape(template).replace(/"\\\{[a-z_]+\\\}"|\\\{[a-z_]+\\\}/g, ".*")}$`, "s");
/** A catalog field pattern: indexes `{i}` stand for numbers, map keys and argument paths for any text. */
const fieldPattern = (pattern: string) =>
  new RegExp(
    `^${escape(pattern)
      .replace(/\\\{[ijkptuevn]\\\}/g, "\\d+")
      .replace(/"?\\\{[a-z]+\\\}"?/g, ".*")}$`,
  );

/**
 * What is wrong with one row, or nothing. A page's excerpts may show only the part their rule is about; a further
 * case is whole: its right excerpt raises no error its wrong one does not.
 */
function problems(row: RuleBookRow, first: boolean): string[] {
  const info = ruleInfo(row.code)!;
  const out: string[] = [];
  const placed = placeMarked(baseOf(info), row.wrong!);
  const all = diagnosticsOf(info, placed.text);
  const got = all.filter((d) => d.code === row.code);
  if (row.elsewhere !== undefined) {
    if (placed.ranges.length) out.push("marks a range, but reports elsewhere");
    if (!got.length) out.push("the wrong excerpt does not make it fire");
  } else if (got.length !== placed.ranges.length) out.push(`fires ${got.length} times, ${placed.ranges.length} marked`);
  else
    got.forEach((d, i) => JSON.stringify(d.range) !== JSON.stringify(placed.ranges[i]) && out.push(`reports at ${JSON.stringify(d.range)}, not at mark #${i}`));
  for (const d of got) {
    if (d.severity !== info.severity) out.push(`level ${d.severity}, not ${info.severity}`);
    if (row.message !== undefined ? d.message !== row.message : info.message !== undefined && !messagePattern(info.message).test(d.message))
      out.push(`message "${d.message}"`);
    if (info.origin === "reference" && !(info.field ? fieldPattern(info.field).test(d.field ?? "") : d.field === null || d.field === ""))
      out.push(`field ${d.field}, not ${info.field}`);
  }
  const right = diagnosticsOf(info, withExcerpt(baseOf(info), row.right!));
  if (right.some((d) => d.code === row.code)) out.push("the right excerpt makes it fire");
  const errors = (list: PackDiagnostic[]) => new Set(list.filter((d) => d.severity === "error").map((d) => d.code));
  const traded = first ? [] : [...errors(right)].filter((c) => !errors(all).has(c));
  if (traded.length) out.push(`the right excerpt raises ${traded.join(", ")}`);
  return out;
}

/** Rows the test can check: an example of a rule the reference runs offline on YAML. */
const tested = (row: RuleBookRow) => {
  const info = ruleInfo(row.code)!;
  return row.wrong !== undefined && row.notTested === undefined && info.reachable && info.offlineCheckable;
};

for (const [book, rows] of Object.entries(RULE_BOOKS)) {
  test(`${book}: every wrong excerpt fires its rule at the marks with the catalog's message; the right one does not`, () => {
    const failures: string[] = [];
    rows.forEach((row, i) => {
      if (!ruleInfo(row.code)) failures.push(`row ${i}: unknown code ${row.code}`);
      else if (tested(row)) for (const p of problems(row, pageRow(row.code) === row)) failures.push(`row ${i} (${row.code}): ${p}`);
    });
    assert.deepEqual(failures, []);
  });
}

test("rule books: every rule the reference can report from YAML has a row with an example, or says why it cannot", () => {
  const rows = Object.values(RULE_BOOKS).flat();
  const missing = allRules()
    .filter((r) => r.reachable && !rows.some((row) => row.code === r.code && (row.wrong !== undefined || row.notTested !== undefined)))
    .map((r) => r.code);
  assert.deepEqual(missing, []);
  for (const row of rows) assert.equal(row.wrong === undefined, row.right === undefined, `${row.code}: wrong and right go together`);
  assert.ok(rows.filter(tested).length >= 350, `${rows.filter(tested).length} rows checked`);
});

test("rule books: every *.book.ts of the service is listed in docs/rule-books.ts", () => {
  const service = join(__dirname, "../../../../server/src/service");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.name.endsWith(".book.ts")) found.push(relative(service, join(dir, e.name)).split(sep).join("/"));
    }
  };
  walk(service);
  assert.deepEqual(found.sort(), Object.keys(RULE_BOOKS).sort());
});

test("rule books: the valid documents the excerpts go into trigger nothing", () => {
  assert.deepEqual(
    packDiagnostics(buildPackModel(pack(), "file:///work/example.pack.yaml")).map((d) => d.code),
    [],
  );
  assert.deepEqual(
    documentDiagnostics(buildSkillModel(skillFile(), SKILL_URI, skillHost)).map((d) => d.code),
    [],
  );
});

test("rule books: placing an excerpt replaces only what it names, and finds its marks again", () => {
  const out = withExcerpt(pack(), "version:\n  number: 0\n");
  assert.match(out, /^version:\n {2}number: 0\n {2}assets:/m);
  const slugless = withExcerpt(pack(), "pack:\n  name: Support Eval\n  family: support\n");
  assert.doesNotMatch(slugless, /slug:/);
  const caseKey = withExcerpt(pack(), "case_key: Refund Window Basic\n");
  assert.match(caseKey, /case_key: Refund Window Basic/);
  assert.equal(withExcerpt(pack(), "pack:\n  slug:x: [\n"), "pack:\n  slug:x: [\n", "not YAML on its own: the whole document");
  const placed = placeMarked(pack(), "tools:\n  custom:\n    ⟦-⟧ name: ⟦[lookup_order]⟧\n");
  const lines = placed.text.split("\n");
  const at = (r: (typeof placed.ranges)[number]) => lines[r.start.line].slice(r.start.character, r.end.character);
  assert.deepEqual(placed.ranges.map(at), ["-", "[ lookup_order ]"], "a flow list written anew is still found, whole");
  assert.throws(() => placeMarked(pack(), "pack:\n  family: [a,⟦  b⟧]\n"), /written anew/);
});
