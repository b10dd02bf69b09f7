import { test } from "node:test";
import assert from "node:assert/strict";
import { judgeProvider } from "../../../../server/src/service/rules/evaluation-spec/judge-providers";

test("judge provider inference (the catalog's judge_provider_inference): trimmed, lowercased, first matching prefix", () => {
  const cases: [string, string | undefined][] = [
    ["claude-sonnet-4-6", "anthropic"],
    [" GPT-4o ", "openai"],
    ["o1x", "openai"],
    ["o3-mini", "openai"],
    ["o4-mini", "openai"],
    ["text-embedding-3", "openai"],
    ["gemini-2.5-pro", "gemini"],
    ["grok-4", "xai"],
    ["mistral-large", "mistral"],
    ["meta-llama/llama-3", "openrouter"],
    ["claude", undefined],
    ["llama-3", undefined],
    ["", undefined],
  ];
  for (const [model, provider] of cases) assert.equal(judgeProvider(model), provider, model);
});
