import { test } from "node:test";
import assert from "node:assert/strict";
import { marked, yaml } from "../../../helpers/fixture";
import { diagnose, expectDiagnostics, expectNo, expectValid } from "../../../helpers/expect";
import { evalPack } from "../../../helpers/eval-spec";

const V = "version.evaluation_spec.validators";

const fileCapture = yaml`
  post_execution_checks:
    - key: out
      type: file_capture
      path: /workspace/out.txt
    - key: tree
      type: directory_listing
      path: /workspace
`;

test("validator-key-required: blank at the value, missing at the item's dash", () => {
  const want = { code: "validator-key-required", field: `${V}[0].key`, message: "is required" };
  expectDiagnostics(
    evalPack({
      validators: yaml`
    - key: ⟦"  "⟧
      type: exact_match
      target: final_output
      expected_from: challenge_input
  `,
    }),
    want,
  );
  expectDiagnostics(
    evalPack({
      validators: yaml`
    ⟦-⟧ type: exact_match
      target: final_output
      expected_from: challenge_input
  `,
    }),
    want,
  );
});

test("validator-key-duplicate: keys are trimmed; at the second, the first as related", () => {
  const m = marked(
    evalPack({
      validators: yaml`
    - key: ⟦exact⟧
      type: exact_match
      target: final_output
      expected_from: challenge_input
    - key: ⟦" exact "⟧
      type: contains
      target: final_output
      expected_from: challenge_input
  `,
    }),
  );
  const got = diagnose(m.text).filter((d) => d.code === "validator-key-duplicate");
  assert.equal(got.length, 1);
  assert.equal(got[0].field, `${V}[1].key`);
  assert.equal(got[0].message, "must be unique");
  assert.deepEqual(got[0].range, m.ranges[1]);
  assert.deepEqual(got[0].related?.[0].range, m.ranges[0]);
});

test("validator-type-unsupported: exact, case-sensitive, not trimmed", () => {
  for (const bad of ["Exact_Match", '" exact_match"', "levenshtein"]) {
    const [d] = expectDiagnostics(
      evalPack({
        validators: yaml`
      - key: exact
        type: ⟦${bad}⟧
        target: final_output
        expected_from: challenge_input
    `,
      }),
      { code: "validator-type-unsupported", field: `${V}[0].type`, message: "is not a supported validator type" },
    );
    assert.ok((d.data?.expected as string[]).includes("exact_match"));
  }
});

test("validator-target-required: a blank or missing target", () => {
  const want = { code: "validator-target-required", field: `${V}[0].target`, message: "is required" };
  expectDiagnostics(
    evalPack({
      validators: yaml`
    - key: exact
      type: exact_match
      target: ⟦" "⟧
      expected_from: challenge_input
  `,
    }),
    want,
  );
  expectDiagnostics(
    evalPack({
      validators: yaml`
    ⟦-⟧ key: exact
      type: exact_match
      expected_from: challenge_input
  `,
    }),
    want,
  );
});

test("validator-target-tool-calls-required: a tool_call_assertion must target tool_calls (trimmed)", () => {
  const tca = (target: string) =>
    evalPack({
      validators: yaml`
    - key: calls
      type: tool_call_assertion
      target: ${target}
      config:
        tool_name: search
  `,
    });
  expectDiagnostics(tca("⟦final_output⟧"), {
    code: "validator-target-tool-calls-required",
    field: `${V}[0].target`,
    message: 'must be "tool_calls" for tool_call_assertion validators',
  });
  expectNo(tca('" tool_calls "'), "validator-target-tool-calls-required");
  expectNo(tca("tool_calls"), "validator-target-unsupported-reference");
});

test("validator-target-unsupported-reference: outside the evidence grammar, tool_calls included", () => {
  for (const bad of ["tool_calls", "output", "case.inputs", "artifact.a..b", "transcript.last_n:0"]) {
    expectDiagnostics(
      evalPack({
        validators: yaml`
      - key: exact
        type: exact_match
        target: ⟦${bad}⟧
        expected_from: challenge_input
    `,
      }),
      { code: "validator-target-unsupported-reference", field: `${V}[0].target`, message: "must be a supported evidence reference" },
    );
  }
});

