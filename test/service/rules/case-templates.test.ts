import { test } from "node:test";
import assert from "node:assert/strict";
import { marked, yaml } from "../../helpers/fixture";
import { diagnose, errors, expectDiagnostics, expectNo, expectValid } from "../../helpers/expect";
import { indent, pack } from "../../helpers/packs";
import { specHead, specSection } from "../../helpers/eval-spec";

/** The evaluation_spec section of a pack whose code_execution validator has this `config` (a dedented YAML mapping body). */
function specWith(config: string, type = "code_execution"): string {
  const validator =
    yaml`
    - key: tests
      type: ${type}
      target: file:generated_code
      config:
  ` + indent(config, 4);
  return specSection(
    specHead("deterministic", validator) +
      yaml`
    post_execution_checks:
      - key: generated_code
        type: file_capture
        path: /workspace/app.py
    scorecard:
      dimensions: [correctness]
  `,
  );
}

const inputSets = yaml`
  input_sets:
    - key: refund-smoke
      name: Refund Smoke
      cases:
        - challenge_key: refund-question
          case_key: ⟦with-order⟧
          payload:
            order_id: "123"
            repo: {url: https://example.test/r.git, ref: main}
          inputs:
            - key: suite
              kind: text
              value: unit
        - challenge_key: refund-question
          case_key: ⟦bare⟧
`;

/** The same input set with only its first case. */
const oneCase = inputSets.replace(/⟦|⟧/g, "").replace(/ +- challenge_key: refund-question\n +case_key: bare\n/, "");

const F = "version.evaluation_spec.validators[0].config.test_command";

test("the fixture's spec and cases are valid when every placeholder resolves in every case", () => {
  expectValid(
    pack({
      evaluationSpec: specWith("test_command: pytest -q {{ order_id }}\nscoring: all_or_nothing\n"),
      inputSets: inputSets.replace(/⟦|⟧/g, "").replace(/( +)case_key: bare\n/, "$1case_key: bare\n$1payload: {order_id: '9'}\n"),
    }),
  );
});

test("case-template-unresolved: per case, at the placeholder, the case as related", () => {
  const m = marked(pack({ evaluationSpec: specWith("test_command: pytest {{order_id}} ⟦{{ repo.url }}⟧ {{suite}}\n"), inputSets }));
  const got = diagnose(m.text).filter((d) => d.code === "case-template-unresolved");
  assert.deepEqual(
    got.map((d) => [d.field, d.message]),
    [
      [`${F} (input_sets[0].cases[1])`, "unresolved placeholder {{order_id}} for case template context"],
      [`${F} (input_sets[0].cases[1])`, "unresolved placeholder {{repo.url}} for case template context"],
      [`${F} (input_sets[0].cases[1])`, "unresolved placeholder {{suite}} for case template context"],
    ],
  );
  // Marked in document order: the placeholder in test_command, then the case keys with-order and bare.
  const [placeholder, , bare] = m.ranges;
  assert.deepEqual(got[1].range, placeholder);
  assert.deepEqual(got[1].related?.[0].range, bare);
});

test("case-template-unresolved: one error per unique placeholder per case, in order of first appearance", () => {
  const src = pack({
    evaluationSpec: specWith("test_command: echo ⟦{{missing_b}}⟧ ⟦{{missing_a}}⟧ {{missing_b}}\n"),
    inputSets: oneCase,
  });
  const got = expectDiagnostics(src, { code: "case-template-unresolved", field: `${F} (input_sets[0].cases[0])` });
  assert.deepEqual(
    got.map((d) => d.message),
    ["unresolved placeholder {{missing_b}} for case template context", "unresolved placeholder {{missing_a}} for case template context"],
  );
  assert.equal(errors(marked(src).text).length, 2);
});

test("case-template-unresolved: walks maps only; inputs override payload; null inputs do not count", () => {
  const sets = yaml`
    input_sets:
      - key: s
        name: S
        cases:
          - challenge_key: refund-question
            case_key: c
            payload:
              order: {id: 7}
              list: [a]
              numbered: {1: one}
              shadowed: text
            inputs:
              - key: shadowed
                kind: json
                value: {inner: x}
              - key: nothing
                kind: text
                value: ~
  `;
  expectNo(pack({ evaluationSpec: specWith("test_command: run {{order.id}} {{shadowed.inner}}\n"), inputSets: sets }), "case-template-unresolved");
  expectDiagnostics(
    pack({
      evaluationSpec: specWith("test_command: run ⟦{{list.0}}⟧ ⟦{{order.id.x}}⟧ ⟦{{nothing}}⟧ ⟦{{numbered.1}}⟧\n"),
      inputSets: sets,
    }),
    { code: "case-template-unresolved", field: `${F} (input_sets[0].cases[0])` },
  );
});

test("case-template-invalid-path: an empty segment once the walk reaches it", () => {
  const sets = oneCase;
  expectDiagnostics(pack({ evaluationSpec: specWith("test_command: run ⟦{{order_id..x}}⟧\n"), inputSets: sets }), {
    code: "case-template-invalid-path",
    field: `${F} (input_sets[0].cases[0])`,
    message: 'invalid placeholder path "order_id..x"',
  });
  expectNo(pack({ evaluationSpec: specWith("test_command: run {{order_id.x}}\n"), inputSets: sets }), "case-template-invalid-path");
});

test("only code_execution validators whose config parses are checked", () => {
  const sets = oneCase;
  const skipped = [
    specWith("test_command: run {{missing}}\n", "Code_Execution"),
    specWith("test_command: run {{missing}}\ntimeout: 5\n"),
    specWith("test_command: run {{missing}}\ntimeout_ms: 1.5\n"),
    specWith("test_command: run {{missing}}\nscoring: 3\n"),
    specWith("test_command: [run, '{{missing}}']\n"),
    specWith("test_command: run {{ 1x }} {{a-b}} {missing}\n"),
  ];
  for (const spec of skipped) expectNo(pack({ evaluationSpec: spec, inputSets: sets }), "case-template-unresolved");
  // Keys match case-insensitively; null values are accepted.
  expectDiagnostics(pack({ evaluationSpec: specWith("Test_Command: run ⟦{{missing}}⟧\ntimeout_ms: 2.0\npass_threshold: ~\n"), inputSets: sets }), {
    code: "case-template-unresolved",
    field: `${F} (input_sets[0].cases[0])`,
  });
});

test("no cases, no template errors", () => {
  expectNo(pack({ evaluationSpec: specWith("test_command: run {{missing}}\n"), inputSets: "" }), "case-template-unresolved");
});
