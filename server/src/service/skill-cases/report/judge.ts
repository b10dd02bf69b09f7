/**
 * What a judge (the user's LLM command, `--judge`) is asked, and how its answer is read. A check the rules cannot
 * decide carries one question about the raw answer; the judge answers YES, NO or UNSURE. The service never runs a
 * judge: it takes the answers as data, so the CLI, the editor and a rerun give the same verdict on the same files.
 */

export type JudgeAnswer = "YES" | "NO" | "UNSURE";

/** The judge's answer to a question about this case's raw answer, when one is known (cached). */
export type JudgeLookup = (question: string) => { answer: JudgeAnswer; by: string } | undefined;

/** The whole text a judge command receives: the instructions, the question, the user's request and the raw answer. */
export function judgePrompt(question: string, query: string, raw: string): string {
  return [
    "You are checking an AI agent's dry-run answer for a Skill test. Read the answer and answer the question about it.",
    "Reply with exactly one word on the first line: YES, NO or UNSURE. Judge only what the answer itself says.",
    "",
    `Question: ${question}`,
    "",
    "The user's request the agent answered:",
    query,
    "",
    "The agent's answer, verbatim between the lines:",
    "----------",
    raw,
    "----------",
    "",
  ].join("\n");
}

/** The judge's reply read as YES, NO or UNSURE: its first word; anything else is UNSURE. */
export function readJudgeReply(reply: string): JudgeAnswer {
  const first = /^[\s"'`*_>#-]*([A-Za-z]+)/.exec(reply)?.[1]?.toUpperCase();
  return first === "YES" || first === "NO" ? first : "UNSURE";
}

/** Where a Skill's judge answers are kept, beside its responses: `tests/tmp/judge-cache.json`. */
export const JUDGE_CACHE = "judge-cache.json";

/** One cached judgement, keyed in the file by a SHA-256 of the prompt (the question and the raw answer). */
export interface JudgeCacheEntry {
  question: string;
  answer: JudgeAnswer;
  /** The judge command that answered. */
  judge: string;
  /** The whole prompt the judge received. */
  prompt: string;
}

/** The cached judgements of a cache file's text, by prompt; nothing for a file that is not one. */
export function readJudgeCache(text: string | undefined): Map<string, JudgeCacheEntry> {
  const out = new Map<string, JudgeCacheEntry>();
  if (text === undefined) return out;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return out;
  }
  const entries = data && typeof data === "object" ? (data as { entries?: unknown }).entries : undefined;
  if (!entries || typeof entries !== "object") return out;
  for (const e of Object.values(entries as Record<string, unknown>)) {
    if (!e || typeof e !== "object") continue;
    const { question, answer, judge, prompt } = e as Record<string, unknown>;
    if (typeof question !== "string" || typeof judge !== "string" || typeof prompt !== "string") continue;
    if (answer !== "YES" && answer !== "NO" && answer !== "UNSURE") continue;
    out.set(prompt, { question, answer, judge, prompt });
  }
  return out;
}
