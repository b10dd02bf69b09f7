import { test } from "node:test";
import assert from "node:assert/strict";
import { marked, yaml } from "../../../helpers/fixture";
import { diagnose, expectDiagnostics, expectNo, expectValid } from "../../../helpers/expect";
import { evalPack } from "../../../helpers/eval-spec";
import { indent } from "../../../helpers/packs";

const S = "version.evaluation_spec.behavioral.signals";
const withSignals = (items: string) => evalPack({ extra: "behavioral:\n  signals:\n" + indent(items, 4) });

test("behavioral-signals-empty: a present block needs signals, `{}` included; absent or null passes", () => {
  const want = { code: "behavioral-signals-empty", field: S, message: "must contain at least one signal" };
  expectDiagnostics(evalPack({ extra: "behavioral:\n  signals: ⟦[]⟧\n" }), want);
  expectDiagnostics(evalPack({ extra: "⟦behavioral⟧: {}\n" }), want);
  expectNo(evalPack({ extra: "behavioral: ~\n" }), want.code);
  expectNo(evalPack({}), want.code);
});

test("behavioral-signal-key-invalid: trimmed key outside the enum, with the values for a quick fix", () => {
  const [d] = expectDiagnostics(
    withSignals(yaml`
    - key: ⟦recovery⟧
      weight: 1
  `),
    {
      code: "behavioral-signal-key-invalid",
      field: `${S}[0].key`,
      message: "must be one of recovery_behavior, exploration_efficiency, error_cascade, scope_adherence, confidence_calibration",
    },
  );
  assert.equal((d.data?.expected as string[]).length, 5);
  expectNo(withSignals('- key: " recovery_behavior "\n  weight: 1\n'), "behavioral-signal-key-invalid");
});

test("behavioral-signal-key-duplicate: at the second, the first as related", () => {
  const m = marked(
    withSignals(yaml`
    - key: ⟦scope_adherence⟧
      weight: 1
    - key: ⟦scope_adherence⟧
      weight: 2
  `),
  );
  const got = diagnose(m.text).filter((d) => d.code === "behavioral-signal-key-duplicate");
  assert.equal(got.length, 1);
  assert.equal(got[0].field, `${S}[1].key`);
  assert.equal(got[0].message, "must be unique");
  assert.deepEqual(got[0].range, m.ranges[1]);
  assert.deepEqual(got[0].related?.[0].range, m.ranges[0]);
});

test("behavioral-signal-key-unsupported: confidence_calibration, a duplicate one too", () => {
  expectDiagnostics(
    withSignals(yaml`
    - key: ⟦confidence_calibration⟧
      weight: 1
    - key: ⟦confidence_calibration⟧
      weight: 1
  `),
    { code: "behavioral-signal-key-unsupported", message: "is not supported until confidence reporting lands" },
  );
});

test("behavioral-signal-weight-positive: zero, negative or absent", () => {
  const want = (i: number) => ({ code: "behavioral-signal-weight-positive", field: `${S}[${i}].weight`, message: "must be greater than 0" });
  expectDiagnostics(withSignals("- key: error_cascade\n  weight: ⟦0⟧\n"), want(0));
  expectDiagnostics(withSignals("- key: error_cascade\n  weight: ⟦-0.5⟧\n"), want(0));
  expectDiagnostics(withSignals("⟦-⟧ key: error_cascade\n"), want(0));
});

test("behavioral-signal-threshold-required: a gated signal without pass_threshold (or null)", () => {
  const want = { code: "behavioral-signal-threshold-required", field: `${S}[0].pass_threshold`, message: "is required when the signal is gated" };
  expectDiagnostics(withSignals("⟦-⟧ key: recovery_behavior\n  weight: 1\n  gate: true\n"), want);
  expectDiagnostics(withSignals("- key: recovery_behavior\n  weight: 1\n  gate: true\n  ⟦pass_threshold⟧:\n"), want);
  expectNo(withSignals("- key: recovery_behavior\n  weight: 1\n  gate: false\n"), want.code);
});

test("behavioral-signal-threshold-range: outside [0,1], gated or not", () => {
  for (const gate of ["true", "false"]) {
    for (const bad of ["-0.1", "1.5"]) {
      expectDiagnostics(withSignals(`- key: recovery_behavior\n  weight: 1\n  gate: ${gate}\n  pass_threshold: ⟦${bad}⟧\n`), {
        code: "behavioral-signal-threshold-range",
        field: `${S}[0].pass_threshold`,
        message: "must be between 0 and 1",
      });
    }
  }
  for (const ok of ["0", "1", "0.7"])
    expectNo(withSignals(`- key: recovery_behavior\n  weight: 1\n  pass_threshold: ${ok}\n`), "behavioral-signal-threshold-range");
});

test("a behavioral block of supported, weighted, gated signals is valid", () => {
  expectValid(
    withSignals(yaml`
    - key: recovery_behavior
      weight: 1
      gate: true
      pass_threshold: 0.6
    - key: " exploration_efficiency "
      weight: 0.5
    - key: error_cascade
      weight: 2
    - key: scope_adherence
      weight: 1
      pass_threshold: 0
  `),
  );
});
