import { statSync } from "node:fs";
import { resolve } from "node:path";
import { createTwoFilesPatch } from "diff";
import { STDIN, type LintCommand } from "./args";
import { ConfigResolver } from "./config-files";
import { expandPaths } from "./files";
import { writeFixed } from "./fix";
import { formatGithub } from "./format-github";
import { formatJson } from "./format-json";
import { formatSarif } from "./format-sarif";
import { countRun, formatText, printableLine, summaryLine } from "./format-text";
import { listFiles } from "./list-files";
import { validateAll } from "./pool";
import { Progress } from "./progress";
import { isValid, type CheckedRun, type FileReport } from "./report";
import { EXIT, type RunEnv, type Write } from "./run-env";
import type { FileJob } from "./validate-file";
import { watch, within, type WatchState } from "./watch";

/** `packlint [options] FILE|DIR...`: checks, prints, and (--watch) checks again on every change. */
export async function lint(cmd: LintCommand, out: Write, err: Write, env: RunEnv, version: string): Promise<number> {
  const stdin = cmd.paths.includes(STDIN) && !cmd.listFiles ? await env.readStdin() : undefined;
  if (cmd.listFiles) {
    const { expansion } = expand(cmd, env);
    out(listFiles(expansion));
    return expansion.unreadable.length ? EXIT.usage : EXIT.ok;
  }
  const checked = await check(cmd, env, err, stdin);
  const code = report(cmd, checked, out, err, env, version);
  if (!cmd.watch) return code;
  return watch(cmd, env, checked, code, {
    recheck: (only) => check(cmd, env, err, undefined, only),
    print: (run, state) => report(cmd, run, out, err, env, version, state),
    out,
    err,
  });
}

function expand(cmd: LintCommand, env: RunEnv) {
  const roots = assetRoots(cmd.paths, env.cwd);
  const configs = new ConfigResolver(cmd.configPath, roots);
  return { roots, configs, expansion: expandPaths(cmd.paths, configs, cmd.stdinFilename) };
}

/** Expands the paths and validates their files (with `only`: just those at or below its absolute paths), fixing them first with --fix. */
export async function check(cmd: LintCommand, env: RunEnv, err: Write, stdin?: Uint8Array, only?: Set<string>): Promise<CheckedRun> {
  const { roots, configs, expansion } = expand(cmd, env);
  const found = only ? expansion.files.filter((f) => within(resolve(f.path), only)) : expansion.files;
  const jobs: FileJob[] = found.map(({ path, kind, stdin: fromStdin }) => ({
    path,
    kind,
    rules: { ...configs.forFile(path)?.config.rules, ...cmd.rules },
    roots,
    cwd: env.cwd,
    ...(fromStdin ? { bytes: stdin } : {}),
    ...(cmd.fix ? { fix: true } : {}),
    ...(cmd.unsafeFixes ? { unsafeFixes: true } : {}),
  }));
  const progress = new Progress(err, Progress.wanted(env.stderrIsTTY, jobs.length));
  const outcomes = await validateAll(jobs, { jobs: cmd.jobs, onProgress: (d, t) => progress.update(d, t) });
  progress.clear();
  const reports: FileReport[] = [];
  const unreadable = expansion.unreadable
    .filter((u) => !only || within(resolve(u.path), only))
    .map((u) => ({ path: u.path, message: `cannot read ${u.path}: ${u.reason}` }));
  outcomes.forEach((o, i) => {
    if ("unreadable" in o) unreadable.push({ path: jobs[i].path, message: o.unreadable });
    else reports.push(cmd.quiet ? { ...o.report, diagnostics: o.report.diagnostics.filter((d) => d.severity === "error") } : o.report);
  });
  return { reports, skipped: expansion.skipped, unreadable };
}

/**
 * Writes the fixes (or prints them as a diff), prints the run in its format (and on stderr what could not be read)
 * and returns the exit code. `state`, in a watch: every file's latest report and how many entries are unreadable,
 * which the summary and the exit code count.
 */
function report(cmd: LintCommand, run: CheckedRun, out: Write, err: Write, env: RunEnv, version: string, state?: WatchState): number {
  const { reports } = run;
  const fixed = reports.filter((r) => r.fixed);
  let unwritten = 0;
  for (const r of fixed) {
    if (cmd.fix === "write") {
      const why = r.fixed!.read ? writeFixed(r.path, r.fixed!.bytes, r.fixed!.read) : "it was not read from a file";
      if (why) {
        err(`packlint: ${printableLine(r.path)}: fixes not written: ${why}; the file is left as it is\n`);
        unwritten++;
      }
    } else out(createTwoFilesPatch(printableLine(r.path), printableLine(r.path), r.fixed!.original, r.text, "", "(fixed)"));
  }
  const color = cmd.color ?? (env.stdoutIsTTY && !env.env.NO_COLOR);
  switch (cmd.format) {
    case "json":
      out(formatJson(reports));
      break;
    case "github":
      out(formatGithub(reports, env.cwd));
      break;
    case "sarif":
      out(formatSarif(reports, { cwd: env.cwd, version, docsBase: cmd.docsBaseUrl }));
      break;
    case "text": {
      out(formatText(reports, { color, quiet: cmd.quiet }));
      const counts = countRun(state?.reports ?? reports, run.skipped.filter((s) => !s.folder).length);
      out(summaryLine(cmd.fix ? { ...counts, fixed: fixed.length - unwritten, dryRun: cmd.fix === "dry-run" } : counts, color));
      break;
    }
  }
  for (const u of run.unreadable) err(`packlint: ${printableLine(u.message)}\n`);
  const code = exitCode(cmd, state?.reports ?? reports, err);
  // Unread files were not checked; what was printed for a fix not written is the fixed text, which is not on disk.
  return unwritten || (state?.unreadable ?? run.unreadable.length) ? Math.max(code, EXIT.usage) : code;
}

function exitCode(cmd: LintCommand, reports: FileReport[], err: Write): number {
  const crashed = reports.filter((r) => r.diagnostics.some((d) => d.code === "internal-error"));
  if (crashed.length) {
    err(
      `packlint: internal error while checking ${crashed.map((r) => printableLine(r.path)).join(", ")}; the other files were checked. Please report this with the file.\n`,
    );
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
  const dirs = paths
    .filter((p) => p !== STDIN)
    .map((p) => resolve(cwd, p))
    .filter((p) => {
      try {
        return statSync(p).isDirectory();
      } catch {
        return false;
      }
    });
  return [resolve(cwd), ...dirs];
}
