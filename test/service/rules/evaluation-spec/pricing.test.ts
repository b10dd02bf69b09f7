import { test } from "node:test";
import assert from "node:assert/strict";
import { marked, yaml } from "../../../helpers/fixture";
import { diagnose, expectDiagnostics, expectNo, expectValid } from "../../../helpers/expect";
import { evalPack } from "../../../helpers/eval-spec";
import { indent } from "../../../helpers/packs";

const R = "version.evaluation_spec.pricing.models";
const withRows = (items: string) => evalPack({ extra: "pricing:\n  models:\n" + indent(items, 4) });

test("pricing-provider-key-required / pricing-model-id-required: blank or missing", () => {
  expectDiagnostics(
    withRows(yaml`
    - provider_key: ⟦" "⟧
      provider_model_id: gpt-4.1
  `),
    { code: "pricing-provider-key-required", field: `${R}[0].provider_key`, message: "is required" },
  );
  expectDiagnostics(
    withRows(yaml`
    ⟦-⟧ provider_key: openai
      input_cost_per_million_tokens: 2
  `),
    { code: "pricing-model-id-required", field: `${R}[0].provider_model_id`, message: "is required" },
  );
});

test("pricing-input-cost-negative / pricing-output-cost-negative: below zero; zero passes", () => {
  const src = withRows(yaml`
    - provider_key: openai
      provider_model_id: gpt-4.1
      input_cost_per_million_tokens: ⟦-1⟧
      output_cost_per_million_tokens: ⟦-0.01⟧
  `);
  const m = marked(src);
  const got = diagnose(m.text).filter((d) => d.code.startsWith("pricing-") && d.code.endsWith("-cost-negative"));
  assert.deepEqual(
    got.map((d) => [d.code, d.field, d.message]),
    [
      ["pricing-input-cost-negative", `${R}[0].input_cost_per_million_tokens`, "must be greater than or equal to 0"],
      ["pricing-output-cost-negative", `${R}[0].output_cost_per_million_tokens`, "must be greater than or equal to 0"],
    ],
  );
  assert.deepEqual(
    got.map((d) => d.range),
    m.ranges,
  );
  const zero = withRows("- provider_key: openai\n  provider_model_id: gpt-4.1\n  input_cost_per_million_tokens: 0\n  output_cost_per_million_tokens: 0\n");
  expectNo(zero, "pricing-input-cost-negative");
  expectNo(zero, "pricing-output-cost-negative");
});

test("pricing-duplicate: the same trimmed pair, at the whole second row, the first as related", () => {
  const m = marked(
    withRows(yaml`
    ⟦- provider_key: openai
      provider_model_id: gpt-4.1
      input_cost_per_million_tokens: 2⟧
    ⟦- provider_key: " openai"
      provider_model_id: gpt-4.1
      input_cost_per_million_tokens: 3⟧
  `),
  );
  const got = diagnose(m.text).filter((d) => d.code === "pricing-duplicate");
  assert.equal(got.length, 1);
  assert.equal(got[0].field, `${R}[1]`);
  assert.equal(got[0].message, "must be unique by provider_key and provider_model_id");
  assert.deepEqual(got[0].range, m.ranges[1]);
  assert.deepEqual(got[0].related?.[0].range, m.ranges[0]);
});

test("pricing-duplicate: case-sensitive, and rows missing an id are never duplicates", () => {
  expectNo(withRows("- provider_key: openai\n  provider_model_id: gpt-4.1\n- provider_key: OpenAI\n  provider_model_id: gpt-4.1\n"), "pricing-duplicate");
  expectNo(withRows("- provider_key: openai\n- provider_key: openai\n"), "pricing-duplicate");
});

test("a price list with distinct rows is valid", () => {
  expectValid(
    withRows(yaml`
    - provider_key: openai
      provider_model_id: gpt-4.1
      input_cost_per_million_tokens: 2
      output_cost_per_million_tokens: 8
    - provider_key: anthropic
      provider_model_id: claude-sonnet-4
      input_cost_per_million_tokens: 3
      output_cost_per_million_tokens: 15
    - provider_key: openai
      provider_model_id: gpt-4.1-mini
  `),
  );
});
