import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPackModel, packDiagnostics, type PackDiagnostic } from "../../server/src/service/pack";
import { buildSkillModel, documentDiagnostics } from "../../server/src/service/skill-cases";
import { allRuleDocs, type RuleDoc } from "../../server/src/service/docs/rule-docs";
import { ruleInfo } from "../../server/src/service/rule-registry";
import { pack } from "../helpers/packs";
import { memoryHost, skillFile } from "../helpers/skill";
import { withExcerpt } from "../helpers/excerpt";

/**
 * Every rule page's example is real: the wrong excerpt, put into a valid pack (or case file), makes the rule fire,
 * and the right one does not. An excerpt is placed where its first key lives in the valid document and replaces
 * what is there; through keys that hold a single key it goes deeper (`version: {number: 0}` replaces only the
 * number; `cases: [{case_key: x}]` only the first case's key), so that an excerpt can show a missing key by leaving it out. An excerpt that is not well-formed YAML on
 * its own (the syntax rules) is checked as the whole document.
 */

/** Rules no short excerpt can show firing here, and why. */
const NOT_SHOWN: Readonly<Record<string, string>> = {
  "internal-error": "a packlint bug, not a property of the pack",
  "not-a-pack": "the CLI's verdict on a file that is not a pack",
  "document-too-large": "needs a document of megabytes",
  "yaml-nesting-too-deep": "needs 500 levels of nesting",
  "pattern-too-large": "needs a pattern of over 10,000 characters",
  "asset-file-missing": "needs the pack's folder on disk",
  "asset-path-outside-workspace": "needs the pack's folder on disk",
  "asset-artifact-id-not-found": "checked by the hosted service only",
  "asset-artifact-id-foreign-workspace": "checked by the hosted service only",
};

const SKILL_URI = "file:///s/refund-helper/tests/skill_cases.yaml";
const skillHost = memoryHost({
  "/s/refund-helper/SKILL.md": "---\nname: refund-helper\ndescription: Drafts refund decisions.\n---\n",
  "/s/refund-helper/references/policy.md": "policy",
});

function diagnosticsOf(doc: RuleDoc, text: string): PackDiagnostic[] {
  if (doc.area === "skill-cases") return documentDiagnostics(buildSkillModel(text, SKILL_URI, skillHost));
  return packDiagnostics(buildPackModel(text, "file:///work/example.pack.yaml"));
}

const docs = allRuleDocs().filter((d) => d.wrong !== undefined && d.right !== undefined);

test("rule pages: every example's wrong excerpt makes its rule fire and the right one does not", () => {
  const failures: string[] = [];
  for (const d of docs) {
    if (NOT_SHOWN[d.code] || !ruleInfo(d.code)!.offlineCheckable || !ruleInfo(d.code)!.reachable) continue;
    const base = d.area === "skill-cases" ? skillFile() : pack();
    const fires = (excerpt: string) => diagnosticsOf(d, withExcerpt(base, excerpt)).some((x) => x.code === d.code);
    if (!fires(d.wrong!)) failures.push(`${d.code}: the wrong example does not trigger it`);
    if (fires(d.right!)) failures.push(`${d.code}: the right example triggers it`);
  }
  assert.deepEqual(failures, []);
});

test("rule pages: the valid documents the examples go into trigger nothing", () => {
  assert.deepEqual(
    packDiagnostics(buildPackModel(pack(), "file:///work/example.pack.yaml")).map((d) => d.code),
    [],
  );
  assert.deepEqual(
    documentDiagnostics(buildSkillModel(skillFile(), SKILL_URI, skillHost)).map((d) => d.code),
    [],
  );
});

test("rule pages: placing an excerpt replaces only what it names", () => {
  const out = withExcerpt(pack(), "version:\n  number: 0\n");
  assert.match(out, /^version:\n {2}number: 0\n {2}assets:/m);
  const slugless = withExcerpt(pack(), "pack:\n  name: Support Eval\n  family: support\n");
  assert.doesNotMatch(slugless, /slug:/);
  const caseKey = withExcerpt(pack(), "case_key: Refund Window Basic\n");
  assert.match(caseKey, /case_key: Refund Window Basic/);
  assert.equal(withExcerpt(pack(), "pack:\n  slug:x: [\n"), "pack:\n  slug:x: [\n", "not YAML on its own: the whole document");
});

test("rule pages: every page has an example, except those no excerpt can show and the checks YAML cannot reach", () => {
  const missing = allRuleDocs()
    .filter((d) => d.wrong === undefined && !NOT_SHOWN[d.code] && ruleInfo(d.code)!.reachable)
    .map((d) => d.code);
  assert.deepEqual(missing, []);
  const checked = docs.filter((d) => !NOT_SHOWN[d.code] && ruleInfo(d.code)!.offlineCheckable && ruleInfo(d.code)!.reachable);
  assert.ok(checked.length >= 350, `${checked.length} pages' examples checked`);
});
