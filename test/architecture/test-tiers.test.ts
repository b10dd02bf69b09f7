import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

/**
 * The test tiers of package.json (CONTRIBUTING.md): `test:service` (in process, no bundle, seconds),
 * `test:integration` (disk, the CLI, the server and its protocol), `test:slow` (packaging, fuzzing, hostile input,
 * security, agent processes). Every folder of tests is in exactly one tier, so that the tiers together run what
 * `npm test` runs (`test:unit`: every test under out/test).
 */

const ROOT = join(__dirname, "../../..");
const scripts = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
const TIERS = ["test:service", "test:integration", "test:slow"];
const foldersOf = (script: string) => [...script.matchAll(/out\/test\/([\w-]+)/g)].map((m) => m[1]);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith(".test.ts") ? [relative(join(ROOT, "test"), join(dir, e.name)).split(sep).join("/")] : [],
  );
}
const files = testFiles(join(ROOT, "test"));

test("test tiers: every folder of tests is in exactly one tier, and every tier's folders hold tests", () => {
  const folders = [...new Set(files.map((f) => f.split("/")[0]))].sort();
  const tiered = TIERS.flatMap((t) => foldersOf(scripts[t]));
  assert.deepEqual([...tiered].sort(), folders);
  assert.equal(new Set(tiered).size, tiered.length, "a folder in two tiers");
  assert.ok(files.length > 100, `${files.length} test files`);
  assert.ok(
    files.every((f) => f.includes("/")),
    "a test file at the top of test/ belongs to no tier",
  );
});

test("test tiers: npm test runs every test, and test:unit is all of them in one run", () => {
  assert.match(scripts["test:unit"], /find out\/test -name "\*\.test\.js"/);
  assert.match(scripts.test, /npm run test:unit/);
});

test("test tiers: the service tier starts no process, server or package", () => {
  const starts = /from "(node:child_process|node:worker_threads|[./]*helpers\/(lsp-client|installed-package)|[./]*server\/src\/cli\/agent-process)"/;
  const offenders = files
    .filter((f) => foldersOf(scripts["test:service"]).includes(f.split("/")[0]))
    .filter((f) => starts.test(readFileSync(join(ROOT, "test", f), "utf8")));
  assert.deepEqual(offenders, []);
  assert.ok(starts.test(readFileSync(join(ROOT, "test/agents/skill-run.test.ts"), "utf8")), "the check sees an agent-process test");
});
