import { test } from "node:test";
import assert from "node:assert/strict";
import { RE2JS } from "re2js";
import { diagnose } from "../../helpers/expect";
import { evalPack } from "../../helpers/eval-spec";
import { pack } from "../../helpers/packs";
import { MAX_PATTERN_LENGTH } from "../../../server/src/service/util/go-regexp";
import { lspLines } from "../../fuzz/check-service";

/**
 * The budget for regular expressions: a pattern over MAX_PATTERN_LENGTH characters is not compiled (up to 8 µs a
 * character), and gets our own `pattern-too-large` warning at the pattern instead of a verdict.
 */

/** Counts re2js compilations (every pattern check goes through RE2JS.compile). */
function countingCompiles(): { compiled: number[]; restore(): void } {
  const original = RE2JS.compile;
  const counts = { compiled: [] as number[], restore: () => void (RE2JS.compile = original) };
  RE2JS.compile = (pattern: string, flags?: number) => {
    counts.compiled.push(pattern.length);
    return original.call(RE2JS, pattern, flags);
  };
  return counts;
}

/** An invalid pattern (an unclosed group) of `length` characters, in single quotes (each test its own: verdicts are cached by text). */
const unclosed = (length: number, fill: string) => `'(${fill.repeat(length - 1)}'`;

const security = (pattern: string) =>
  pack({
    extra: `security:\n  forbidden_outputs:\n    - description: d\n      pattern: ${pattern}\n  adversarial_prompts:\n    - name: ask\n      text: t\n      expected_refusal_pattern: ${pattern}\n`,
  });
const postcondition = (pattern: string) =>
  evalPack({
    validators: `- key: v\n  type: postcondition\n  target: file:out\n  config: {condition: regex_match, value: ${pattern}}`,
    checks: "- key: out\n  type: file_capture\n  path: /workspace/out.txt",
  });
const toolSchema = (pattern: string) =>
  pack({
    extra: `tools:\n  custom:\n    - name: t\n      parameters:\n        type: object\n        properties: {sku: {type: string, pattern: ${pattern}}}\n        patternProperties:\n          ? ${pattern}\n          : {}\n      implementation: {primitive: http_request, args: {method: GET, url: "https://x.example.com"}}\n`,
  });

const shapes = {
  "forbidden output and refusal patterns": {
    fill: "a",
    text: security,
    errors: ["forbidden-output-pattern-invalid-regexp", "adversarial-prompt-refusal-pattern-invalid"],
    warnings: 2,
  },
  "a postcondition's regex_match value": { fill: "b", text: postcondition, errors: ["postcondition-value-invalid-regex"], warnings: 1 },
  "a tool schema's pattern and patternProperties": { fill: "c", text: toolSchema, errors: ["tool-parameters-unresolvable-schema"], warnings: 2 },
};

const message = (length: number) =>
  `this regular expression is ${length.toLocaleString("en-US")} characters long, over the 10,000 packlint compiles: it is not checked`;

for (const [what, shape] of Object.entries(shapes)) {
  test(`${what}: at the budget compiled and judged; over it, not compiled and a warning at the pattern`, () => {
    const counts = countingCompiles();
    try {
      const at = diagnose(shape.text(unclosed(MAX_PATTERN_LENGTH, shape.fill)));
      assert.deepEqual([...new Set(at.filter((d) => d.severity === "error").map((d) => d.code))], shape.errors);
      assert.ok(!at.some((d) => d.code === "pattern-too-large"));
      assert.ok(counts.compiled.length >= 1 && counts.compiled.every((n) => n === MAX_PATTERN_LENGTH), JSON.stringify(counts.compiled));

      counts.compiled.length = 0;
      const text = shape.text(unclosed(MAX_PATTERN_LENGTH + 1, shape.fill));
      const over = diagnose(text);
      assert.deepEqual(
        over.filter((d) => d.severity === "error"),
        [],
        "no verdict on a pattern that was not compiled",
      );
      const warnings = over.filter((d) => d.code === "pattern-too-large");
      assert.equal(warnings.length, shape.warnings);
      for (const w of warnings) {
        assert.equal(w.severity, "warning");
        assert.equal(w.message, message(MAX_PATTERN_LENGTH + 1));
        const line = lspLines(text)[w.range.start.line];
        assert.ok(line.slice(w.range.start.character).startsWith(`'(${shape.fill}`), `at the pattern: ${line.slice(0, 80)}`);
      }
      assert.deepEqual(counts.compiled, []);
    } finally {
      counts.restore();
    }
  });
}

test("ten 750 KB patterns: none compiled, ten warnings", () => {
  const outputs = Array.from({ length: 10 }, (_, i) => `    - description: d${i}\n      pattern: '${String(i).repeat(750_000)}'\n`).join("");
  const counts = countingCompiles();
  try {
    const d = diagnose(pack({ extra: `security:\n  forbidden_outputs:\n${outputs}` }));
    assert.deepEqual(
      d.map((x) => x.code),
      Array(10).fill("pattern-too-large"),
    );
    assert.equal(d[0].message, message(750_000));
    assert.deepEqual(counts.compiled, []);
  } finally {
    counts.restore();
  }
});
