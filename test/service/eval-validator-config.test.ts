import { test } from "node:test";
import assert from "node:assert/strict";
import { yaml } from "../helpers/fixture";
import { diagnose, expectDiagnostics, expectNo } from "../helpers/expect";
import { evalPack } from "../helpers/eval-spec";
import { rules } from "../../server/src/service/catalog";

const TARGETS: Record<string, string> = { code_execution: "file:out", postcondition: "file:out", tool_call_assertion: "tool_calls" };
const NO_EXPECTED_FROM = new Set(["code_execution", "postcondition", "tool_call_assertion"]);
const CHECKS = yaml`
  - key: out
    type: file_capture
    path: /workspace/out.txt
`;

/** A pack with one validator of `type`; `config` is the config's (flow) value, or null for no config key. */
function withConfig(type: string, config: string | null): string {
  const lines = [`- key: v`, `  type: ${type}`, `  target: ${TARGETS[type] ?? "final_output"}`];
  if (!NO_EXPECTED_FROM.has(type)) lines.push(`  expected_from: challenge_input`);
  if (config !== null) lines.push(`  config: ${config}`);
  return evalPack({ validators: lines.join("\n"), checks: CHECKS });
}

const F = "version.evaluation_spec.validators[0].config";

interface Case {
  code: string;
  type: string;
  /** Failing config, with ⟦⟧ around each expected range; null = no config key. */
  bad: string | null;
  good: string | null;
  field: string;
  message: string;
}

