/**
 * `--judge COMMAND`: the user's LLM command answers what the Skill checks cannot decide. Each question is asked once
 * per raw answer, like an agent run (a fresh process, an empty folder, a minimal environment, no shell unless the
 * command asks for one); its reply is read as YES, NO or UNSURE and cached in `tests/tmp/judge-cache.json` by a
 * SHA-256 of the prompt, so a rerun asks nothing again and gives the same report.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { readJudgeCache, readJudgeReply, type JudgeByPrompt, type JudgeCacheEntry, type PendingQuestion } from "../service";
import { writeText } from "./skill-files";
import { inPool, parseUserCommand, runUserCommand, type CommandInput, type UserCommand } from "./user-command";

/** The judge's input: the question and the raw answer, on standard input, in PACKLINT_PROMPT, or in place of `{prompt}`. */
export const JUDGE_INPUT: CommandInput = {
  option: "--judge",
  name: "the judge",
  noun: "question",
  placeholder: "{prompt}",
  variable: "PACKLINT_PROMPT",
  example: "llm -m gpt-4o-mini",
};

export function parseJudgeCommand(text: string): UserCommand {
  return parseUserCommand(text, JUDGE_INPUT);
}

/** The cached judgements in a cache file (none when it does not exist or is not one). */
export function loadJudgeCache(path: string): Map<string, JudgeCacheEntry> {
  return readJudgeCache(existsSync(path) ? readFileSync(path, "utf8") : undefined);
}

export function lookupIn(cache: Map<string, JudgeCacheEntry>): JudgeByPrompt {
  return (prompt) => {
    const e = cache.get(prompt);
    return e && { answer: e.answer, by: e.judge };
  };
}

export interface JudgeRun {
  command: UserCommand;
  timeoutMs: number;
  jobs: number;
  passEnv: string[];
  env: Record<string, string | undefined>;
}

/**
 * Asks the judge every pending question not cached yet, adds the answers to the cache and writes it; returns the
 * number of questions asked. A judge that fails (times out, crashes, prints nothing) leaves its question undecided.
 */
export async function askJudge(
  pending: readonly PendingQuestion[],
  cache: Map<string, JudgeCacheEntry>,
  cachePath: string,
  run: JudgeRun,
  warn: (s: string) => void,
): Promise<number> {
  const todo = [...new Map(pending.filter((p) => !cache.has(p.prompt)).map((p) => [p.prompt, p])).values()];
  await inPool(todo, run.jobs, async (p) => {
    const reply = await runUserCommand(run.command, p.prompt, { timeoutMs: run.timeoutMs, passEnv: run.passEnv, env: run.env });
    if (reply.failure) {
      warn(`packlint: the judge could not answer for ${p.id} (${reply.failure}): the check stays undecided\n`);
      return;
    }
    cache.set(p.prompt, { question: p.question, answer: readJudgeReply(reply.stdout.toString("utf8")), judge: run.command.text, prompt: p.prompt });
  });
  if (todo.length) writeJudgeCache(cachePath, cache);
  return todo.length;
}

function writeJudgeCache(path: string, cache: Map<string, JudgeCacheEntry>): void {
  const entries: Record<string, JudgeCacheEntry> = {};
  const keyed = [...cache.values()].map((e) => [createHash("sha256").update(e.prompt).digest("hex"), e] as const).sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [key, e] of keyed) entries[key] = e;
  writeText(path, JSON.stringify({ version: 1, entries }, null, 2) + "\n");
}
