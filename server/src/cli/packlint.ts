import { statSync } from "node:fs";
import { resolve } from "node:path";
import { packSchema } from "../service/schema";
import { packageVersion } from "../workspace/package-version";
import { parseArgs, type LintCommand } from "./args";
import { ConfigResolver } from "./config-files";
import { expandPaths } from "./files";
import { formatGithub } from "./format-github";
import { formatJson } from "./format-json";
import { formatSarif } from "./format-sarif";
import { formatText, printableLine } from "./format-text";
import { HELP, RULES_HELP, SCHEMA_HELP } from "./help";
import { InternalError, validateAll } from "./pool";
import { Progress } from "./progress";
import { FileReport, isValid } from "./report";
import { formatRulePage, formatRules } from "./rules-list";
import { runSkill } from "./skill";
import { runReport } from "./report-command";
import { UsageError } from "./usage-error";
import type { FileJob } from "./validate-file";

/** Exit codes, as documented in the README and --help. */
export const EXIT = { ok: 0, problems: 1, usage: 2, internal: 3 } as const;

/** What the CLI reads from its process; tests pass their own. */
export interface RunEnv {
  cwd: string;
  env: Record<string, string | undefined>;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
}

/** Runs the CLI; resolves to the exit code. */
export async function run(argv: string[], out: (s: string) => void, err: (s: string) => void, runEnv: Partial<RunEnv> = {}): Promise<number> {
  const env: RunEnv = {
    cwd: runEnv.cwd ?? process.cwd(),
    env: runEnv.env ?? process.env,
    stdoutIsTTY: runEnv.stdoutIsTTY ?? !!process.stdout.isTTY,
    stderrIsTTY: runEnv.stderrIsTTY ?? !!process.stderr.isTTY,
  };
  try {
    if (argv[0] === "skill") return await runSkill(argv.slice(1), out, err, env);
    if (argv[0] === "report") return runReport(argv.slice(1), out);
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
        return await lint(cmd, out, err, env);
    }
  } catch (e) {
    if (e instanceof UsageError) {
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

async function lint(cmd: LintCommand, out: (s: string) => void, err: (s: string) => void, env: RunEnv): Promise<number> {
  const roots = assetRoots(cmd.paths, env.cwd);
  const configs = new ConfigResolver(cmd.configPath, roots);
  const jobs: FileJob[] = expandPaths(cmd.paths, configs).map(({ path, kind }) => ({
    path,
    kind,
    rules: { ...configs.forFile(path)?.config.rules, ...cmd.rules },
    roots,
    cwd: env.cwd,
  }));
  const progress = new Progress(err, Progress.wanted(env.stderrIsTTY, jobs.length));
  const outcomes = await validateAll(jobs, { jobs: cmd.jobs, onProgress: (d, t) => progress.update(d, t) });
  progress.clear();

  const reports: FileReport[] = [];
  for (const o of outcomes) {
    if ("unreadable" in o) throw new UsageError(o.unreadable);
    reports.push(cmd.quiet ? { ...o.report, diagnostics: o.report.diagnostics.filter((d) => d.severity === "error") } : o.report);
  }

  switch (cmd.format) {
    case "json":
      out(formatJson(reports));
      break;
    case "github":
      out(formatGithub(reports, env.cwd));
      break;
    case "sarif":
      out(formatSarif(reports, { cwd: env.cwd, version: packageVersion() }));
      break;
    case "text": {
      const color = cmd.color ?? (env.stdoutIsTTY && !env.env.NO_COLOR);
      out(formatText(reports, { color }));
      break;
    }
  }

  const crashed = reports.filter((r) => r.diagnostics.some((d) => d.code === "internal-error"));
  if (crashed.length) {
    err(`packlint: internal error while checking ${crashed.map((r) => printableLine(r.path)).join(", ")}; the other files were checked. Please report this with the file.\n`);
    return EXIT.internal;
  }
  if (!reports.every(isValid)) return EXIT.problems;
  const warnings = reports.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === "warning").length, 0);
  if (cmd.maxWarnings !== undefined && warnings > cmd.maxWarnings) {
    err(`packlint: ${warnings} warning${warnings === 1 ? "" : "s"}, more than --max-warnings ${cmd.maxWarnings}\n`);
    return EXIT.problems;
  }
  return EXIT.ok;
}

/**
 * The folders asset paths may lead into: the working directory (the repository root in CI) and every
 * directory named on the command line. A pack outside all of them is confined to its own folder.
 */
function assetRoots(paths: string[], cwd: string): string[] {
  const dirs = paths.map((p) => resolve(cwd, p)).filter((p) => {
    try {
      return statSync(p).isDirectory();
    } catch {
      return false;
    }
  });
  return [resolve(cwd), ...dirs];
}

export function main(argv = process.argv.slice(2)): void {
  // A reader that stops early (`packlint schema | head`) is not an error.
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(process.exitCode ?? EXIT.ok);
    throw e;
  });
  run(argv, (s) => process.stdout.write(s), (s) => process.stderr.write(s)).then(
    (code) => (process.exitCode = code),
    (e: unknown) => {
      process.stderr.write(`packlint: internal error: ${(e as Error).stack ?? e}\n`);
      process.exitCode = EXIT.internal;
    },
  );
}
