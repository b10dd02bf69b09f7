import { test } from "node:test";
import assert from "node:assert/strict";
import { marked, yaml } from "../../../helpers/fixture";
import { diagnose, expectDiagnostics, expectNo, expectValid } from "../../../helpers/expect";
import { judgesSpec, scorecardSpec } from "../../../helpers/eval-spec";
import { indent } from "../../../helpers/packs";
import { ANONYMOUS_SCHEMA } from "../../../../server/src/service/util/json-schema-decode";

const J = "version.evaluation_spec.llm_judges[0]";

/** A rubric judge keyed `tone`, with these further fields (a YAML mapping body). */
const rubricJudge = (fields: string) => "- key: tone\n  mode: rubric\n  rubric: Rate it\n" + indent(fields, 2);
/** A valid judge: the rubric judge with a model. */
const TONE = rubricJudge("model: claude-sonnet-4-6\n");

test("judge-key-duplicate: at the second key, with the first judge as related information", () => {
  const m = marked(
    judgesSpec(yaml`
      - key: ⟦tone⟧
        mode: rubric
        rubric: Rate it
        model: claude-sonnet-4-6
      - key: "⟦tone⟧ "
        mode: Bogus
        rubric: Rate it
        model: claude-sonnet-4-6
    `),
  );
  const got = diagnose(m.text).filter((d) => d.severity === "error");
  // Nothing else is checked for a judge whose key is rejected (its bad mode goes unreported).
  assert.deepEqual(
    got.map((d) => d.code),
    ["judge-key-duplicate"],
  );
  assert.equal(got[0].field, "version.evaluation_spec.llm_judges[1].key");
  assert.equal(got[0].message, "must be unique");
  assert.deepEqual(got[0].range, m.ranges[1]);
  assert.deepEqual(got[0].related?.[0].range, m.ranges[0]);
  expectNo(judgesSpec(TONE), "judge-key-duplicate");
});

test("list entries are reported at their value; an entry written empty, at its dash", () => {
  const src = judgesSpec(
    rubricJudge(yaml`
    model: claude-sonnet-4-6
    context_from:
      - ⟦bogus⟧
      ⟦-⟧
      - ⟦~⟧
  `),
  );
  expectDiagnostics(src, { code: "judge-context-from-unsupported", message: "must be a supported evidence reference" }).forEach((d, k) =>
    assert.equal(d.field, `${J}.context_from[${k}]`),
  );
});

test("judge-output-schema-invalid: the schema must decode as jsonschema-go decodes it; the range is the bad value", () => {
  const judge = (schema: string) => judgesSpec(TONE + `  output_schema:${schema}\n`);
  const want = (message: string) => ({ code: "judge-output-schema-invalid", field: `${J}.output_schema`, message: `must be valid JSON Schema: ${message}` });
  expectDiagnostics(
    judge("\n    properties:\n      score:\n        minimum: ⟦high⟧"),
    want("json: cannot unmarshal string into Go struct field .schemaWithoutMethods.properties.schemaWithoutMethods.minimum of type float64"),
  );
  expectDiagnostics(judge("\n    type: ⟦5⟧"), want('invalid value for "type": "5"'));
  expectDiagnostics(
    judge("\n    required: [score, ⟦7⟧]"),
    want("json: cannot unmarshal number into Go struct field .schemaWithoutMethods.required of type string"),
  );
  expectDiagnostics(judge("\n    minLength: ⟦1.5⟧"), want("not an integer value"));
  expectDiagnostics(judge(" ⟦score⟧"), want(`json: cannot unmarshal string into Go value of type ${ANONYMOUS_SCHEMA}`));
  // Keywords match case-insensitively, $schema too.
  expectDiagnostics(judge("\n    Type: ⟦5⟧"), want('invalid value for "type": "5"'));
  expectDiagnostics(
    judge("\n    $SCHEMA: ⟦'http://json-schema.org/draft-04/schema#'⟧"),
    want('unsupported JSON schema draft "http://json-schema.org/draft-04/schema#"'),
  );
  expectValid(judge("\n    $Schema: 'http://json-schema.org/draft-07/schema#'\n    TYPE: object"));
  // Type names and unknown keywords are not checked; null and booleans are schemas.
  expectValid(judge("\n    type: strng\n    x-extra: {anything: [1, 2]}"));
  expectValid(judge(" ~"));
  expectValid(judge(" false"));
});

