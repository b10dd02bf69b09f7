import { goTrim } from "../../util/go-quote";

/**
 * The provider a judge model id maps to (the catalog's `judge_provider_inference`, server/data/pack-rules.json): the trimmed, lowercased id is tested in order,
 * first match wins. Undefined when no provider can be inferred. Every inferable provider has a default
 * credential, so inference is the whole check.
 */
const PREFIXES: [string, string][] = [
  ["claude-", "anthropic"],
  ["gpt-", "openai"],
  ["o1", "openai"],
  ["o3", "openai"],
  ["o4", "openai"],
  ["text-embedding", "openai"],
  ["gemini-", "gemini"],
  ["grok-", "xai"],
  ["mistral-", "mistral"],
];

export function judgeProvider(model: string): string | undefined {
  const id = goTrim(model).toLowerCase();
  const hit = PREFIXES.find(([prefix]) => id.startsWith(prefix));
  if (hit) return hit[1];
  return id.includes("/") ? "openrouter" : undefined;
}
