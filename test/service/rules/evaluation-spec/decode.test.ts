import { test } from "node:test";
import assert from "node:assert/strict";
import { marked, yaml } from "../../../helpers/fixture";
import { diagnose, errors, expectDiagnostics, expectNo, expectValid } from "../../../helpers/expect";
import { pack } from "../../../helpers/packs";
import { evalPack, scorecardSpec, specHead, withSpec } from "../../../helpers/eval-spec";
import { displayMessage } from "../../../../server/src/service/diagnostic-text";

const DECODE = "decode evaluation spec from yaml: decode evaluation spec: json: ";
const MARSHAL = "marshal yaml evaluation spec: json: ";

/** The base evaluation_spec with these lines (dedented, newline-separated) under `scorecard:`. */
const dimensions = (scorecard: string) => scorecardSpec(scorecard);

test("eval-spec-unknown-field: at the key, in the reference's words, field null", () => {
  expectDiagnostics(dimensions(`dimensions: [{key: correctness, source: validators, ⟦wieght⟧: 0.5}]`), {
    code: "eval-spec-unknown-field",
    field: null,
    message: `${DECODE}unknown field "wieght"`,
    severity: "error",
  });
});

test("eval-spec-unknown-field: every unknown key at every level is reported, not only the first", () => {
  const got = expectDiagnostics(
    pack({
      evaluationSpec: yaml`
        evaluation_spec:
          name: spec
          version_number: 1
          judge_mode: deterministic
          ⟦descripton⟧: typo
          validators:
            - key: exact
              type: exact_match
              target: final_output
              expected_from: challenge_input
              ⟦expected⟧: x
          scorecard:
            ⟦pas_threshold⟧: 0.5
            dimensions: [correctness]
      `,
    }),
    { code: "eval-spec-unknown-field", field: null },
  );
  assert.deepEqual(
    got.map((d) => d.message),
    ["descripton", "expected", "pas_threshold"].map((k) => `${DECODE}unknown field "${k}"`),
  );
  assert.equal((got[1].data?.suggestions as string[])[0], "expected_from");
});

test("eval-spec-unknown-field: raw-captured values (config, output_schema) are not checked at decode", () => {
  const src = evalPack({
    validators: yaml`
      - key: exact
        type: exact_match
        target: final_output
        expected_from: challenge_input
        config: {anything: [1, 2], Goes: {here: true}}
    `,
    extra: yaml`
      llm_judges: []
    `,
  });
  expectNo(src, "eval-spec-unknown-field");
  expectValid(src);
});

test("eval-spec-type-mismatch: strict JSON types, at the value, with Go's struct and path", () => {
  const cases: [string, string][] = [
    [`name: ⟦123⟧`, `cannot unmarshal number into Go struct field EvaluationSpec.name of type string`],
    [`version_number: ⟦1.5⟧`, `cannot unmarshal number 1.5 into Go struct field EvaluationSpec.version_number of type int32`],
    [`version_number: ⟦"1"⟧`, `cannot unmarshal string into Go struct field EvaluationSpec.version_number of type int32`],
    [`version_number: ⟦1e21⟧`, `cannot unmarshal number 1e+21 into Go struct field EvaluationSpec.version_number of type int32`],
    [`version_number: ⟦3000000000⟧`, `cannot unmarshal number 3000000000 into Go struct field EvaluationSpec.version_number of type int32`],
    [`judge_mode: ⟦[a]⟧`, `cannot unmarshal array into Go struct field EvaluationSpec.judge_mode of type scoring.JudgeMode`],
    [`metrics: ⟦{a: 1}⟧`, `cannot unmarshal object into Go struct field EvaluationSpec.metrics of type []scoring.MetricDeclaration`],
    [`runtime_limits: ⟦5⟧`, `cannot unmarshal number into Go struct field EvaluationSpec.runtime_limits of type scoring.RuntimeLimits`],
    [
      `runtime_limits: {max_total_tokens: ⟦9223372036854775808⟧}`,
      `cannot unmarshal number 9223372036854775808 into Go struct field RuntimeLimits.runtime_limits.max_total_tokens of type int64`,
    ],
    [
      `behavioral: {signals: [{key: scope_adherence, weight: 1, gate: ⟦yes⟧}]}`,
      `cannot unmarshal string into Go struct field BehavioralSignalDeclaration.behavioral.signals.gate of type bool`,
    ],
    [`llm_judges: [{key: j, models: [gpt-4o, ⟦7⟧]}]`, `cannot unmarshal number into Go struct field LLMJudgeDeclaration.llm_judges.models of type string`],
    [`post_execution_checks: [⟦7⟧]`, `cannot unmarshal number into Go struct field EvaluationSpec.post_execution_checks of type scoring.PostExecutionCheck`],
  ];
  for (const [line, message] of cases) {
    expectDiagnostics(specWith(line), { code: "eval-spec-type-mismatch", field: null, message: DECODE + message });
  }
});