const cases: Case[] = [
  { code: "validator-config-required", type: "postcondition", bad: null, good: "{condition: exists}", field: F, message: "is required" },
  {
    code: "tca-config-required",
    type: "tool_call_assertion",
    bad: null,
    good: "{tool_name: search}",
    field: F,
    message: "tool_call_assertion config is required",
  },
  {
    code: "numeric-match-tolerance-mixed",
    type: "numeric_match",
    bad: "{⟦tolerance⟧: 0.1, absolute_tolerance: 0.2}",
    good: "{tolerance: 0.1, tolerance_mode: absolute}",
    field: F,
    message: "cannot mix tolerance_mode/tolerance with absolute_tolerance/relative_tolerance",
  },
  {
    code: "numeric-match-tolerance-mode-invalid",
    type: "numeric_match",
    bad: "{tolerance_mode: ⟦percent⟧}",
    good: "{tolerance_mode: ' relative '}",
    field: F,
    message: `tolerance_mode must be either "absolute" or "relative"`,
  },
  {
    code: "normalized-match-pipeline-mixed",
    type: "normalized_match",
    bad: "{pipeline: [trim], ⟦normalizations⟧: [lowercase]}",
    good: "{pipeline: [trim], normalizations: []}",
    field: F,
    message: "cannot mix pipeline with normalizations",
  },
  {
    code: "fuzzy-match-threshold-range",
    type: "fuzzy_match",
    bad: "{threshold: ⟦1.5⟧}",
    good: "{threshold: 1}",
    field: `${F}.threshold`,
    message: "must be between 0 and 1",
  },
  {
    code: "numeric-match-absolute-tolerance-negative",
    type: "numeric_match",
    bad: "{absolute_tolerance: ⟦-1⟧}",
    good: "{absolute_tolerance: 0}",
    field: `${F}.absolute_tolerance`,
    message: "must be greater than or equal to 0",
  },
  {
    code: "numeric-match-relative-tolerance-negative",
    type: "numeric_match",
    bad: "{relative_tolerance: ⟦-0.5⟧}",
    good: "{relative_tolerance: 0.5}",
    field: `${F}.relative_tolerance`,
    message: "must be greater than or equal to 0",
  },
  {
    code: "numeric-match-significant-digits-positive",
    type: "numeric_match",
    bad: "{significant_digits: ⟦0⟧}",
    good: "{significant_digits: 3}",
    field: `${F}.significant_digits`,
    message: "must be greater than 0",
  },
  {
    code: "normalized-match-step-unsupported",
    type: "normalized_match",
    bad: "{pipeline: [trim, ⟦Lowercase⟧]}",
    good: "{pipeline: [trim, lowercase, sort_lines]}",
    field: `${F}.pipeline[1]`,
    message: `"Lowercase" is not a supported normalization step`,
  },
  {
    code: "token-f1-threshold-range",
    type: "token_f1",
    bad: "{threshold: ⟦-0.1⟧}",
    good: "{threshold: 0}",
    field: `${F}.threshold`,
    message: "must be between 0 and 1",
  },
  {
    code: "math-equivalence-comparison-mode-invalid",
    type: "math_equivalence",
    bad: "{comparison_mode: ⟦exact⟧}",
    good: "{comparison_mode: ' numeric '}",
    field: `${F}.comparison_mode`,
    message: `must be "symbolic" or "numeric"`,
  },
  {
    code: "math-equivalence-tolerance-negative",
    type: "math_equivalence",
    bad: "{tolerance: ⟦-1⟧}",
    good: "{tolerance: 0.01}",
    field: `${F}.tolerance`,
    message: "must be greater than or equal to 0",
  },
  {
    code: "bleu-threshold-range",
    type: "bleu_score",
    bad: "{threshold: ⟦2⟧}",
    good: "{threshold: 0.3}",
    field: `${F}.threshold`,
    message: "must be between 0 and 1",
  },
  {
    code: "bleu-max-ngram-positive",
    type: "bleu_score",
    bad: "{max_ngram: ⟦0⟧}",
    good: "{max_ngram: ~}",
    field: `${F}.max_ngram`,
    message: "must be greater than 0",
  },
  {
    code: "bleu-smoothing-invalid",
    type: "bleu_score",
    bad: "{smoothing: ⟦method2⟧}",
    good: "{smoothing: method1}",
    field: `${F}.smoothing`,
    message: `must be "none" or "method1"`,
  },
  {
    code: "rouge-threshold-range",
    type: "rouge_score",
    bad: "{threshold: ⟦1.01⟧}",
    good: "{threshold: 0.99}",
    field: `${F}.threshold`,
    message: "must be between 0 and 1",
  },
  {
    code: "rouge-variant-invalid",
    type: "rouge_score",
    bad: "{variant: ⟦rouge-L⟧}",
    good: "{variant: rouge-2}",
    field: `${F}.variant`,
    message: `must be "rouge-1", "rouge-2", or "rouge-l"`,
  },
  { code: "rouge-beta-positive", type: "rouge_score", bad: "{beta: ⟦0⟧}", good: "{beta: 1.2}", field: `${F}.beta`, message: "must be greater than 0" },
  {
    code: "chrf-threshold-range",
    type: "chrf_score",
    bad: "{threshold: ⟦-1⟧}",
    good: "{threshold: 0.5}",
    field: `${F}.threshold`,
    message: "must be between 0 and 1",
  },
  {
    code: "chrf-char-order-positive",
    type: "chrf_score",
    bad: "{char_order: ⟦-6⟧}",
    good: "{char_order: 6}",
    field: `${F}.char_order`,
    message: "must be greater than 0",
  },
  { code: "chrf-beta-positive", type: "chrf_score", bad: "{beta: ⟦-2⟧}", good: "{beta: 2}", field: `${F}.beta`, message: "must be greater than 0" },
  {
    code: "code-execution-test-command-required",
    type: "code_execution",
    bad: "{test_command: ⟦'   '⟧}",
    good: "{test_command: pytest -q}",
    field: `${F}.test_command`,
    message: "is required",
  },
  {
    code: "code-execution-timeout-positive",
    type: "code_execution",
    bad: "{test_command: pytest, timeout_ms: ⟦0⟧}",
    good: "{test_command: pytest, timeout_ms: 1000}",
    field: `${F}.timeout_ms`,
    message: "must be greater than 0",
  },
  {
    code: "code-execution-scoring-invalid",
    type: "code_execution",
    bad: "{test_command: pytest, scoring: ⟦best_of⟧}",
    good: "{test_command: pytest, scoring: all_or_nothing}",
    field: `${F}.scoring`,
    message: "must be one of fraction_passed, all_or_nothing, pass_at_k",
  },
  {
    code: "code-execution-pass-at-k-unsupported",
    type: "code_execution",
    bad: "{test_command: pytest, scoring: ⟦pass_at_k⟧}",
    good: "{test_command: pytest, scoring: fraction_passed}",
    field: `${F}.scoring`,
    message: "pass_at_k requires multi-sample execution and is not supported yet",
  },
  {
    code: "code-execution-pass-threshold-range",
    type: "code_execution",
    bad: "{test_command: pytest, pass_threshold: ⟦1.5⟧}",
    good: "{test_command: pytest, pass_threshold: 0.8}",
    field: `${F}.pass_threshold`,
    message: "must be between 0 and 1",
  },
  {
    code: "tca-count-negative",
    type: "tool_call_assertion",
    bad: "{count: ⟦-1⟧}",
    good: "{count: 0}",
    field: `${F}.count`,
    message: "must be greater than or equal to 0",
  },
  {
    code: "tca-min-count-negative",
    type: "tool_call_assertion",
    bad: "{min_count: ⟦-1⟧}",
    good: "{min_count: 1}",
    field: `${F}.min_count`,
    message: "must be greater than or equal to 0",
  },
  {
    code: "tca-max-count-negative",
    type: "tool_call_assertion",
    bad: "{max_count: ⟦-3⟧}",
    good: "{max_count: 3}",
    field: `${F}.max_count`,
    message: "must be greater than or equal to 0",
  },
  {
    code: "tca-count-combined",
    type: "tool_call_assertion",
    bad: "{count: ⟦2⟧, max_count: 3}",
    good: "{min_count: 2, max_count: 3}",
    field: `${F}.count`,
    message: "cannot be combined with min_count or max_count",
  },
  {
    code: "tca-min-greater-than-max",
    type: "tool_call_assertion",
    bad: "{min_count: ⟦4⟧, max_count: 3}",
    good: "{min_count: 3, max_count: 3}",
    field: `${F}.min_count`,
    message: "must be less than or equal to max_count",
  },
  {
    code: "tca-must-call-true-count-zero",
    type: "tool_call_assertion",
    bad: "{must_call: ⟦true⟧, count: 0}",
    good: "{must_call: true, count: 1}",
    field: `${F}.must_call`,
    message: "cannot be true when count is 0",
  },
  {
    code: "tca-must-call-true-max-zero",
    type: "tool_call_assertion",
    bad: "{must_call: ⟦true⟧, max_count: 0}",
    good: "{must_call: false, max_count: 0}",
    field: `${F}.must_call`,
    message: "cannot be true when max_count is 0",
  },
  {
    code: "tca-must-call-false-count-positive",
    type: "tool_call_assertion",
    bad: "{must_call: ⟦false⟧, count: 2}",
    good: "{must_call: false, count: 0}",
    field: `${F}.must_call`,
    message: "cannot be false when count is greater than 0",
  },
  {
    code: "tca-must-call-false-min-positive",
    type: "tool_call_assertion",
    bad: "{must_call: ⟦false⟧, min_count: 1}",
    good: "{must_call: true, min_count: 1}",
    field: `${F}.must_call`,
    message: "cannot be false when min_count is greater than 0",
  },
  {
    code: "tca-arguments-contain-not-object",
    type: "tool_call_assertion",
    bad: "{tool_name: search, arguments_contain: ⟦[query]⟧}",
    good: "{tool_name: search, arguments_contain: {query: refunds}}",
    field: `${F}.arguments_contain`,
    message: "must be a JSON object",
  },
  {
    code: "tca-ordered-tool-empty",
    type: "tool_call_assertion",
    bad: "{ordered_tools: [search, ⟦' '⟧]}",
    good: "{ordered_tools: [search, ' answer ']}",
    field: `${F}.ordered_tools[1]`,
    message: "must not be empty",
  },
  {
    code: "tca-order-mode-invalid",
    type: "tool_call_assertion",
    bad: "{ordered_tools: [search], order_mode: ⟦strict⟧}",
    good: "{ordered_tools: [search], order_mode: ' exact '}",
    field: `${F}.order_mode`,
    message: `must be "subsequence" or "exact"`,
  },
  {
    code: "tca-ordered-tools-required",
    type: "tool_call_assertion",
    bad: "{tool_name: search, order_mode: ⟦exact⟧}",
    good: "{tool_name: search, order_mode: ''}",
    field: `${F}.ordered_tools`,
    message: "is required when order_mode is set",
  },
  {
    code: "tca-no-assertion",
    type: "tool_call_assertion",
    bad: "{tool_name: ' ', order_mode: ''}",
    good: "{arguments_contain: ~}",
    field: F,
    message: "must declare at least one tool call assertion",
  },
  {
    code: "postcondition-value-forbidden",
    type: "postcondition",
    bad: "{condition: not_exists, value: ⟦~⟧}",
    good: "{condition: not_exists}",
    field: `${F}.value`,
    message: "must be omitted for not_exists",
  },
  {
    code: "postcondition-value-not-string",
    type: "postcondition",
    bad: "{condition: contains, value: ⟦42⟧}",
    good: "{condition: contains, value: '42'}",
    field: `${F}.value`,
    message: "must be a string",
  },
  {
    code: "postcondition-value-not-regex-string",
    type: "postcondition",
    bad: "{condition: regex_match, value: ⟦[a]⟧, json_path: $.x}",
    good: "{condition: regex_match, value: '^ok$'}",
    field: `${F}.value`,
    message: "must be a string regex pattern",
  },
  {
    code: "postcondition-value-invalid-regex",
    type: "postcondition",
    bad: "{condition: regex_match, value: ⟦'(?<=a)b'⟧}",
    good: "{condition: regex_match, value: '(?P<word>\\w+)'}",
    field: `${F}.value`,
    message: "must be a valid regex: error parsing regexp: invalid named capture: `(?<=a)b`",
  },
  {
    code: "postcondition-json-path-required",
    type: "postcondition",
    bad: "{condition: json_path_match, value: {equals: 1}, json_path: ⟦' '⟧}",
    good: "{condition: json_path_match, value: {equals: 1}, json_path: $.count}",
    field: `${F}.json_path`,
    message: "is required",
  },
  {
    code: "postcondition-value-required",
    type: "postcondition",
    bad: "{condition: equals}",
    good: "{condition: equals, value: ~}",
    field: `${F}.value`,
    message: "is required",
  },
  {
    code: "postcondition-json-path-forbidden",
    type: "postcondition",
    bad: "{condition: ' equals ', value: 1, json_path: ⟦$.a⟧}",
    good: "{condition: equals, value: 1, json_path: ' '}",
    field: `${F}.json_path`,
    message: "must be omitted for equals",
  },
  {
    code: "postcondition-condition-required",
    type: "postcondition",
    bad: "{condition: ⟦' '⟧}",
    good: "{condition: exists}",
    field: `${F}.condition`,
    message: "is required",
  },
  {
    code: "postcondition-condition-invalid",
    type: "postcondition",
    bad: "{condition: ⟦Exists⟧}",
    good: "{condition: ' exists '}",
    field: `${F}.condition`,
    message: "must be one of exists, not_exists, contains, not_contains, regex_match, json_path_match, equals",
  },
];

