import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { rules as catalogRules } from "../../server/src/service/catalog";
import { allRules, ruleInfo } from "../../server/src/service/rule-registry";

const SRC = join(__dirname, "../../../server/src");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith(".ts") ? [p] : [];
  });
}

test("every code the service can emit is registered (catalog or ours), so config, --rule, rules and SARIF know it", () => {
  const used = new Set<string>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/\b(?:advise|report)\(\s*"([a-z0-9-]+)"/g)) used.add(m[1]);
    for (const m of text.matchAll(/\bcode: "([a-z0-9-]+)"/g)) used.add(m[1]);
  }
  assert.ok(used.size > 40, `found ${used.size} codes`);
  for (const code of used) assert.ok(ruleInfo(code), `${code} is emitted but not registered in rule-registry.ts`);
});

test("codes are unique; ours replace the catalog rule they stand for; server-only rules are not offline-checkable", () => {
  const codes = allRules().map((r) => r.code);
  assert.equal(new Set(codes).size, codes.length);
  assert.equal(ruleInfo("yaml-syntax-error"), undefined);
  assert.equal(ruleInfo("yaml-syntax")?.origin, "packlint");
  assert.equal(allRules().filter((r) => r.origin === "reference").length, catalogRules.length - 1);
  assert.deepEqual(
    allRules()
      .filter((r) => !r.offlineCheckable)
      .map((r) => r.area),
    ["server-only", "server-only"],
  );
  assert.equal(ruleInfo("unknown-key")?.severity, "warning");
});