test("a judge with an invalid mode stops there but stays registered; a colliding judge is not registered", () => {
  const m = marked(
    judgesSpec(yaml`
      - key: tone
        mode: ⟦grade⟧
      - key: ⟦exact⟧
        mode: rubric
        rubric: Rate it
        model: claude-sonnet-4-6
    `).replace(
      "dimensions: [correctness]",
      "dimensions:\n        - {key: tone, source: llm_judge, judge_key: ⟦tone⟧}\n        - {key: ex, source: llm_judge, judge_key: ⟦exact⟧}",
    ),
  );
  const got = diagnose(m.text).filter((d) => d.severity === "error");
  assert.deepEqual(
    got.map((d) => d.code),
    ["judge-mode-invalid", "judge-key-collides-validator", "dimension-judge-not-numeric", "dimension-judge-key-unknown"],
  );
  assert.deepEqual(
    got.map((d) => d.range),
    m.ranges,
  );
  assert.equal(got[2].message, 'judge "tone" mode "grade" does not produce a numeric score usable as a dimension');
  assert.equal(got[3].message, 'references unknown judge key "exact"');
});

test("judge_limits: each limit out of range, at its value; in range passes", () => {
  const spec = (limits: string) => scorecardSpec("dimensions: [correctness]\njudge_limits:\n" + indent(limits, 2));
  const p = "version.evaluation_spec.scorecard.judge_limits";
  expectDiagnostics(spec("max_samples_per_judge: ⟦11⟧\n"), {
    code: "judge-limits-max-samples-range",
    field: `${p}.max_samples_per_judge`,
    message: "must be between 0 and 10",
  });
  expectDiagnostics(spec("max_samples_per_judge: ⟦-1⟧\n"), {
    code: "judge-limits-max-samples-range",
    field: `${p}.max_samples_per_judge`,
    message: "must be between 0 and 10",
  });
  expectDiagnostics(spec("max_calls_usd: ⟦-0.5⟧\n"), {
    code: "judge-limits-max-calls-usd-negative",
    field: `${p}.max_calls_usd`,
    message: "must be greater than or equal to 0",
  });
  expectDiagnostics(spec("max_tokens: ⟦-5⟧\n"), {
    code: "judge-limits-max-tokens-negative",
    field: `${p}.max_tokens`,
    message: "must be greater than or equal to 0",
  });
  expectValid(spec("max_samples_per_judge: 10\nmax_calls_usd: 0\nmax_tokens: 0\n"));
});

test("every judge mode, fan-out and option together is valid", () => {
  expectValid(
    judgesSpec(yaml`
      - key: tone
        mode: rubric
        rubric: Rate the tone from 1 to 5.
        model: " claude-sonnet-4-6 "
        samples: 5
        score_scale: {min: 1, max: 5}
        timeout_ms: 60000
        context_from: [final_output, case.inputs.prompt, artifact.policy_pdf]
        output_schema:
          type: object
          properties:
            score: {type: number, minimum: 1, maximum: 5}
          required: [score]
      - key: match
        mode: reference
        rubric: Same meaning?
        reference_from: literal:42
        models: [gpt-4o, gemini-2.5-pro, openrouter/meta-llama/llama-3]
        consensus: {aggregation: unanimous, min_agreement_threshold: 0.8, flag_on_disagreement: true}
      - key: polite
        mode: assertion
        assertion: The answer is polite.
        models: [claude-haiku-4-5, o4-mini]
        consensus: {aggregation: majority_vote}
      - key: best
        mode: n_wise
        prompt: Which answer is best?
        model: mistral-large
        position_debiasing: true
    `),
  );
});
