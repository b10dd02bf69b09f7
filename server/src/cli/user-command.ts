/**
 * A command line the user gave packlint (`skill run --agent COMMAND`), run once per input text: the only place packlint
 * starts a process, and only because the user asked for it on the command line. The input (a prompt built from a case
 * file) is data and never reaches a shell or an interpreter as code: it goes on standard input, in one whole argument
 * of a program started without a shell, and in an environment variable; a command that would put it anywhere else is
 * refused before anything runs.
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse, type ParseEntry } from "shell-quote";
import { codeUse, isShell } from "./code-arguments";
import { UsageError } from "./usage-error";

/** What one kind of command gets: its option, its placeholder and variable, and the words its messages use. */
export interface CommandInput {
  /** The option that gives the command: `--agent`. */
  option: string;
  /** What runs, in messages: `the agent`. */
  name: string;
  /** What the input is, in messages: `prompt`. */
  noun: string;
  /** An argument that stands for the input: `{prompt}`. */
  placeholder: string;
  /** The environment variable that holds the input in every run: `PACKLINT_PROMPT`. */
  variable: string;
  /** A program and option that would take the input, for the examples in messages: `my-agent -p`. */
  example: string;
}

/** A parsed command line. */
export interface UserCommand {
  /** As the user wrote it (shown in the report). */
  text: string;
  input: CommandInput;
  /** The words, when the command needs no shell. */
  argv?: string[];
  /** The command uses shell syntax (a pipe, a redirection, `$VAR`, a glob…): it runs under the system shell. */
  shell: boolean;
  /** An argument is the placeholder: the input goes there, and standard input is empty. */
  inputInArgs: boolean;
}

/** Words of shell syntax besides operators: `NAME=value` before the program. */
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** How deep shell scripts inside shell scripts are looked into (`sh -c 'sh -c "…"'`). */
const MAX_NESTING = 4;

/** What the input's variable reads as in a parsed command (shell-quote's expansion): a mark no command line can hold. */
const VARIABLE_MARK = "\u0000input\u0000";

/**
 * Splits the command into words as a POSIX shell would (quotes, backslashes), with shell-quote. A command of words
 * only runs without a shell; one with shell syntax (operators, variables, globs, comments, a leading `NAME=value`) is
 * what the user wrote for a shell, so it runs under one, and gets the input in the variable and on standard input
 * only. Refused before anything runs (a usage error saying what to write instead): the placeholder in a command run
 * by a shell, in part of a word, or where a shell or interpreter would run it as code (`sh -c {prompt}`,
 * `node -e {prompt}`, `env {prompt}`); the variable where one would run it (`sh -c "$PACKLINT_PROMPT"`); a shell or
 * interpreter that would read its code from standard input, where the input goes (`sh`, `cat | sh`). Shell scripts
 * given to a shell (`sh -c 'SCRIPT'`) are looked into the same way.
 */
export function parseUserCommand(text: string, input: CommandInput): UserCommand {
  const { words, shell } = split(text, input);
  if (words.length === 0) throw new UsageError(`${input.option} needs a command`);
  const inputInArgs = !shell && text.includes(input.placeholder);
  if (shell && text.includes(input.placeholder)) {
    refuse(text, input, `it runs under a shell (it has shell syntax), which would read the ${input.noun} in place of ${input.placeholder} as code`);
  }
  const argv = words.filter((w): w is string => typeof w === "string");
  if (!shell) {
    for (const arg of argv) {
      if (arg.includes(input.placeholder) && substitute(arg, input.placeholder, "") === undefined) {
        refuse(
          text,
          input,
          `${input.placeholder} must be a whole argument or an option's value (--${input.noun}=${input.placeholder}), not part of ${JSON.stringify(arg)}`,
        );
      }
    }
  }
  inspect(text, words, input, !inputInArgs, 0);
  return shell ? { text, input, shell: true, inputInArgs: false } : { text, input, argv, shell: false, inputInArgs };
}