test("validator-expected-from-required: for every type that needs it, unknown types included", () => {
  for (const type of ["exact_match", "file_content_match", "mystery"]) {
    expectDiagnostics(
      evalPack({
        validators: yaml`
      ⟦-⟧ key: v
        type: ${type}
        target: file:out
    `,
        extra: fileCapture,
      }),
      { code: "validator-expected-from-required", field: `${V}[0].expected_from`, message: "is required" },
    );
  }
  for (const type of ["file_exists", "file_json_schema", "directory_structure", "code_execution"]) {
    expectNo(evalPack({ validators: `- key: v\n  type: ${type}\n  target: file:out\n`, extra: fileCapture }), "validator-expected-from-required");
  }
});

test("validator-expected-from-unsupported-reference: checked (trimmed) only where expected_from is required", () => {
  expectDiagnostics(
    evalPack({
      validators: yaml`
    - key: exact
      type: exact_match
      target: final_output
      expected_from: ⟦case.expectations.⟧
  `,
    }),
    { code: "validator-expected-from-unsupported-reference", field: `${V}[0].expected_from`, message: "must be a supported evidence reference" },
  );
  expectNo(
    evalPack({
      validators: yaml`
    - key: exact
      type: exact_match
      target: final_output
      expected_from: " case.expectations.answer "
  `,
    }),
    "validator-expected-from-unsupported-reference",
  );
  // file_exists does not use expected_from, so any value is accepted unchecked.
  expectNo(
    evalPack({
      validators: yaml`
    - key: present
      type: file_exists
      target: file:out
      expected_from: nonsense
  `,
      extra: fileCapture,
    }),
    "validator-expected-from-unsupported-reference",
  );
});

test("validator-expected-from-forbidden: names the type in its message", () => {
  expectDiagnostics(
    evalPack({
      validators: yaml`
    - key: calls
      type: tool_call_assertion
      target: tool_calls
      expected_from: ⟦final_output⟧
      config:
        tool_name: search
  `,
    }),
    { code: "validator-expected-from-forbidden", field: `${V}[0].expected_from`, message: "must be omitted for tool_call_assertion validators" },
  );
  expectDiagnostics(
    evalPack({
      validators: yaml`
    - key: written
      type: postcondition
      target: file:out
      expected_from: ⟦challenge_input⟧
      config:
        condition: exists
  `,
      extra: fileCapture,
    }),
    { code: "validator-expected-from-forbidden", field: `${V}[0].expected_from`, message: "must be omitted for postcondition validators" },
  );
});

test("validator-file-target-prefix: file validators need a file: target", () => {
  expectDiagnostics(
    evalPack({
      validators: yaml`
    - key: present
      type: file_exists
      target: ⟦final_output⟧
  `,
    }),
    { code: "validator-file-target-prefix", field: `${V}[0].target`, message: "must use file: prefix for file validators" },
  );
  expectNo(evalPack({ validators: "- key: present\n  type: file_exists\n  target: file:out\n", extra: fileCapture }), "validator-file-target-prefix");
});

test("validators of every family, correctly declared, are valid", () => {
  expectValid(
    evalPack({
      validators: yaml`
    - key: " exact "
      type: exact_match
      target: " final_output "
      expected_from: case.payload.answer
    - key: mentions
      type: contains
      target: run.final_output
      expected_from: "literal:"
    - key: shape
      type: regex_match
      target: transcript.last_n:+3
      expected_from: literal:^ok$
    - key: present
      type: file_exists
      target: file:out
    - key: tests
      type: code_execution
      target: file:out
    - key: listing
      type: directory_structure
      target: file:tree
  `,
      extra: fileCapture,
    }),
  );
});

test("a null validator is one with every field zero, reported at its item", () => {
  const src = evalPack({ validators: "⟦- ~⟧\n" });
  expectDiagnostics(src, { code: "validator-key-required", field: `${V}[0].key` });
  expectDiagnostics(src, { code: "validator-type-unsupported", field: `${V}[0].type` });
  expectDiagnostics(src, { code: "validator-target-required", field: `${V}[0].target` });
  expectDiagnostics(src, { code: "validator-expected-from-required", field: `${V}[0].expected_from` });
});

test("values of the wrong type never crash the validator rules", () => {
  const src = evalPack({
    validators: "- 5\n- [a]\n- key: [x]\n  type: {a: 1}\n  target: 3\n  expected_from: true\n",
    extra: "post_execution_checks: [1, ~, {key: [k]}]\n",
  });
  assert.ok(diagnose(src).some((d) => d.code === "eval-spec-type-mismatch"));
});