/** The base evaluation_spec with one top-level line replaced or added. */
function specWith(line: string): string {
  const key = line.split(":")[0];
  const head = specHead("deterministic")
    .split("\n")
    .filter((l) => !l.startsWith(key + ":"));
  return withSpec(head.join("\n") + line + "\nscorecard:\n  dimensions: [correctness]\n");
}

test("eval-spec-type-mismatch: inside a dimension object the path continues from the scorecard", () => {
  expectDiagnostics(dimensions(`dimensions: [{key: correctness, weight: ⟦"x"⟧, normalization: {target: ⟦[1]⟧}}]`), {
    code: "eval-spec-type-mismatch",
    field: null,
  }).forEach((d, i) =>
    assert.equal(
      d.message,
      DECODE +
        [
          "cannot unmarshal string into Go struct field ScorecardDeclaration.scorecard.dimensions.weight of type float64",
          "cannot unmarshal array into Go struct field ScorecardDeclaration.scorecard.dimensions.normalization.target of type float64",
        ][i],
    ),
  );
});

test("eval-spec type errors: authors read the path with indexes and the types in their words, never Go's", () => {
  const cases: [string, string][] = [
    [`version_number: "1"`, `version.evaluation_spec.version_number: expected a whole number from -2147483648 to 2147483647, got a string`],
    [`version_number: 1.5`, `version.evaluation_spec.version_number: expected a whole number from -2147483648 to 2147483647, got a number (\`1.5\`)`],
    [`judge_mode: [a]`, `version.evaluation_spec.judge_mode: expected a string, got a list`],
    [`runtime_limits: 5`, `version.evaluation_spec.runtime_limits: expected a mapping, got a number`],
    [`llm_judges: [{key: j, models: [gpt-4o, 7]}]`, `version.evaluation_spec.llm_judges[0].models[1]: expected a string, got a number`],
    [
      `behavioral: {signals: [{key: scope_adherence, weight: 1, gate: yes}]}`,
      `version.evaluation_spec.behavioral.signals[0].gate: expected true or false, got a string`,
    ],
  ];
  for (const [line, text] of cases) {
    const got = diagnose(specWith(line)).filter((d) => d.code === "eval-spec-type-mismatch");
    assert.equal(got.length, 1, line);
    assert.match(got[0].message, /Go struct field/); // the reference's words stay in `message`
    assert.equal(got[0].text, text);
    assert.equal(displayMessage(got[0]), text);
  }
  const dims = diagnose(dimensions(`dimensions: [correctness, {key: c, weight: "x"}, [latency]]`)).filter((d) => d.field === null);
  assert.deepEqual(
    dims.map((d) => displayMessage(d)),
    [
      "version.evaluation_spec.scorecard.dimensions[1].weight: expected a number, got a string",
      "version.evaluation_spec.scorecard.dimensions[2]: expected a dimension name or a mapping, got a list",
    ],
  );
  const marshal = diagnose(specWith(`notes: {a: {1: x}, b: .nan}`)).filter((d) => d.code === "eval-spec-marshal-error");
  assert.equal(marshal.length, 2);
  for (const d of marshal) assert.doesNotMatch(displayMessage(d), /interface|Go |json:/);
});

test("eval-spec-type-mismatch: null leaves a field at its zero value (no error)", () => {
  expectNo(dimensions(`dimensions: [{key: correctness, weight: ~}]\nstrategy: ~`), "eval-spec-type-mismatch");
});

test("eval-spec-dimension-shape: a dimension that is neither a string nor an object", () => {
  const got = expectDiagnostics(dimensions(`dimensions: [correctness, ⟦5⟧, ⟦true⟧, ⟦[latency]⟧, ~]`), { code: "eval-spec-dimension-shape", field: null });
  assert.deepEqual(
    got.map((d) => d.message),
    ["number", "bool", "array"].map(
      (k) => `${DECODE}cannot unmarshal ${k} into Go struct field ScorecardDeclaration.scorecard.dimensions of type scoring.Alias`,
    ),
  );
  expectNo(dimensions(`dimensions: [correctness, {key: latency, source: latency}, ~]`), "eval-spec-dimension-shape");
});

