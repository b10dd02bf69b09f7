import { test } from "node:test";
import assert from "node:assert/strict";
import { marked, yaml } from "../../../helpers/fixture";
import { diagnose, expectDiagnostics, expectNo, expectValid } from "../../../helpers/expect";
import { evalPack } from "../../../helpers/eval-spec";
import { indent } from "../../../helpers/packs";

const M = "version.evaluation_spec.metrics";
const withMetrics = (items: string) => evalPack({ extra: "metrics:\n" + indent(items, 2) });

test("metric-key-required: blank at the value, missing at the dash", () => {
  const want = { code: "metric-key-required", field: `${M}[0].key`, message: "is required" };
  expectDiagnostics(
    withMetrics(yaml`
    - key: ⟦""⟧
      type: numeric
      collector: run_total_latency_ms
  `),
    want,
  );
  expectDiagnostics(
    withMetrics(yaml`
    ⟦-⟧ type: numeric
      collector: run_total_latency_ms
  `),
    want,
  );
});

test("metric-key-duplicate: trimmed keys; at the second, the first as related", () => {
  const m = marked(
    withMetrics(yaml`
    - key: ⟦latency⟧
      type: numeric
      collector: run_total_latency_ms
    - key: ⟦"latency "⟧
      type: numeric
      collector: run_ttft_ms
  `),
  );
  const got = diagnose(m.text).filter((d) => d.code === "metric-key-duplicate");
  assert.equal(got.length, 1);
  assert.equal(got[0].field, `${M}[1].key`);
  assert.equal(got[0].message, "must be unique");
  assert.deepEqual(got[0].range, m.ranges[1]);
  assert.deepEqual(got[0].related?.[0].range, m.ranges[0]);
});

test("metric and validator keys are separate lists: the same key in both is not a duplicate", () => {
  expectNo(withMetrics("- key: exact\n  type: numeric\n  collector: run_total_tokens\n"), "metric-key-duplicate");
});

test("metric-type-unsupported: exact values only", () => {
  for (const bad of ["counter", "Numeric", '" numeric"']) {
    expectDiagnostics(
      withMetrics(yaml`
      - key: latency
        type: ⟦${bad}⟧
        collector: run_total_latency_ms
    `),
      { code: "metric-type-unsupported", field: `${M}[0].type`, message: "is not a supported metric type" },
    );
  }
});

test("metric-collector-required: blank or missing", () => {
  const want = { code: "metric-collector-required", field: `${M}[0].collector`, message: "is required" };
  expectDiagnostics(
    withMetrics(yaml`
    - key: latency
      type: numeric
      collector: ⟦" "⟧
  `),
    want,
  );
  expectDiagnostics(
    withMetrics(yaml`
    ⟦-⟧ key: latency
      type: numeric
  `),
    want,
  );
});

test("metric-collector-unsupported: the confidence collector (trimmed) is rejected; unknown collectors pass", () => {
  expectDiagnostics(
    withMetrics(yaml`
    - key: confidence
      type: numeric
      collector: ⟦" behavioral_confidence_calibration_score "⟧
  `),
    { code: "metric-collector-unsupported", field: `${M}[0].collector`, message: "is not supported until confidence reporting lands" },
  );
  expectNo(withMetrics("- key: x\n  type: numeric\n  collector: run_made_up\n"), "metric-collector-unsupported");
});

test("metrics of every type, with units, are valid", () => {
  expectValid(
    withMetrics(yaml`
    - key: latency
      type: numeric
      collector: run_total_latency_ms
      unit: ms
    - key: summary
      type: text
      collector: validator_pass_rate
    - key: finished
      type: boolean
      collector: " run_completed_successfully "
  `),
  );
});