/** The command's words (the input's variable as VARIABLE_MARK), and whether it needs a shell. */
function split(text: string, input: CommandInput): { words: ParseEntry[]; shell: boolean } {
  let variables = false;
  const words = parse(text, (name) => {
    variables = true;
    return name === input.variable ? VARIABLE_MARK : "";
  });
  const shell = variables || words.some((w) => typeof w !== "string") || (typeof words[0] === "string" && ASSIGNMENT.test(words[0]));
  return { words, shell };
}

/** Refuses a command (or a shell script in it) that would run the input as code; `stdinIsInput`: standard input is the input. */
function inspect(text: string, words: ParseEntry[], input: CommandInput, stdinIsInput: boolean, depth: number): void {
  for (const command of simpleCommands(words)) {
    const use = codeUse(command);
    command.forEach((word, i) => {
      if (use.roles[i] === "data") return;
      const runner = use.owners[i] >= 0 ? command[use.owners[i]] : undefined;
      if (word.includes(input.placeholder) || word.includes(VARIABLE_MARK)) {
        const what = word.includes(input.placeholder) ? `the ${input.noun}` : `$${input.variable}`;
        refuse(text, input, runner === undefined ? `${what} would name the program to run` : `${runner} would run ${what} as code`);
      }
      if (use.roles[i] === "code" && runner !== undefined && isShell(runner) && depth < MAX_NESTING) {
        inspect(text, split(word, input).words, input, stdinIsInput, depth + 1);
      }
    });
    if (stdinIsInput && use.stdinIsCode) refuse(text, input, `${command[0]} would run the ${input.noun} it reads on standard input as code`);
  }
}

/** The simple commands of a parsed command line: the plain words between operators, after any `NAME=value`. */
function simpleCommands(words: ParseEntry[]): string[][] {
  const commands: string[][] = [];
  let current: string[] = [];
  const end = () => {
    const start = current.findIndex((w) => !ASSIGNMENT.test(w));
    if (start >= 0) commands.push(current.slice(start));
    current = [];
  };
  for (const w of words) {
    if (typeof w === "string") current.push(w);
    else if ("comment" in w) break;
    else if (w.op === "glob") current.push(w.pattern);
    else end();
  }
  end();
  return commands;
}

function refuse(text: string, input: CommandInput, why: string): never {
  throw new UsageError(
    `${input.option} ${JSON.stringify(text)}: ${why}. The ${input.noun} never reaches a shell or interpreter as code: give it to the program itself ` +
      `as one argument (${input.example} ${input.placeholder}) or on standard input (the default), and where a shell must run, ` +
      `read it from the environment variable ${input.variable}: sh -c '${input.example} "$${input.variable}"'`,
  );
}

/** `arg` with the input in place of the placeholder when the placeholder is the whole argument or an option's value (`--opt=`). */
function substitute(arg: string, placeholder: string, value: string): string | undefined {
  if (arg === placeholder) return value;
  if (arg.endsWith(placeholder) && /^--?[A-Za-z0-9][\w.-]*=$/.test(arg.slice(0, -placeholder.length))) return arg.slice(0, -placeholder.length) + value;
  return arg.includes(placeholder) ? undefined : arg;
}

export interface RunOptions {
  timeoutMs: number;
  /** Variables passed through from packlint's environment besides PATH and LANG (`--env NAME`). */
  passEnv: string[];
  env: Record<string, string | undefined>;
  /** Standard output beyond this many bytes ends the run (a runaway command). */
  maxOutputBytes?: number;
}

export interface CommandResult {
  /** Standard output, byte for byte. */
  stdout: Buffer;
  /** Why the output is not usable (timeout, crash, nothing printed); undefined when it is. */
  failure?: string;
}

const DEFAULT_MAX_OUTPUT = 10 * 1024 * 1024;
const STDERR_TAIL = 400;
/** The most one environment string (`NAME=value`) may hold on Linux (MAX_ARG_STRLEN): a longer input is not put in the variable. */
const MAX_ENV_STRING = 128 * 1024;

/** Process groups still running, killed if packlint itself is interrupted. */
const running = new Set<number>();

/**
 * Runs the command once on an input: in a new empty scratch folder (removed afterwards) that is also its HOME, with
 * PATH, LANG, the `--env` variables and the input's variable only, the input on standard input (or in place of the
 * placeholder) and nothing else; in a process group of its own, ended at the timeout.
 */
