import { test } from "node:test";
import assert from "node:assert/strict";
import { yaml } from "../../../helpers/fixture";
import { diagnose, expectDiagnostics, expectNo, expectValid } from "../../../helpers/expect";
import { pack, sections } from "../../../helpers/packs";

const P = "version.evaluation_spec";

const everythingMissing = [
  { code: "eval-name-required", field: `${P}.name`, message: "is required" },
  { code: "eval-version-number-positive", field: `${P}.version_number`, message: "must be greater than 0" },
  { code: "eval-judge-mode-invalid", field: `${P}.judge_mode`, message: "must be one of deterministic, llm_judge, hybrid" },
  { code: "eval-validators-empty", field: `${P}.validators`, message: "must contain at least one validator" },
  { code: "eval-dimensions-empty", field: `${P}.scorecard.dimensions`, message: "must contain at least one dimension" },
];

test("an absent evaluation_spec: every required top-level field, at the version key", () => {
  const src = pack({
    version: yaml`
    ⟦version⟧:
      number: 1
  `,
    evaluationSpec: "",
  });
  for (const want of everythingMissing) expectDiagnostics(src, want);
});

test("evaluation_spec: {} is validated as the zero spec, at its key", () => {
  const src = pack({
    evaluationSpec: yaml`
    ⟦evaluation_spec⟧: {}
  `,
  });
  for (const want of everythingMissing) expectDiagnostics(src, want);
});

test("eval-name-required: a blank name, at the value; the name is trimmed", () => {
  expectDiagnostics(pack({ evaluationSpec: sections.evaluationSpec.replace("name: support-v1", 'name: ⟦"  "⟧') }), {
    code: "eval-name-required",
    field: `${P}.name`,
    message: "is required",
  });
  expectNo(pack({ evaluationSpec: sections.evaluationSpec.replace("name: support-v1", 'name: " v1 "') }), "eval-name-required");
});

test("eval-version-number-positive: zero and negative numbers, at the value", () => {
  for (const bad of ["0", "-3"]) {
    expectDiagnostics(pack({ evaluationSpec: sections.evaluationSpec.replace("version_number: 1", `version_number: ⟦${bad}⟧`) }), {
      code: "eval-version-number-positive",
      field: `${P}.version_number`,
      message: "must be greater than 0",
    });
  }
});

test("eval-judge-mode-invalid: exact and case-sensitive, with the allowed values for a quick fix", () => {
  const [d] = expectDiagnostics(pack({ evaluationSpec: sections.evaluationSpec.replace("judge_mode: deterministic", "judge_mode: ⟦Deterministic⟧") }), {
    code: "eval-judge-mode-invalid",
    field: `${P}.judge_mode`,
    message: "must be one of deterministic, llm_judge, hybrid",
  });
  assert.deepEqual(d.data?.expected, ["deterministic", "llm_judge", "hybrid"]);
});

test("eval-validators-empty: an empty list, at the list", () => {
  const src = yaml`
    evaluation_spec:
      name: support-v1
      version_number: 1
      judge_mode: deterministic
      validators: ⟦[]⟧
      scorecard:
        dimensions: [correctness]
  `;
  expectDiagnostics(pack({ evaluationSpec: src }), { code: "eval-validators-empty", field: `${P}.validators`, message: "must contain at least one validator" });
});

test("eval-dimensions-empty: at the list, at scorecard when the list is missing, at evaluation_spec without a scorecard", () => {
  const want = { code: "eval-dimensions-empty", field: `${P}.scorecard.dimensions`, message: "must contain at least one dimension" };
  const base = sections.evaluationSpec.replace(/\n\s*scorecard:[\s\S]*$/, "\n");
  expectDiagnostics(pack({ evaluationSpec: base + "  scorecard:\n    dimensions: ⟦[]⟧\n" }), want);
  expectDiagnostics(pack({ evaluationSpec: base + "  ⟦scorecard⟧:\n    strategy: weighted\n" }), want);
  expectDiagnostics(pack({ evaluationSpec: base.replace("evaluation_spec:", "⟦evaluation_spec⟧:") }), want);
});

test("eval-strategy-invalid: only a non-empty unknown strategy", () => {
  const withStrategy = (s: string) => pack({ evaluationSpec: sections.evaluationSpec + `    strategy: ${s}\n` });
  expectDiagnostics(withStrategy("⟦Weighted⟧"), {
    code: "eval-strategy-invalid",
    field: `${P}.scorecard.strategy`,
    message: "must be one of weighted, binary, hybrid",
  });
  for (const ok of ["weighted", "binary", '""', "~"]) expectNo(withStrategy(ok), "eval-strategy-invalid");
});

test("a complete top level with every runtime limit set is valid", () => {
  expectValid(
    pack({
      evaluationSpec:
        sections.evaluationSpec +
        yaml`
    runtime_limits:
      max_total_tokens: 200000
      max_cost_usd: 1.5
      max_duration_ms: 120000
      max_iterations: 40
  `.replace(/^(?=.)/gm, "  "),
    }),
  );
});

test("values of the wrong type never crash the rules", () => {
  const src = yaml`
    evaluation_spec:
      name: [a]
      version_number: "1"
      judge_mode: {}
      validators: nope
      scorecard: 3
      runtime_limits: [1]
  `;
  assert.ok(diagnose(pack({ evaluationSpec: src })).length > 0);
});