for (const c of cases) {
  test(`${c.code}: ${c.type} config`, () => {
    const bad = withConfig(c.type, c.bad);
    // A missing config is reported at the validator's dash; a finding on nothing written, at the config key.
    const src = c.bad === null ? bad.replace("- key: v", "⟦-⟧ key: v") : !c.bad.includes("⟦") ? bad.replace("config:", "⟦config⟧:") : bad;
    expectDiagnostics(src, { code: c.code, field: c.field, message: c.message, severity: "error" });
    expectNo(withConfig(c.type, c.good), c.code);
  });
}

test("every config check of the catalog has a table entry (apart from the two unreachable ones)", () => {
  const want = rules.filter((r) => r.area === "evaluation-spec.validator-config" && r.reachable && r.id !== "validator-config-invalid-json").map((r) => r.id);
  assert.deepEqual([...new Set(cases.map((c) => c.code))].sort(), want.sort());
});

test("validator-config-invalid-json: only Go's first error, in sorted key order (the reference re-encodes the config as JSON)", () => {
  // Keys in Go's order: Extra, count, ordered_tools, tool_name, typo / zz. Verdicts checked with the reference's validator.
  const first = (config: string) =>
    expectDiagnostics(withConfig("tool_call_assertion", config), { code: "validator-config-invalid-json", field: F })[0].message;
  assert.equal(first(`{tool_name: submit, typo: true, count: 1.5, ordered_tools: [a, 2], ⟦Extra⟧: 1}`), `invalid JSON: json: unknown field "Extra"`);
  assert.equal(
    first(`{tool_name: submit, typo: true, count: ⟦1.5⟧, ordered_tools: [a, 2]}`),
    `invalid JSON: json: cannot unmarshal number 1.5 into Go struct field toolCallAssertionConfig.count of type int`,
  );
  assert.equal(
    first(`{tool_name: submit, zz: true, ordered_tools: [a, ⟦2⟧]}`),
    `invalid JSON: json: cannot unmarshal number into Go struct field toolCallAssertionConfig.ordered_tools of type string`,
  );
  expectDiagnostics(withConfig("token_f1", "{tool_name: submit, ⟦must_call⟧: true}"), {
    code: "validator-config-invalid-json",
    message: `invalid JSON: json: unknown field "must_call"`,
  });
  assert.equal(first(`{⟦wrong⟧: 1, zebra: 2, tool_name: submit}`), `invalid JSON: json: unknown field "wrong"`);
  expectDiagnostics(withConfig("fuzzy_match", "⟦[0.5]⟧"), {
    code: "validator-config-invalid-json",
    field: F,
    message: "invalid JSON: json: cannot unmarshal array into Go value of type scoring.fuzzyMatchConfig",
  });
  expectDiagnostics(withConfig("code_execution", "{test_command: pytest, scoring: ⟦1⟧}"), {
    code: "validator-config-invalid-json",
    field: F,
    message: "invalid JSON: json: cannot unmarshal number into Go struct field CodeExecutionConfig.scoring of type scoring.CodeExecutionScoringMode",
  });
  expectNo(withConfig("fuzzy_match", "{threshold: 0.5, case_insensitive: true, normalize: false}"), "validator-config-invalid-json");
});

