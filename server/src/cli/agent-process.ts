/**
 * `packlint skill run`: one fresh process of the user's agent command per case. The only place packlint starts a
 * process, and only because the user asked for it on the command line.
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse, quote } from "shell-quote";
import { UsageError } from "./usage-error";

/** Where the prompt goes in the command: `{prompt}` in an argument, else standard input. */
export const PROMPT_PLACEHOLDER = "{prompt}";

/** A parsed agent command line. */
export interface AgentCommand {
  /** As the user wrote it (shown in the report). */
  text: string;
  /** The words, when the command needs no shell. */
  argv?: string[];
  /** The command uses shell syntax (a pipe, redirection, `$VAR`, a glob…): it runs under the system shell. */
  shell: boolean;
  /** An argument holds `{prompt}`: the prompt goes there, and standard input is empty. */
  promptInArgs: boolean;
}

/**
 * Splits the command into words as a POSIX shell would (quotes, backslashes), with shell-quote. A command that only
 * has words runs without a shell, so the prompt is never read by one; a command with shell syntax (operators,
 * variables, globs, comments) is what the user wrote for a shell, so it runs under one.
 */
export function parseAgentCommand(text: string): AgentCommand {
  let variables = false;
  const words = parse(text, () => {
    variables = true;
    return "";
  });
  if (words.length === 0) throw new UsageError("--agent needs a command");
  const promptInArgs = text.includes(PROMPT_PLACEHOLDER);
  if (variables || words.some((w) => typeof w !== "string")) return { text, shell: true, promptInArgs };
  return { text, argv: words as string[], shell: false, promptInArgs };
}

export interface AgentRunOptions {
  timeoutMs: number;
  /** Variables passed through from packlint's environment besides PATH and LANG (`--env NAME`). */
  passEnv: string[];
  env: Record<string, string | undefined>;
  /** Standard output beyond this many bytes ends the run (a runaway agent). */
  maxOutputBytes?: number;
}

export interface AgentAnswer {
  /** Standard output, byte for byte. */
  stdout: Buffer;
  /** Why the answer is not usable (timeout, crash, nothing printed); undefined when it is. */
  failure?: string;
}

const DEFAULT_MAX_OUTPUT = 10 * 1024 * 1024;
const STDERR_TAIL = 400;

/** Process groups still running, killed if packlint itself is interrupted. */
const running = new Set<number>();

/**
 * Runs the agent once on a prompt: in a new empty scratch folder (removed afterwards) that is also its HOME, with
 * PATH, LANG and the `--env` variables only, the prompt on standard input (or in place of `{prompt}`) and nothing else.
 */
export async function askAgent(command: AgentCommand, prompt: string, opts: AgentRunOptions): Promise<AgentAnswer> {
  const scratch = mkdtempSync(join(tmpdir(), "packlint-agent-"));
  try {
    return await runIn(scratch, command, prompt, opts);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The agent's whole environment. */
export function agentEnv(scratch: string, opts: Pick<AgentRunOptions, "passEnv" | "env">): Record<string, string> {
  const env: Record<string, string> = { HOME: scratch, LANG: opts.env.LANG || "C.UTF-8" };
  if (opts.env.PATH !== undefined) env.PATH = opts.env.PATH;
  if (process.platform === "win32") {
    for (const name of ["SystemRoot", "USERPROFILE", "PATHEXT"]) if (opts.env[name] !== undefined) env[name] = opts.env[name]!;
    env.USERPROFILE = scratch;
  }
  for (const name of opts.passEnv) if (opts.env[name] !== undefined) env[name] = opts.env[name]!;
  return env;
}

function runIn(scratch: string, command: AgentCommand, prompt: string, opts: AgentRunOptions): Promise<AgentAnswer> {
  const limit = opts.maxOutputBytes ?? DEFAULT_MAX_OUTPUT;
  const stdin = command.promptInArgs ? "ignore" : "pipe";
  // A group of its own (POSIX), so that a timeout also ends what the agent started.
  const options: SpawnOptions = {
    cwd: scratch,
    env: agentEnv(scratch, opts),
    stdio: [stdin, "pipe", "pipe"],
    detached: process.platform !== "win32",
    windowsHide: true,
  };
  let child: ChildProcess;
  try {
    child = command.shell
      ? spawn(command.promptInArgs ? command.text.split(PROMPT_PLACEHOLDER).join(quote([prompt])) : command.text, { ...options, shell: true })
      : spawn(
          command.argv![0],
          command.argv!.slice(1).map((a) => a.split(PROMPT_PLACEHOLDER).join(prompt)),
          options,
        );
  } catch (e) {
    // Arguments the system cannot pass (a NUL character in a prompt given as an argument).
    return Promise.resolve({ stdout: Buffer.alloc(0), failure: `could not start the agent: ${(e as Error).message}` });
  }

  return new Promise((resolve) => {
    const out: Buffer[] = [];
    let bytes = 0;
    let stderr = "";
    let failure: string | undefined;
    let settled = false;
    const kill = () => {
      if (child.pid === undefined) return;
      try {
        if (options.detached) process.kill(-child.pid, "SIGKILL");
        else child.kill("SIGKILL");
      } catch {
        // already gone
      }
    };
    const finish = (answer: AgentAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.pid !== undefined) running.delete(child.pid);
      resolve(answer);
    };
    const timer = setTimeout(() => {
      failure ??= `the agent did not finish within ${opts.timeoutMs / 1000} s`;
      kill();
    }, opts.timeoutMs);
    if (child.pid !== undefined && options.detached) running.add(child.pid);

    child.stdout!.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit) {
        failure ??= `the agent printed more than ${limit} bytes`;
        kill();
        return;
      }
      out.push(chunk);
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_TAIL);
    });
    child.on("error", (e) => finish({ stdout: Buffer.concat(out), failure: failure ?? `could not start the agent: ${e.message}` }));
    child.on("close", (code, signal) => {
      const stdout = Buffer.concat(out);
      if (!failure && code !== 0) {
        const why = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        const tail = stderr.trim().split("\n").pop()?.trim();
        failure = `the agent ${why}${tail ? ` (${tail})` : ""}`;
      }
      if (!failure && stdout.toString("utf8").trim() === "") failure = "the agent printed nothing";
      finish({ stdout, failure });
    });
    if (child.stdin) {
      child.stdin.on("error", () => undefined); // an agent that does not read its input is not an error
      child.stdin.end(prompt);
    }
  });
}

/** Ends every agent still running (packlint was interrupted). */
export function killRunningAgents(): void {
  for (const pid of running) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  running.clear();
}

/** Runs `work` on every item, at most `jobs` at a time; results in the items' order. */
export async function inPool<T, R>(items: T[], jobs: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, worker));
  return results;
}
