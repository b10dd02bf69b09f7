import { test } from "node:test";
import assert from "node:assert/strict";
import { marked, yaml } from "../helpers/fixture";
import { diagnose, expectDiagnostics, expectNo, expectValid, RuleCase, ruleTests } from "../helpers/expect";
import { judgesSpec, scorecardSpec } from "../helpers/eval-spec";
import { indent } from "../helpers/packs";

const J = "version.evaluation_spec.llm_judges[0]";
const PROVIDER = "must be inferable to a known judge provider (claude-*, gpt-*, gemini-*, grok-*, mistral-*, openrouter/* slugs)";
const SECRET = "must not contain ${secrets.*} references; secrets are not allowed in judge prompt text";

/** A rubric judge keyed `tone`, with these further fields (a YAML mapping body). */
const rubricJudge = (fields: string) => "- key: tone\n  mode: rubric\n  rubric: Rate it\n" + indent(fields, 2);
/** A valid judge: the rubric judge with a model. */
const TONE = rubricJudge("model: claude-sonnet-4-6\n");

/** One judge per case: `bad` (with ⟦ranges⟧) fires the rule with this field and message, `good` does not. */
interface Case extends RuleCase {
  extra?: string;
}

const cases: Case[] = [
  {
    code: "judge-key-required",
    field: `${J}.key`,
    message: "is required",
    bad: yaml`
      ⟦-⟧ mode: rubric
        rubric: Rate it
        model: claude-sonnet-4-6
    `,
    good: TONE,
  },
  {
    code: "judge-key-collides-validator",
    field: `${J}.key`,
    message: 'collides with validator key "exact"',
    bad: yaml`
      - key: ⟦exact⟧
        mode: rubric
        rubric: Rate it
        model: claude-sonnet-4-6
    `,
    good: yaml`
      - key: exactness
        mode: rubric
        rubric: Rate it
        model: claude-sonnet-4-6
    `,
  },
  {
    code: "judge-key-collides-metric",
    field: `${J}.key`,
    message: 'collides with metric key "latency_ms"',
    bad: yaml`
      - key: " ⟦latency_ms⟧"
        mode: rubric
        rubric: Rate it
        model: claude-sonnet-4-6
    `,
    good: yaml`
      - key: latency_judge
        mode: rubric
        rubric: Rate it
        model: claude-sonnet-4-6
    `,
    extra: yaml`
      metrics:
        - key: latency_ms
          type: numeric
          collector: run_total_latency_ms
    `,
  },
  {
    code: "judge-mode-invalid",
    field: `${J}.mode`,
    message: "must be one of rubric, assertion, n_wise, reference",
    bad: yaml`
      - key: tone
        mode: ⟦Rubric⟧
        rubric: Rate it
        model: claude-sonnet-4-6
    `,
    good: TONE,
  },
  {
    code: "judge-rubric-required-rubric-mode",
    field: `${J}.rubric`,
    message: "is required for rubric mode",
    bad: yaml`
      - key: tone
        mode: rubric
        rubric: ⟦"  "⟧
        model: claude-sonnet-4-6
    `,
    good: TONE,
  },
  {
    code: "judge-rubric-required-reference-mode",
    field: `${J}.rubric`,
    message: "is required for reference mode",
    bad: yaml`
      ⟦-⟧ key: match
        mode: reference
        reference_from: case.payload.answer
        model: claude-sonnet-4-6
    `,
    good: yaml`
      - key: match
        mode: reference
        rubric: Same meaning as the reference?
        reference_from: case.payload.answer
        model: claude-sonnet-4-6
    `,
  },
  {
    code: "judge-reference-from-required",
    field: `${J}.reference_from`,
    message: "is required for reference mode",
    bad: yaml`
      - key: match
        mode: reference
        rubric: Same meaning as the reference?
        reference_from: ⟦" "⟧
        model: claude-sonnet-4-6
    `,
    good: yaml`
      - key: match
        mode: reference
        rubric: Same meaning as the reference?
        reference_from: " case.payload.answer "
        model: claude-sonnet-4-6
    `,
  },
  {
    code: "judge-reference-from-unsupported",
    field: `${J}.reference_from`,
    message: "must be a supported evidence reference",
    bad: yaml`
      - key: match
        mode: reference
        rubric: Same meaning as the reference?
        reference_from: ⟦case.inputs⟧
        model: claude-sonnet-4-6
    `,
    good: yaml`
      - key: match
        mode: reference
        rubric: Same meaning as the reference?
        reference_from: case.inputs.answer
        model: claude-sonnet-4-6
    `,
  },
  {
    code: "judge-assertion-required",
    field: `${J}.assertion`,
    message: "is required for assertion mode",
    bad: yaml`
      ⟦-⟧ key: polite
        mode: assertion
        model: gpt-4o
    `,
    good: yaml`
      - key: polite
        mode: assertion
        assertion: The answer is polite.
        model: gpt-4o
    `,
  },
  {
    code: "judge-prompt-required",
    field: `${J}.prompt`,
    message: "is required for n_wise mode",
    bad: yaml`
      - key: best
        mode: n_wise
        prompt: ⟦""⟧
        model: gemini-2.5-pro
    `,
    good: yaml`
      - key: best
        mode: n_wise
        prompt: Which answer is best?
        model: gemini-2.5-pro
    `,
  },
  {
    code: "judge-model-missing",
    field: `${J}.model`,
    message: "must set exactly one of model or models",
    bad: rubricJudge(yaml`
      model: ⟦" "⟧
      models: []
    `),
    good: rubricJudge(yaml`
      models: [grok-4]
    `),
  },
  {
    code: "judge-model-both",
    field: `${J}.models`,
    message: "must set exactly one of model or models, not both",
    bad: rubricJudge(yaml`
      model: claude-sonnet-4-6
      ⟦models⟧: [gpt-4o]
    `),
    good: TONE,
  },
  {
    code: "judge-models-entry-empty",
    field: `${J}.models[1]`,
    message: "must be a non-empty model identifier",
    bad: rubricJudge(yaml`
      models: [claude-sonnet-4-6, ⟦" "⟧]
      consensus: {aggregation: median}
    `),
    good: rubricJudge(yaml`
      models: [claude-sonnet-4-6, " mistral-large "]
      consensus: {aggregation: median}
    `),
  },
  {
    code: "judge-models-entry-provider-unknown",
    field: `${J}.models[0]`,
    message: PROVIDER,
    bad: rubricJudge(yaml`
      models:
        - ⟦llama-3-70b⟧
    `),
    good: rubricJudge(yaml`
      models:
        - meta-llama/llama-3-70b
    `),
  },
  {
    code: "judge-model-provider-unknown",
    field: `${J}.model`,
    message: PROVIDER,
    bad: rubricJudge(yaml`
      model: ⟦sonnet⟧
    `),
    good: rubricJudge(yaml`
      model: o3-mini
    `),
  },
  {
    code: "judge-samples-negative",
    field: `${J}.samples`,
    message: "must be greater than or equal to 0",
    bad: rubricJudge(yaml`
      model: claude-sonnet-4-6
      samples: ⟦-1⟧
    `),
    good: rubricJudge(yaml`
      model: claude-sonnet-4-6
      samples: 0
    `),
  },
  {
    code: "judge-samples-ceiling",
    field: `${J}.samples`,
    message: "must be at most 10",
    bad: rubricJudge(yaml`
      model: claude-sonnet-4-6
      samples: ⟦11⟧
    `),
    good: rubricJudge(yaml`
      model: claude-sonnet-4-6
      samples: 10
    `),
  },
  {
    code: "judge-consensus-required",
    field: `${J}.consensus`,
    message: "is required when multiple models are declared",
    bad: yaml`
      ⟦-⟧ key: tone
        mode: rubric
        rubric: Rate it
        models: [claude-sonnet-4-6, gpt-4o]
    `,
    good: rubricJudge(yaml`
      models: [claude-sonnet-4-6, gpt-4o]
      consensus:
        aggregation: median
    `),
  },
  {
    code: "judge-consensus-aggregation-invalid",
    field: `${J}.consensus.aggregation`,
    message: "must be one of median, mean, majority_vote, unanimous",
    bad: rubricJudge(yaml`
      models: [claude-sonnet-4-6, gpt-4o]
      consensus:
        aggregation: ⟦" median"⟧
        min_agreement_threshold: 7
    `),
    good: rubricJudge(yaml`
      models: [claude-sonnet-4-6, gpt-4o]
      consensus:
        aggregation: unanimous
    `),
  },
  {
    code: "judge-consensus-numeric-only",
    field: `${J}.consensus.aggregation`,
    message: '"mean" aggregation is only valid for numeric modes (rubric, reference, n_wise)',
    bad: yaml`
      - key: polite
        mode: assertion
        assertion: The answer is polite.
        models: [claude-sonnet-4-6, gpt-4o]
        consensus: {aggregation: ⟦mean⟧}
    `,
    good: yaml`
      - key: polite
        mode: assertion
        assertion: The answer is polite.
        models: [claude-sonnet-4-6, gpt-4o]
        consensus: {aggregation: majority_vote}
    `,
  },
  {
    code: "judge-consensus-majority-assertion-only",
    field: `${J}.consensus.aggregation`,
    message: "majority_vote aggregation is only valid for assertion mode",
    bad: rubricJudge(yaml`
      models: [claude-sonnet-4-6, gpt-4o]
      consensus: {aggregation: ⟦majority_vote⟧}
    `),
    good: rubricJudge(yaml`
      models: [claude-sonnet-4-6, gpt-4o]
      consensus: {aggregation: mean}
    `),
  },
  {
    code: "judge-consensus-threshold-range",
    field: `${J}.consensus.min_agreement_threshold`,
    message: "must be between 0 and 1",
    bad: rubricJudge(yaml`
      models: [claude-sonnet-4-6, gpt-4o]
      consensus:
        aggregation: median
        min_agreement_threshold: ⟦1.5⟧
    `),
    good: rubricJudge(yaml`
      models: [claude-sonnet-4-6, gpt-4o]
      consensus:
        aggregation: median
        min_agreement_threshold: 1
    `),
  },
  {
    code: "judge-consensus-single-model",
    field: `${J}.consensus`,
    message: "is only valid when multiple models are declared",
    bad: rubricJudge(yaml`
      models: [claude-sonnet-4-6]
      ⟦consensus⟧:
        aggregation: median
    `),
    good: rubricJudge(yaml`
      models: [claude-sonnet-4-6]
      consensus: ~
    `),
  },
  {
    code: "judge-context-from-unsupported",
    field: `${J}.context_from[1]`,
    message: "must be a supported evidence reference",
    bad: rubricJudge(yaml`
      model: claude-sonnet-4-6
      context_from:
        - final_output
        - ⟦" case.payload"⟧
    `),
    good: rubricJudge(yaml`
      model: claude-sonnet-4-6
      context_from:
        - final_output
        - transcript.last_n:+3
        - "literal:"
    `),
  },
  {
    code: "judge-output-schema-invalid",
    field: `${J}.output_schema`,
    message: 'must be valid JSON Schema: unsupported JSON schema draft "http://json-schema.org/draft-04/schema#"',
    bad: rubricJudge(yaml`
      model: claude-sonnet-4-6
      output_schema:
        $schema: ⟦http://json-schema.org/draft-04/schema#⟧
        type: object
    `),
    good: rubricJudge(yaml`
      model: claude-sonnet-4-6
      output_schema:
        $schema: http://json-schema.org/draft-07/schema#
        type: object
    `),
  },
  {
    code: "judge-rubric-secret-reference",
    field: `${J}.rubric`,
    message: SECRET,
    bad: yaml`
      - key: tone
        mode: rubric
        rubric: Compare with ⟦\${secrets.⟧EXPECTED}
        model: claude-sonnet-4-6
    `,
    good: yaml`
      - key: tone
        mode: rubric
        rubric: Compare with \${inputs.expected}
        model: claude-sonnet-4-6
    `,
  },
  {
    code: "judge-assertion-secret-reference",
    field: `${J}.assertion`,
    message: SECRET,
    bad: rubricJudge(yaml`
      assertion: Never prints ⟦\${ secrets.⟧TOKEN }
      model: claude-sonnet-4-6
    `),
    good: rubricJudge(yaml`
      assertion: Never prints a token
      model: claude-sonnet-4-6
    `),
  },
  {
    code: "judge-prompt-secret-reference",
    field: `${J}.prompt`,
    message: SECRET,
    bad: yaml`
      - key: best
        mode: n_wise
        prompt: Pick one; key is ⟦\${secrets .⟧KEY}
        model: claude-sonnet-4-6
    `,
    good: yaml`
      - key: best
        mode: n_wise
        prompt: Pick one; key is \${secretsKEY}
        model: claude-sonnet-4-6
    `,
  },
  {
    code: "judge-score-scale-invalid",
    field: `${J}.score_scale`,
    message: "min must be strictly less than max",
    bad: rubricJudge(yaml`
      model: claude-sonnet-4-6
      ⟦score_scale⟧: {min: 5, max: 5}
    `),
    good: rubricJudge(yaml`
      model: claude-sonnet-4-6
      score_scale: {min: 1, max: 5}
    `),
  },
  {
    code: "judge-timeout-positive",
    field: `${J}.timeout_ms`,
    message: "must be greater than 0",
    bad: rubricJudge(yaml`
      model: claude-sonnet-4-6
      timeout_ms: ⟦0⟧
    `),
    good: rubricJudge(yaml`
      model: claude-sonnet-4-6
      timeout_ms: 30000
    `),
  },
];

ruleTests(
  cases.map((c) => ({ ...c, bad: judgesSpec(c.bad, c.extra), good: judgesSpec(c.good, c.extra) })),
  "valid",
);

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
  expectNo(judgesSpec(cases[0].good), "judge-key-duplicate");
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
    want("json: cannot unmarshal string into Go struct field Schema.minimum of type float64"),
  );
  expectDiagnostics(judge("\n    type: ⟦5⟧"), want('invalid value for "type": "5"'));
  expectDiagnostics(judge("\n    required: [score, ⟦7⟧]"), want("json: cannot unmarshal number into Go struct field Schema.required of type string"));
  expectDiagnostics(judge("\n    minLength: ⟦1.5⟧"), want("not an integer value"));
  expectDiagnostics(judge(" ⟦score⟧"), want("json: cannot unmarshal string into Go value of type jsonschema.Schema"));
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