test("validator-config-invalid-json: after a decode error no other check runs for that config", () => {
  const src = withConfig("fuzzy_match", "{threshold: 5, bogus: 1}");
  expectNo(src, "fuzzy-match-threshold-range");
  assert.equal(diagnose(src).filter((d) => d.code === "validator-config-invalid-json").length, 1);
});

test("validator-config: keys match case-insensitively, with the case advisory", () => {
  const src = withConfig("fuzzy_match", "{⟦Threshold⟧: 0.5}");
  expectNo(src, "validator-config-invalid-json");
  expectDiagnostics(src, { code: "eval-spec-key-case", severity: "warning" });
});

test("validator-config: `config: ~` is a present, empty config", () => {
  expectDiagnostics(withConfig("tool_call_assertion", "⟦~⟧").replace("config: ⟦~⟧", "⟦config⟧: ~"), { code: "tca-no-assertion", field: F });
  expectNo(withConfig("tool_call_assertion", "~"), "tca-config-required");
  expectDiagnostics(withConfig("postcondition", "~").replace("config:", "⟦config⟧:"), { code: "postcondition-condition-required", field: `${F}.condition` });
  expectNo(withConfig("postcondition", "~"), "validator-config-required");
});

test("validator-config: types without config checks, and unknown types, accept any config", () => {
  for (const type of ["exact_match", "file_exists", "directory_structure", "no_such_type"]) {
    const src = withConfig(type, "{whatever: [1, 2], Threshold: 5}");
    assert.deepEqual(
      diagnose(src).filter((d) => d.code === "validator-config-invalid-json" || d.code === "eval-spec-key-case"),
      [],
      type,
    );
  }
  expectNo(withConfig("fuzzy_match", null), "validator-config-required");
});

