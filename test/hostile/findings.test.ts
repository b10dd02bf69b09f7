import { mock, test } from "node:test";
import { RE2JS } from "re2js";
import assert from "node:assert/strict";
import { buildPackModel, packDiagnostics } from "../../server/src/service/pack";
import { buildSkillModel, emptyHost, documentDiagnostics } from "../../server/src/service/skill-cases";
import { MAX_FINDINGS } from "../../server/src/service/diagnostics";
import { SpanIndex } from "../../server/src/service/model/span-index";
import type { Span } from "../../server/src/service/types";

/** A small deterministic generator (the suite's fuzzers use their own; this test needs only spans). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

test("SpanIndex answers as a scan of every span would", () => {
  const next = random(7);
  const span = (): Span => {
    const start = Math.floor(next() * 200);
    return { start, end: start + Math.floor(next() * 12) };
  };
  for (let round = 0; round < 200; round++) {
    const spans = Array.from({ length: Math.floor(next() * 30) }, span);
    const index = new SpanIndex(spans);
    for (let q = 0; q < 50; q++) {
      const s = span();
      const scan = spans.some((a) => (a.start < s.end && s.start < a.end) || a.start === s.start);
      assert.equal(index.overlapsAny(s), scan, JSON.stringify({ spans, s }));
    }
  }
});

const header = "pack:\n  slug: a\n  name: A\n  family: f\nversion:\n  number: 1\n";

test("130,000 unknown top-level keys: no stack overflow; the first 1,000 warnings and one that counts the rest", () => {
  const keys = 130_000;
  let text = header;
  for (let i = 0; i < keys; i++) text += `k${i}: 1\n`;
  const d = packDiagnostics(buildPackModel(text));
  const errors = d.filter((x) => x.severity === "error" && x.code !== "too-many-findings").length;
  assert.equal(d.length, MAX_FINDINGS + 1);
  assert.equal(d.filter((x) => x.code === "unknown-key").length, MAX_FINDINGS - errors);
  const more = d.filter((x) => x.code === "too-many-findings");
  assert.equal(more.length, 1);
  assert.equal(more[0].severity, "warning");
  assert.match(more[0].message, new RegExp(`^… and ${(keys - MAX_FINDINGS + errors).toLocaleString("en-US")} more \\(`));
});

test("40,000 plain scalars where challenges belong: one decode error each, the rules' findings filtered in n log n", () => {
  const items = 40_000;
  let text = header + "challenges:\n";
  for (let i = 0; i < items; i++) text += `  - x${i}\n`;
  const d = packDiagnostics(buildPackModel(text));
  const decode = d.filter((x) => x.field === null && x.severity === "error" && x.code !== "too-many-findings");
  const rules = d.length - 1 - decode.length;
  assert.equal(decode.length, MAX_FINDINGS - rules, "the cap keeps errors");
  assert.equal(new Set(decode.map((x) => x.range.start.line)).size, decode.length, "one per item");
  const more = d.filter((x) => x.code === "too-many-findings");
  assert.equal(more.length, 1);
  assert.equal(more[0].severity, "error");
  const left = Number(/^… and ([\d,]+) more \(/.exec(more[0].message)?.[1].replace(/,/g, ""));
  assert.ok(left >= items - decode.length, more[0].message);
});

test("a Skill case file with 150,000 unknown keys is checked without a stack overflow", () => {
  let text = "version: 1\nskill:\n  name: x\n";
  for (let i = 0; i < 150_000; i++) text += `k${i}: 1\n`;
  const d = documentDiagnostics(buildSkillModel(text, "untitled:skill_cases.yaml", emptyHost));
  assert.ok(d.length > 0);
});

test("a pack's regular expressions are compiled once per text: an edit elsewhere compiles nothing again", () => {
  const pattern = `(?i)${"x".repeat(5_000)}|secret-[0-9]+`;
  const text = (name: string) =>
    header.replace("name: A", `name: ${name}`) +
    `security:\n  forbidden_outputs:\n    - description: no key\n      pattern: "${pattern}"\n      severity: high\n`;
  const compile = mock.method(RE2JS, "compile");
  try {
    buildPackModel(text("A"));
    const first = compile.mock.calls.filter((c) => c.arguments[0] === pattern).length;
    assert.equal(first, 1);
    buildPackModel(text("B"));
    buildPackModel(text("C"));
    assert.equal(compile.mock.calls.filter((c) => c.arguments[0] === pattern).length, 1);
  } finally {
    compile.mock.restore();
  }
});
