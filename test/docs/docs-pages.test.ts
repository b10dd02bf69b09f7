import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { docPages } from "../../server/src/service/docs/pages";
import { allRuleDocs } from "../../server/src/service/docs/rule-docs";
import { AREA_TITLES, AREA_WHY } from "../../server/src/service/docs/area-texts";
import { RULE_BOOKS } from "../../server/src/service/docs/rule-books";
import { allRules, ruleInfo } from "../../server/src/service/rule-registry";
import { enums } from "../../server/src/service/catalog";
import { hasPlaceholder } from "../../server/src/service/docs/author-text";

const ROOT = join(__dirname, "../../..");
const DOCS = join(ROOT, "docs");

test("docs/ is current: every generated page is checked in unchanged, and no stale rule page is left (run `npm run docs`)", () => {
  const pages = docPages();
  for (const [path, text] of pages) {
    const file = join(DOCS, path);
    assert.ok(existsSync(file), `docs/${path} is missing: run npm run docs`);
    assert.equal(readFileSync(file, "utf8"), text, `docs/${path} is stale: run npm run docs`);
  }
  for (const f of readdirSync(join(DOCS, "rules"))) assert.ok(pages.has(`rules/${f}`), `docs/rules/${f} documents no rule`);
});

test("every rule has a page with what it checks, why, how to fix; texts are for authors", () => {
  const docs = allRuleDocs();
  assert.equal(docs.length, allRules().length);
  for (const d of docs) {
    for (const part of [d.checks, d.why, d.fix]) assert.ok(part.length > 10, `${d.code}: empty text`);
    const all = [d.checks, d.why, d.fix, d.wrong ?? "", d.right ?? "", d.shown ?? ""].join("\n");
    assert.doesNotMatch(all, /\bGo\b|§|DECISIONS|\bstruct\b|yaml\.v3/, d.code);
    assert.ok(!hasPlaceholder(all), `${d.code}: placeholder in ${all}`);
  }
  for (const [book, rows] of Object.entries(RULE_BOOKS)) for (const row of rows) assert.ok(ruleInfo(row.code), `${book}: a row of unknown code ${row.code}`);
  for (const r of allRules()) assert.ok(AREA_WHY[r.area] && AREA_TITLES[r.area], `area ${r.area} has no text`);
});

test("the rules authors meet most are hand-written, with a wrong and a right example", () => {
  for (const code of [
    "version-number-positive",
    "execution-mode-invalid",
    "challenge-difficulty-invalid",
    "case-challenge-key-undeclared",
    "case-challenge-key-mixed",
    "case-expectation-source-input-undeclared",
    "case-expectation-artifact-key-undeclared",
    "input-set-key-duplicate",
    "validator-type-unsupported",
    "unknown-key",
    "legacy-items",
    "yaml-syntax",
  ]) {
    const d = allRuleDocs().find((x) => x.code === code)!;
    assert.ok(d.handWritten && d.wrong && d.right, code);
  }
});

function codesNamedIn(text: string): string[] {
  return [...text.matchAll(/`([a-z][a-z0-9]*(?:-[a-z0-9]+)+)`/g)].map((m) => m[1]);
}

test("every rule code README.md and docs/ name in backquotes exists", () => {
  const known = new Set(allRules().map((r) => r.code));
  // A backquoted kebab-case word that starts like a rule code (`asset-…`, `case-…`) must be one; a few such words are not.
  const prefixes = new Set([...known].map((c) => c.split("-")[0]));
  const values = Object.values(enums).flatMap((e) => (Array.isArray(e.values) ? e.values.map(String) : Object.keys(e.values)));
  const notCodes = new Set(["skill-cases", "input-set", "case-key", "challenge-key", ...values]);
  const files = [
    join(ROOT, "README.md"),
    join(ROOT, "client/README.md"),
    join(DOCS, "keys.md"),
    ...readdirSync(join(DOCS, "rules")).map((f) => join(DOCS, "rules", f)),
  ];
  let named = 0;
  for (const file of files) {
    for (const code of codesNamedIn(readFileSync(file, "utf8"))) {
      if (!prefixes.has(code.split("-")[0]) || notCodes.has(code)) continue;
      assert.ok(known.has(code), `${file} names rule code ${code}, which does not exist`);
      named++;
    }
  }
  assert.ok(named > 300, `${named} codes named`);
});

test("comments cite the reference's source or this repository's docs, never sections or decisions of documents outside it", () => {
  const offenders: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.ts$/.test(e.name)) {
        readFileSync(p, "utf8")
          .split("\n")
          .forEach((line, i) => {
            // The lines that name these markers to reject them (in author-facing texts) are the exceptions.
            if (/(§|DECISIONS #)/.test(line) && !/doesNotMatch|INTERNAL|LEAKS|\/\\bGo\\b/.test(line)) offenders.push(`${p}:${i + 1}: ${line.trim()}`);
          });
      }
    }
  };
  for (const d of ["server/src", "shared/src", "client/src", "test", "bench"]) walk(join(ROOT, d));
  assert.deepEqual(offenders, []);
});