export async function runUserCommand(command: UserCommand, input: string, opts: RunOptions): Promise<CommandResult> {
  const scratch = mkdtempSync(join(tmpdir(), "packlint-run-"));
  try {
    return await runIn(scratch, command, input, opts);
  } finally {
    try {
      rmSync(scratch, { recursive: true, force: true, maxRetries: 2 });
    } catch {
      // something the command left running is still writing there: the folder stays in the temporary folder
    }
  }
}

/** The command's whole environment (the input's variable aside). */
export function commandEnv(scratch: string, opts: Pick<RunOptions, "passEnv" | "env">): Record<string, string> {
  const env: Record<string, string> = { HOME: scratch, LANG: opts.env.LANG || "C.UTF-8" };
  if (opts.env.PATH !== undefined) env.PATH = opts.env.PATH;
  if (process.platform === "win32") {
    for (const name of ["SystemRoot", "USERPROFILE", "PATHEXT"]) if (opts.env[name] !== undefined) env[name] = opts.env[name]!;
    env.USERPROFILE = scratch;
  }
  for (const name of opts.passEnv) if (opts.env[name] !== undefined) env[name] = opts.env[name]!;
  return env;
}

function runIn(scratch: string, command: UserCommand, input: string, opts: RunOptions): Promise<CommandResult> {
  const { name, placeholder, variable } = command.input;
  const limit = opts.maxOutputBytes ?? DEFAULT_MAX_OUTPUT;
  const env = commandEnv(scratch, opts);
  if (Buffer.byteLength(input) + variable.length + 2 <= MAX_ENV_STRING) env[variable] = input;
  // A group of its own (POSIX), so that a timeout also ends what the command started.
  const options: SpawnOptions = {
    cwd: scratch,
    env,
    stdio: [command.inputInArgs ? "ignore" : "pipe", "pipe", "pipe"],
    detached: process.platform !== "win32",
    windowsHide: true,
  };
  let child: ChildProcess;
  try {
    // The shell gets the command line as the user wrote it, and the input only in the variable and on standard input.
    child = command.shell
      ? spawn(command.text, { ...options, shell: true })
      : spawn(
          command.argv![0],
          command.argv!.slice(1).map((a) => substitute(a, placeholder, input)!),
          options,
        );
  } catch (e) {
    // What the system cannot pass (a NUL character in the input).
    return Promise.resolve({ stdout: Buffer.alloc(0), failure: `could not start ${name}: ${(e as Error).message}` });
  }

  return new Promise((resolve) => {
    const out: Buffer[] = [];
    let bytes = 0;
    let stderr = "";
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
    const finish = (result: CommandResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.pid !== undefined) running.delete(child.pid);
      resolve(result);
    };
    /**
     * Ends the run now: the group killed, our ends of the pipes closed. A process that left the group (setsid) may
     * still hold the other ends; waiting for it to close them would make the timeout no bound at all.
     */
    const abort = (failure: string) => {
      kill();
      for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.destroy();
      finish({ stdout: Buffer.concat(out), failure });
    };
    const timer = setTimeout(() => abort(`${name} did not finish within ${opts.timeoutMs / 1000} s`), opts.timeoutMs);
    if (child.pid !== undefined && options.detached) running.add(child.pid);

    child.stdout!.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit) abort(`${name} printed more than ${limit} bytes`);
      else out.push(chunk);
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_TAIL);
    });
    child.on("error", (e) => finish({ stdout: Buffer.concat(out), failure: `could not start ${name}: ${e.message}` }));
    child.on("close", (code, signal) => {
      const stdout = Buffer.concat(out);
      let failure: string | undefined;
      if (code !== 0) {
        const why = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        const tail = stderr.trim().split("\n").pop()?.trim();
        failure = `${name} ${why}${tail ? ` (${tail})` : ""}`;
      } else if (stdout.toString("utf8").trim() === "") failure = `${name} printed nothing`;
      finish({ stdout, failure });
    });
    if (child.stdin) {
      child.stdin.on("error", () => undefined); // a command that does not read its input is not an error
      child.stdin.end(input);
    }
  });
}

/** Ends every command still running (packlint was interrupted). */
export function killRunningCommands(): void {
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
