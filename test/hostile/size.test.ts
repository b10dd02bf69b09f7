import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPackModel, packDiagnostics, PackDiagnostic } from "../../server/src/service/pack";
import { buildSkillModel, emptyHost, documentDiagnostics } from "../../server/src/service/skill-cases";
import { MAX_CHECKED_LENGTH } from "../../server/src/service/yaml/limits";
import { MAX_FINDINGS } from "../../server/src/service/diagnostics";
import { generatePack } from "../../bench/generate";
import { Bounds, withinBounds } from "../helpers/bounds";
import { assertDiagnostics, lspLines } from "../fuzz/check-service";
import { pack } from "../helpers/packs";

function check(what: string, text: string, bounds: Bounds): PackDiagnostic[] {
  const { result } = withinBounds(what, bounds, () => packDiagnostics(buildPackModel(text)));
  assertDiagnostics(text, result);
  return result;
}

/** A generated pack of about `mb` megabytes. */
function packOf(mb: number): string {
  const perCase = generatePack({ cases: 100 }).length / 100;
  return generatePack({ cases: Math.ceil((mb * 1_000_000) / perCase) });
}

test("a 10 MB pack gets its syntax errors and a notice, and the model does not keep its syntax tree", { timeout: 180_000 }, () => {
  const text = packOf(10) + "broken:\n  - a\n b: c\n";
  assert.ok(text.length > 9_500_000 && text.length > MAX_CHECKED_LENGTH);
  const d = check("10 MB pack", text, { heapMB: 60 });
  assert.deepEqual(
    d.map((x) => [x.code, x.severity]),
    [
      ["document-too-large", "warning"],
      ["yaml-syntax", "error"],
    ],
  );
  assert.match(d[0].message, /^this document is (9\.\d|10(\.\d)?) MB, over the 8 MB packlint checks in full: only its YAML syntax is checked$/);
  assert.deepEqual(d[0].range, { start: { line: 0, character: 0 }, end: { line: 0, character: 4 } }); // `pack`
  assert.equal(d[1].range.start.line, lspLines(text).length - 2);
});

test("a 1.9 MB pack, under the limit, is checked in full", { timeout: 120_000 }, () => {
  let text = packOf(1.9).replace("execution_mode: native", "execution_mode: nativ");
  if (text.length >= MAX_CHECKED_LENGTH) text = text.slice(0, text.lastIndexOf("\n      - challenge_key:", MAX_CHECKED_LENGTH - 1000) + 1);
  assert.ok(text.length < MAX_CHECKED_LENGTH && text.length > 1_500_000);
  const d = check("1.9 MB pack", text, { heapMB: 600 });
  assert.deepEqual(
    d.filter((x) => x.severity === "error").map((x) => x.code),
    ["execution-mode-invalid"],
  );
});

test("an oversized Skill case file gets its syntax errors and the notice, no rules", { timeout: 120_000 }, () => {
  const one = "  - id: trigger_001\n    type: trigger\n    title: t\n    query: q\n";
  const text = "version: 1\nskill:\n  name: x\ncases:\n" + one.repeat(Math.ceil((MAX_CHECKED_LENGTH + 100_000) / one.length)) + " bad: [\n";
  const { result } = withinBounds("oversized skill cases", { heapMB: 60 }, () =>
    documentDiagnostics(buildSkillModel(text, "untitled:skill_cases.yaml", emptyHost)),
  );
  assert.deepEqual([...new Set(result.map((x) => x.code))].sort(), ["document-too-large", "yaml-syntax"]);
});

test("a 1 MB scalar on one line", () => {
  const text = pack({
    challenges: `challenges:\n  - key: refund-question\n    title: Refund question\n    category: support\n    difficulty: easy\n    instructions: ${"x".repeat(1_000_000)}\n`,
  });
  const d = check("1 MB scalar", text, { heapMB: 60 });
  assert.deepEqual(
    d.filter((x) => x.severity === "error"),
    [],
  );
});

test("a 1 MB key on one line is a syntax error within the line", () => {
  const text = pack({ extra: `tools:\n  ${"k".repeat(1_000_000)}: 1\n` });
  const d = check("1 MB key", text, { heapMB: 60 });
  const syntax = d.filter((x) => x.code === "yaml-syntax");
  assert.ok(syntax.length >= 1);
  assert.ok(
    syntax.every((x) => x.range.start.line === lspLines(text).length - 2),
    JSON.stringify(syntax),
  );
});

test("a 1 MB flow sequence on one line (150,000 items) is decoded within bounds", { timeout: 120_000 }, () => {
  const text = pack({ extra: `tools:\n  many: [${Array.from({ length: 150_000 }, (_, i) => i).join(",")}]\n` });
  const d = check("1 MB flow sequence", text, { heapMB: 300 });
  assert.deepEqual(
    d.filter((x) => x.severity === "error"),
    [],
  );
});

test("a whole pack as one 1 MB line of JSON", () => {
  const json = JSON.stringify({ pack: { slug: "s", name: "N", family: "f" }, tools: { blob: "y".repeat(1_000_000) } });
  const d = check("1 MB JSON line", json, { heapMB: 60 });
  assert.ok(d.some((x) => x.code === "challenges-empty"));
  assert.ok(d.every((x) => x.range.start.line === 0 && x.range.end.line === 0));
});

test("thousands of YAML documents: only the first is the pack", { timeout: 60_000 }, () => {
  const d = check("5,000 documents after the pack", pack() + "---\nnot: [a pack\n".repeat(5_000), { heapMB: 60 });
  assert.deepEqual(
    d.filter((x) => x.severity === "error"),
    [],
  );
  const before = check("5,000 empty documents before the pack", "---\n".repeat(5_000) + pack(), { heapMB: 60 });
  // The first document is empty (yaml.v3 decodes it as null): the pack after it is never read.
  assert.ok(before.some((x) => x.code === "pack-slug-required"));
});

test("20,000 duplicate keys: the first 1,000 reported with the first's line and the rest counted, in linear time", () => {
  const d = check("duplicate keys", pack({ extra: "tools:\n" + "  a: 1\n".repeat(20_000) }), { heapMB: 200 });
  const dup = d.filter((x) => x.code === "yaml-duplicate-key");
  assert.equal(dup.length, MAX_FINDINGS);
  assert.deepEqual(
    d.filter((x) => x.code === "too-many-findings").map((x) => x.message),
    ["… and 18,999 more (18,999 errors): packlint reports 1,000 per file; fix these and check again"],
  );
  const line = dup[0].related![0].range.start.line + 1;
  assert.ok(dup.every((x) => x.message === `mapping key "a" already defined at line ${line}`));
});

test("20,000 anchors of one name and 20,000 aliases: each alias finds the latest anchor quickly", () => {
  const tools = Array.from({ length: 20_000 }, (_, i) => `  k${i}: &a v${i}\n  r${i}: *a\n`).join("");
  const m = withinBounds("anchors", { heapMB: 200 }, () => buildPackModel(pack({ extra: "tools:\n" + tools }))).result;
  const t = m.bundle.tools as Record<string, string>;
  assert.equal(t.r0, "v0");
  assert.equal(t.r19999, "v19999");
});