test("numeric_match legacy tolerance: a negative tolerance is reported on the converted field", () => {
  expectDiagnostics(withConfig("numeric_match", "{tolerance_mode: absolute, tolerance: ⟦-1⟧}"), {
    code: "numeric-match-absolute-tolerance-negative",
    field: `${F}.absolute_tolerance`,
    message: "must be greater than or equal to 0",
  });
  expectDiagnostics(withConfig("numeric_match", "{tolerance: ⟦-1⟧}"), {
    code: "numeric-match-relative-tolerance-negative",
    field: `${F}.relative_tolerance`,
  });
});

test("normalized_match: steps from `normalizations` are reported as pipeline[k]; null steps are empty", () => {
  const got = expectDiagnostics(withConfig("normalized_match", "{normalizations: [⟦~⟧, trim, ⟦Trim⟧]}"), { code: "normalized-match-step-unsupported" });
  assert.deepEqual(
    got.map((d) => [d.field, d.message]),
    [
      [`${F}.pipeline[0]`, `"" is not a supported normalization step`],
      [`${F}.pipeline[2]`, `"Trim" is not a supported normalization step`],
    ],
  );
});

test("code_execution: a config without test_command reports it at the config key", () => {
  expectDiagnostics(withConfig("code_execution", "{timeout_ms: 5}").replace("config:", "⟦config⟧:"), {
    code: "code-execution-test-command-required",
    field: `${F}.test_command`,
  });
  // no config at all: no config checks for code_execution
  expectNo(withConfig("code_execution", null), "code-execution-test-command-required");
});

