import { test } from "node:test";
import assert from "node:assert/strict";
import { yaml } from "../../../helpers/fixture";
import { diagnose, expectDiagnostics, expectNo } from "../../../helpers/expect";
import { evalPack } from "../../../helpers/eval-spec";

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

test("tca-no-assertion: blank values are no assertion, and a null arguments_contain is one", () => {
  expectDiagnostics(withConfig("tool_call_assertion", "{tool_name: ' ', order_mode: ''}").replace("config:", "⟦config⟧:"), {
    code: "tca-no-assertion",
    field: F,
    message: "must declare at least one tool call assertion",
  });
  expectNo(withConfig("tool_call_assertion", "{arguments_contain: ~}"), "tca-no-assertion");
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
