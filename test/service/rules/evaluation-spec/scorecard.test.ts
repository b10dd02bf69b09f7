import { test } from "node:test";
import assert from "node:assert/strict";
import { marked } from "../../../helpers/fixture";
import { diagnose, expectDiagnostics, expectValid } from "../../../helpers/expect";
import { scorecardSpec } from "../../../helpers/eval-spec";

const S = "version.evaluation_spec";
const JUDGES = "llm_judges:\n  - key: tone\n    mode: rubric\n    rubric: Rate it\n    model: claude-sonnet-4-6\n";

/** A spec with this judge_mode, scorecard body (at column 0) and optional llm_judges block. */
const spec = (judgeMode: string, scorecard: string, judges = "") => scorecardSpec(scorecard, { judgeMode, spec: judges });

test("scorecard-pass-threshold-binary: at the threshold, with the strategy as related information", () => {
  const m = marked(spec("deterministic", "strategy: ⟦binary⟧\npass_threshold: ⟦0.5⟧\ndimensions:\n  - {key: correctness, pass_threshold: 1}\n"));
  const got = diagnose(m.text).filter((d) => d.code === "scorecard-pass-threshold-binary");
  assert.equal(got.length, 1);
  assert.equal(got[0].field, `${S}.scorecard.pass_threshold`);
  assert.equal(got[0].message, "must not be set for binary strategy; use per-dimension pass_threshold instead");
  assert.deepEqual(got[0].range, m.ranges[1]);
  assert.deepEqual(got[0].related?.[0].range, m.ranges[0]);
  expectValid(spec("deterministic", "strategy: binary\ndimensions:\n  - {key: correctness, pass_threshold: 1}\n"));
});

test("scorecard-pass-threshold-range: outside [0, 1] for weighted (the default) and hybrid", () => {
  const want = { code: "scorecard-pass-threshold-range", field: `${S}.scorecard.pass_threshold`, message: "must be between 0 and 1" };
  expectDiagnostics(spec("deterministic", "pass_threshold: ⟦1.01⟧\ndimensions: [correctness]\n"), want);
  expectDiagnostics(
    spec("deterministic", "strategy: hybrid\npass_threshold: ⟦-1⟧\ndimensions:\n  - {key: correctness, gate: true, pass_threshold: 1}\n"),
    want,
  );
  expectValid(spec("deterministic", "strategy: weighted\npass_threshold: 1\ndimensions: [correctness]\n"));
});

test("scorecard-hybrid-requires-gate: on the strategy; any gated dimension satisfies it", () => {
  expectDiagnostics(spec("deterministic", "strategy: ⟦hybrid⟧\ndimensions: [correctness, reliability]\n"), {
    code: "scorecard-hybrid-requires-gate",
    field: `${S}.scorecard.strategy`,
    message: "hybrid strategy requires at least one gated dimension",
  });
  // A gated dimension counts even when it fails its own checks.
  const src = spec("deterministic", "strategy: hybrid\ndimensions:\n  - correctness\n  - {key: bogus, source: nope, gate: true}\n");
  assert.equal(diagnose(src).filter((d) => d.code === "scorecard-hybrid-requires-gate").length, 0);
  expectValid(spec("deterministic", "strategy: hybrid\ndimensions:\n  - correctness\n  - {key: reliability, gate: true, pass_threshold: 0.9}\n"));
});

test("an absent or empty strategy is weighted", () => {
  expectValid(spec("deterministic", 'strategy: ""\ndimensions: [correctness]\n'));
  expectValid(spec("deterministic", "dimensions: [correctness]\n"));
});

test("judge-mode-deterministic-has-judges: on the llm_judges key", () => {
  expectDiagnostics(spec("deterministic", "dimensions: [correctness]\n", JUDGES.replace("llm_judges", "⟦llm_judges⟧")), {
    code: "judge-mode-deterministic-has-judges",
    field: `${S}.llm_judges`,
    message: "must be empty when judge_mode is deterministic",
  });
  expectValid(spec("deterministic", "dimensions: [correctness]\n", "llm_judges: []\n"));
});

test("judge-mode-llm-judge-needs-judges and judge-mode-hybrid-needs-judges: on judge_mode, or on an empty list", () => {
  const llm = { code: "judge-mode-llm-judge-needs-judges", field: `${S}.llm_judges`, message: "must contain at least one judge when judge_mode is llm_judge" };
  const hybrid = { code: "judge-mode-hybrid-needs-judges", field: `${S}.llm_judges`, message: "must contain at least one judge when judge_mode is hybrid" };
  expectDiagnostics(spec("llm_judge", "dimensions: [correctness]\n").replace("judge_mode: llm_judge", "judge_mode: ⟦llm_judge⟧"), llm);
  expectDiagnostics(spec("hybrid", "dimensions: [correctness]\n", "llm_judges: ⟦[]⟧\n"), hybrid);
  expectValid(spec("llm_judge", "dimensions: [correctness]\n", JUDGES));
  expectValid(spec("hybrid", "dimensions: [correctness]\n", JUDGES));
});
