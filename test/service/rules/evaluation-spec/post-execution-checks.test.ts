import { test } from "node:test";
import assert from "node:assert/strict";
import { marked, yaml } from "../../../helpers/fixture";
import { diagnose, expectDiagnostics, expectNo } from "../../../helpers/expect";
import { evalPack } from "../../../helpers/eval-spec";

const P = "version.evaluation_spec.post_execution_checks";
const V = "version.evaluation_spec.validators";

const GOOD_CHECKS = yaml`
  - key: out
    type: file_capture
    path: /workspace/out.txt
    max_size_bytes: 0
  - key: tree
    type: directory_listing
    path: /workspace
    recursive: true
`;

test("pec-key-required: blank key, at the value (or the item's dash when missing)", () => {
  expectDiagnostics(
    evalPack({
      checks: yaml`
        - key: ⟦" "⟧
          type: file_capture
          path: a
        ⟦-⟧ type: file_capture
          path: b
      `,
    }),
    { code: "pec-key-required", message: "is required" },
  ).forEach((d, i) => assert.equal(d.field, `${P}[${i}].key`));
  expectNo(evalPack({ checks: GOOD_CHECKS }), "pec-key-required");
});

test("pec-key-duplicate: the trimmed key repeats an earlier one; related points at the first", () => {
  const src = evalPack({
    checks: yaml`
      - key: ⟦out⟧
        type: file_capture
        path: a
      - key: ⟦" out "⟧
        type: file_capture
        path: b
    `,
  });
  const m = marked(src);
  const got = diagnose(m.text).filter((d) => d.code === "pec-key-duplicate");
  assert.equal(got.length, 1);
  assert.equal(got[0].field, `${P}[1].key`);
  assert.equal(got[0].message, "must be unique");
  assert.deepEqual(got[0].range, m.ranges[1]);
  assert.deepEqual(got[0].related?.[0].range, m.ranges[0]);
  expectNo(evalPack({ checks: GOOD_CHECKS }), "pec-key-duplicate");
});

test("pec-type-invalid: not exactly file_capture or directory_listing (not trimmed, case-sensitive)", () => {
  const got = expectDiagnostics(
    evalPack({
      checks: yaml`
        - key: a
          type: ⟦File_Capture⟧
          path: a
        - key: b
          type: ⟦" file_capture"⟧
          path: b
        ⟦-⟧ key: c
          path: c
      `,
    }),
    { code: "pec-type-invalid", message: "must be file_capture or directory_listing" },
  );
  assert.deepEqual(
    got.map((d) => d.field),
    [`${P}[0].type`, `${P}[1].type`, `${P}[2].type`],
  );
  assert.deepEqual(got[0].data, { expected: ["file_capture", "directory_listing"] });
  expectNo(evalPack({ checks: GOOD_CHECKS }), "pec-type-invalid");
});

test("pec-path-required: blank path", () => {
  expectDiagnostics(
    evalPack({
      checks: yaml`
        - key: a
          type: file_capture
          path: ⟦"  "⟧
      `,
    }),
    { code: "pec-path-required", field: `${P}[0].path`, message: "is required" },
  );
  expectNo(evalPack({ checks: GOOD_CHECKS }), "pec-path-required");
});

test("pec-max-size-negative: max_size_bytes below 0", () => {
  expectDiagnostics(
    evalPack({
      checks: yaml`
        - key: a
          type: file_capture
          path: a
          max_size_bytes: ⟦-1⟧
      `,
    }),
    { code: "pec-max-size-negative", field: `${P}[0].max_size_bytes`, message: "must be greater than or equal to 0" },
  );
  expectNo(evalPack({ checks: GOOD_CHECKS }), "pec-max-size-negative");
});

const CODE_EXEC = (target: string) => yaml`
  - key: tests
    type: code_execution
    target: ${target}
    config: {test_command: pytest}
`;

test("validator-code-execution-check-unknown: the target names no check (reported once, on the key)", () => {
  const src = evalPack({ validators: CODE_EXEC("file:⟦outt⟧"), checks: GOOD_CHECKS });
  expectDiagnostics(src, {
    code: "validator-code-execution-check-unknown",
    field: `${V}[0].target`,
    message: `references unknown post_execution_check key "outt"`,
  });
  // The reference repeats it in its second pass over file: targets; we show it once.
  expectNo(src, "validator-file-target-check-unknown");
  // Without the file: prefix the whole target is the key.
  expectDiagnostics(evalPack({ validators: CODE_EXEC("⟦nope⟧"), checks: GOOD_CHECKS }), {
    code: "validator-code-execution-check-unknown",
    message: `references unknown post_execution_check key "nope"`,
  });
  expectNo(evalPack({ validators: CODE_EXEC("file:out"), checks: GOOD_CHECKS }), "validator-code-execution-check-unknown");
});

test("validator-code-execution-check-unknown: keys are compared after trimming the check's key", () => {
  expectNo(
    evalPack({
      validators: CODE_EXEC("' file:out '"),
      checks: yaml`
        - key: " out "
          type: file_capture
          path: a
      `,
    }),
    "validator-code-execution-check-unknown",
  );
});

test("validator-code-execution-check-not-file-capture: the check is a directory_listing", () => {
  const got = expectDiagnostics(evalPack({ validators: CODE_EXEC("file:⟦tree⟧"), checks: GOOD_CHECKS }), {
    code: "validator-code-execution-check-not-file-capture",
    field: `${V}[0].target`,
    message: "must reference a file_capture post_execution_check",
  });
  assert.equal(got[0].related?.length, 1);
  expectNo(evalPack({ validators: CODE_EXEC("file:out"), checks: GOOD_CHECKS }), "validator-code-execution-check-not-file-capture");
});

const POSTCONDITION = (target: string) => yaml`
  - key: wrote
    type: postcondition
    target: ${target}
    config: {condition: exists}
`;

test("validator-postcondition-no-checks: a file: target with no post_execution_checks at all", () => {
  expectDiagnostics(evalPack({ validators: POSTCONDITION("file:⟦out⟧") }), {
    code: "validator-postcondition-no-checks",
    field: `${V}[0].target`,
    message: `references unknown post_execution_check key "out"`,
  });
  expectNo(evalPack({ validators: POSTCONDITION("file:out"), checks: GOOD_CHECKS }), "validator-postcondition-no-checks");
});

test("validator-file-target-check-unknown: second pass over file: targets, once checks have keys", () => {
  const src = evalPack({
    validators:
      POSTCONDITION("file:⟦missing_key⟧") +
      yaml`
        - key: content
          type: file_content_match
          target: file:⟦outt⟧
          expected_from: challenge_input
        - key: exists
          type: file_exists
          target: file:out
      `,
    checks: GOOD_CHECKS,
  });
  const got = expectDiagnostics(src, { code: "validator-file-target-check-unknown" });
  assert.deepEqual(
    got.map((d) => [d.field, d.message]),
    [
      [`${V}[0].target`, `references unknown post_execution_check key "missing_key"`],
      [`${V}[1].target`, `references unknown post_execution_check key "outt"`],
    ],
  );
  // Only checks with a non-blank key count: with none, nothing is checked here.
  expectNo(
    evalPack({
      validators: POSTCONDITION("file:missing"),
      checks: yaml`
        - key: " "
          type: file_capture
          path: a
      `,
    }),
    "validator-file-target-check-unknown",
  );
});
