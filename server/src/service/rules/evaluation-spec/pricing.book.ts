import type { RuleBook } from "../../types";
import { spec } from "./excerpts";

/** The rules of `pricing.ts`: their pages' text and the examples that show and test them. */
export const pricingBook: RuleBook = [
  {
    code: "pricing-provider-key-required",
    wrong: 'version:\n  evaluation_spec:\n    pricing:\n      models:\n        - provider_key: ⟦""⟧',
    right: "version:\n  evaluation_spec:\n    pricing:\n      models:\n        - provider_key: example-provider-key",
  },
  {
    code: "pricing-model-id-required",
    wrong: 'version:\n  evaluation_spec:\n    pricing:\n      models:\n        - provider_model_id: ⟦""⟧',
    right: "version:\n  evaluation_spec:\n    pricing:\n      models:\n        - provider_model_id: example-provider-model-id",
  },
  {
    code: "pricing-input-cost-negative",
    wrong: "version:\n  evaluation_spec:\n    pricing:\n      models:\n        - input_cost_per_million_tokens: ⟦-1⟧",
    right: "version:\n  evaluation_spec:\n    pricing:\n      models:\n        - input_cost_per_million_tokens: 1",
  },
  {
    code: "pricing-output-cost-negative",
    wrong: "version:\n  evaluation_spec:\n    pricing:\n      models:\n        - output_cost_per_million_tokens: ⟦-1⟧",
    right: "version:\n  evaluation_spec:\n    pricing:\n      models:\n        - output_cost_per_million_tokens: 1",
  },
  {
    code: "pricing-duplicate",
    ...spec(
      "pricing:\n  models:\n    - provider_key: openai\n      provider_model_id: gpt-4o\n      input_cost_per_million_tokens: 2.5\n    ⟦- provider_key: openai\n      provider_model_id: gpt-4o\n      input_cost_per_million_tokens: 5⟧\n",
      "pricing:\n  models:\n    - provider_key: openai\n      provider_model_id: gpt-4o\n      input_cost_per_million_tokens: 2.5\n    - provider_key: openai\n      provider_model_id: gpt-4o-mini\n      input_cost_per_million_tokens: 0.15\n",
    ),
  },
];