test("postcondition: regex_match with a non-string value skips the regex and json_path checks", () => {
  const src = withConfig("postcondition", "{condition: regex_match, value: 5, json_path: $.a}");
  expectNo(src, "postcondition-json-path-forbidden");
  expectNo(src, "postcondition-value-invalid-regex");
  const blankPath = withConfig("postcondition", "{condition: exists, json_path: ' '}");
  assert.deepEqual(
    diagnose(blankPath).filter((d) => d.code.startsWith("postcondition-")),
    [],
  );
});

test("normalized_match: a step with runes Go does not print is quoted with their escapes (Go's %q)", () => {
  const got = expectDiagnostics(
    withConfig("normalized_match", '{pipeline: [⟦"trim\\u00a0"⟧, ⟦"lowercase\\u200b"⟧, ⟦"x\\u2028\\ue000\\U0001F600\\U000E0001"⟧]}'),
    {
      code: "normalized-match-step-unsupported",
    },
  );
  // The reference's verdicts: NBSP, ZWSP, LS, private use and tag characters escaped; the emoji printed.
  assert.deepEqual(
    got.map((d) => d.message),
    [
      `"trim\\u00a0" is not a supported normalization step`,
      `"lowercase\\u200b" is not a supported normalization step`,
      `"x\\u2028\\ue000😀\\U000e0001" is not a supported normalization step`,
    ],
  );
});