test("eval-spec-marshal-error: a nested map with a non-string key, and NaN/Inf values", () => {
  const src = evalPack({
    validators: yaml`
      - key: exact
        type: exact_match
        target: final_output
        expected_from: challenge_input
        config: {⟦1⟧: one}
    `,
    extra: yaml`
      runtime_limits: {max_cost_usd: ⟦.nan⟧}
      pricing: {models: [{provider_key: p, provider_model_id: m, input_cost_per_million_tokens: ⟦-.inf⟧}]}
    `,
  });
  const got = expectDiagnostics(src, { code: "eval-spec-marshal-error", field: null });
  assert.deepEqual(
    got.map((d) => d.message),
    [`${MARSHAL}unsupported type: map[interface {}]interface {}`, `${MARSHAL}unsupported value: NaN`, `${MARSHAL}unsupported value: -Inf`],
  );
  expectNo(
    evalPack({
      validators: yaml`
    - key: exact
      type: exact_match
      target: final_output
      expected_from: challenge_input
      config: {"1": one, inf: .inf_is_text}
  `,
    }),
    "eval-spec-marshal-error",
  );
});

test("eval-spec-marshal-error: a number past float64's range is text (yaml.v3), not +Inf", () => {
  const src = evalPack({
    validators: yaml`
      - key: exact
        type: exact_match
        target: final_output
        expected_from: challenge_input
        config: {big: 1e400, small: -1e400}
    `,
    extra: "runtime_limits: {max_cost_usd: ⟦1e400⟧}\n",
  });
  expectNo(src, "eval-spec-marshal-error");
  expectDiagnostics(src, {
    code: "eval-spec-type-mismatch",
    field: null,
    message: `${DECODE}cannot unmarshal string into Go struct field RuntimeLimits.runtime_limits.max_cost_usd of type float64`,
  });
});

test("eval-spec-marshal-error: the evaluation_spec map's own keys are always strings", () => {
  const got = diagnose(specWith("1: x"));
  assert.deepEqual(
    got.filter((d) => d.code === "eval-spec-marshal-error"),
    [],
  );
  assert.deepEqual(
    got.filter((d) => d.code === "eval-spec-unknown-field").map((d) => d.message),
    [`${DECODE}unknown field "1"`],
  );
});

test("eval-spec-key-case: keys match ASCII case-insensitively, with a warning naming the catalog's key", () => {
  const src = pack({
    evaluationSpec: yaml`
      evaluation_spec:
        ⟦Name⟧: spec
        version_number: 1
        ⟦JUDGE_MODE⟧: deterministic
        validators:
          - key: exact
            type: exact_match
            target: final_output
            expected_from: challenge_input
        scorecard:
          dimensions: [{⟦Key⟧: correctness}]
    `,
  });
  const got = expectDiagnostics(src, { code: "eval-spec-key-case", field: null, severity: "warning" });
  assert.equal(got[0].message, `Key "Name" is read as "name" (keys here match regardless of case); write "name".`);
  assert.deepEqual(got[1].data, { key: "JUDGE_MODE", canonical: "judge_mode", entry: "version.evaluation_spec" });
  assert.deepEqual(errors(marked(src).text), []);
  expectNo(pack(), "eval-spec-key-case");
});

test("eval-spec-key-case: canonical keys keep their source, so later findings still find the value", () => {
  expectDiagnostics(
    evalPack({
      validators: yaml`
        - Key: f1
          TYPE: token_f1
          Target: final_output
          Expected_From: challenge_input
          Config: {Threshold: ⟦2⟧}
      `,
    }),
    { code: "token-f1-threshold-range", field: "version.evaluation_spec.validators[0].config.threshold", message: "must be between 0 and 1" },
  );
});

test("decode: values that fail decoding produce no further validation findings", () => {
  const src = evalPack({
    checks: yaml`
      - key: out
        type: file_capture
        path: ⟦5⟧
        max_size_bytes: ⟦"big"⟧
      - ⟦7⟧
    `,
  });
  const got = diagnose(marked(src).text).filter((d) => d.severity === "error");
  assert.deepEqual(
    got.map((d) => d.code),
    ["eval-spec-type-mismatch", "eval-spec-type-mismatch", "eval-spec-type-mismatch"],
  );
});

test("decode: null list elements become zero objects at their index (not dropped)", () => {
  const src = evalPack({
    checks: yaml`
      ⟦- ~⟧
      - key: out
        type: bogus
        path: out.txt
    `,
  });
  expectDiagnostics(src, { code: "pec-key-required", field: "version.evaluation_spec.post_execution_checks[0].key", message: "is required" });
  const types = diagnose(marked(src).text).filter((d) => d.code === "pec-type-invalid");
  assert.deepEqual(
    types.map((d) => d.field),
    ["version.evaluation_spec.post_execution_checks[0].type", "version.evaluation_spec.post_execution_checks[1].type"],
  );
});

test("decode: an empty or absent evaluation_spec is not decoded (the reference skips the bridge)", () => {
  for (const spec of ["evaluation_spec: {}\n", "evaluation_spec: ~\n", ""]) {
    const got = diagnose(pack({ evaluationSpec: spec })).filter((d) => d.field === null && d.severity === "error");
    assert.deepEqual(got, []);
  }
});
