import { existsSync } from "node:fs";
import { closest, packSchema } from "../service";
import { packageVersion } from "../workspace/package-version";
import { parseArgs } from "./args";
import { printableLine } from "./format-text";
import { HELP, RULES_HELP, SCHEMA_HELP } from "./help";
import { lint } from "./lint";
import { InternalError } from "./pool";
import { formatRulePage, formatRules } from "./rules-list";
import { runSkill } from "./skill";
import { runReport } from "./report-command";
import { EXIT, type RunEnv } from "./run-env";
import { readStdin } from "./stdin";
import { isUsageError, UsageError } from "./usage-error";

export { EXIT, type RunEnv } from "./run-env";

/** Runs the CLI; resolves to the exit code. */
export async function run(argv: string[], out: (s: string) => void, err: (s: string) => void, runEnv: Partial<RunEnv> = {}): Promise<number> {
  const env: RunEnv = {
    cwd: runEnv.cwd ?? process.cwd(),
    env: runEnv.env ?? process.env,
    stdoutIsTTY: runEnv.stdoutIsTTY ?? !!process.stdout.isTTY,
    stderrIsTTY: runEnv.stderrIsTTY ?? !!process.stderr.isTTY,
    readStdin: runEnv.readStdin ?? (() => readStdin()),
    stopSignal: runEnv.stopSignal,
  };
  try {
    if (argv[0] === "skill") return await runSkill(argv.slice(1), out, err, env);
    if (argv[0] === "report") return runReport(argv.slice(1), out);
    mistypedCommand(argv[0]);
    const cmd = parseArgs(argv);
    switch (cmd.command) {
      case "help":
        out(cmd.topic === "schema" ? SCHEMA_HELP : cmd.topic === "rules" ? RULES_HELP : HELP);
        return EXIT.ok;
      case "version":
        out(`${packageVersion()}\n`);
        return EXIT.ok;
      case "schema":
        out(JSON.stringify(packSchema(), null, 2) + "\n");
        return EXIT.ok;
      case "rules":
        out(cmd.code ? formatRulePage(cmd.code, cmd.format) : formatRules(cmd.format));
        return EXIT.ok;
      case "lint":
        return await lint(cmd, out, err, env, packageVersion());
    }
  } catch (e) {
    if (isUsageError(e)) {
      // Its lines are ours; what they quote (paths, config text) is escaped.
      err(`packlint: ${e.message.split("\n").map(printableLine).join("\n")}\n`);
      return EXIT.usage;
    }
    if (e instanceof InternalError) {
      err(`packlint: internal error ${e.message}\nPlease report this with the file that caused it.\n`);
      return EXIT.internal;
    }
    throw e;
  }
}

const SUBCOMMANDS = ["schema", "rules", "report", "skill"];

/** A first word that names no file but is a subcommand mistyped (`packlint rule X`): a usage error that says which. */
function mistypedCommand(word: string | undefined): void {
  if (word === undefined || word.startsWith("-") || existsSync(word)) return;
  const [near] = closest(word, SUBCOMMANDS, 1);
  if (near) throw new UsageError(`${word} is neither a file nor a command: did you mean packlint ${near}? (see packlint --help)`);
}

/** Ctrl-C (or SIGTERM): asked for by a --watch run only, which then ends with the exit code of what it last saw. */
function stopSignal(): AbortSignal {
  const stop = new AbortController();
  process.once("SIGINT", () => stop.abort());
  process.once("SIGTERM", () => stop.abort());
  return stop.signal;
}

export function main(argv = process.argv.slice(2)): void {
  // A reader that stops early (`packlint schema | head`) is not an error.
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(process.exitCode ?? EXIT.ok);
    throw e;
  });
  run(
    argv,
    (s) => process.stdout.write(s),
    (s) => process.stderr.write(s),
    { stopSignal },
  ).then(
    (code) => (process.exitCode = code),
    (e: unknown) => {
      process.stderr.write(`packlint: internal error: ${(e as Error).stack ?? e}\n`);
      process.exitCode = EXIT.internal;
    },
  );
}
