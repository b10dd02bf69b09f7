import { statSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { createTwoFilesPatch } from "diff";
import { CONFIG_FILE_NAME } from "../../../shared/src/config";
import { appliedDocsBaseUrl } from "../workspace/project-config";
import { STDIN, type LintCommand } from "./args";
import { expandPaths } from "./files";
import { writeFixed } from "./fix";
import { formatGithub } from "./format-github";
import { formatJson } from "./format-json";
import { formatSarif } from "./format-sarif";
import { countRun, formatText, printableLine, summaryLine, type RunCounts } from "./format-text";
import { formatStatistics, statistics } from "./format-statistics";
import { selectionLevels } from "./rule-selection";
import { UsageError } from "./usage-error";
import { listFiles } from "./list-files";
import { validateAll } from "./pool";
import { Progress } from "./progress";
import { showConfig } from "./show-config";
import { isValid, type CheckedRun, type FileReport } from "./report";
import { EXIT, type RunEnv, type Write } from "./run-env";
import type { FileJob } from "./validate-file";
import { watch, within, type WatchState } from "./watch";
import { Project } from "../workspace/project";

/** `packlint [options] FILE|DIR...`: checks, prints, and (--watch) checks again on every change. */
export async function lint(cmd: LintCommand, out: Write, err: Write, env: RunEnv, version: string): Promise<number> {
  if (cmd.showConfig !== undefined) {
    out(showConfig(new Project({ roots: assetRoots([], env.cwd), mode: "strict", configPath: cmd.configPath }), resolve(env.cwd, cmd.showConfig), cmd.rules));
    return EXIT.ok;
  }
  const stdin = cmd.paths.includes(STDIN) && !cmd.listFiles ? await env.readStdin() : undefined;
  if (cmd.listFiles) {
    const { expansion } = expand(cmd, env);
    toOutput(cmd, env, out)(listFiles(expansion));
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
  const project = new Project({ roots, mode: "strict", configPath: cmd.configPath });
  return { roots, project, expansion: expandPaths(cmd.paths, project, cmd.stdinFilename) };
}

/** Expands the paths and validates their files (with `only`: just those at or below its absolute paths), fixing them first with --fix. */
export async function check(cmd: LintCommand, env: RunEnv, err: Write, stdin?: Uint8Array, only?: Set<string>): Promise<CheckedRun> {
  const { roots, project, expansion } = expand(cmd, env);
  const found = only ? expansion.files.filter((f) => within(resolve(f.path), only)) : expansion.files;
  const selection = cmd.select || cmd.ignore ? selectionLevels(cmd.select, cmd.ignore) : {};
  const jobs: FileJob[] = found.map(({ path, kind, stdin: fromStdin, read }) => ({
    path,
    kind,
    rules: { ...project.rules(path), ...cmd.rules, ...selection },
    ...(cmd.skipNonPacks ? { skipNonPack: true } : {}),
    roots,
    cwd: env.cwd,
    ...(fromStdin ? { bytes: stdin } : {}),
    ...(read ? { read } : {}),
    ...(cmd.fix ? { fix: true } : {}),
    ...(cmd.unsafeFixes ? { unsafeFixes: true } : {}),
  }));
  const progress = new Progress(err, Progress.wanted(env.stderrIsTTY, jobs.length));
  const outcomes = await validateAll(jobs, { jobs: cmd.jobs, onProgress: (d, t) => progress.update(d, t) });
  progress.clear();
  const reports: FileReport[] = [];
  const skipped = [...expansion.skipped];
  const unreadable = expansion.unreadable
    .filter((u) => !only || within(resolve(u.path), only))
    .map((u) => ({ path: u.path, message: `cannot read ${u.path}: ${u.reason}` }));
  outcomes.forEach((o, i) => {
    if ("unreadable" in o) unreadable.push({ path: jobs[i].path, message: o.unreadable });
    else if ("skipped" in o) skipped.push({ path: jobs[i].path, reason: o.skipped });
    else reports.push(cmd.quiet ? { ...o.report, diagnostics: o.report.diagnostics.filter((d) => d.severity === "error") } : o.report);
  });
  // The run's rule links: the config that applies in the working directory (the repository root in CI) may set them.
  const docsBaseUrl = appliedDocsBaseUrl(project.configsFor(resolve(env.cwd, CONFIG_FILE_NAME)));
  return { reports, skipped, unreadable, ...(docsBaseUrl ? { docsBaseUrl } : {}) };
}

/**
 * Writes the fixes (or prints them as a diff), prints the run in its format (and on stderr what could not be read)
 * and returns the exit code. `state`, in a watch: every file's latest report and how many entries are unreadable,
 * which the summary and the exit code count.
 */
function report(cmd: LintCommand, run: CheckedRun, stdout: Write, err: Write, env: RunEnv, version: string, state?: WatchState): number {
  const { reports } = run;
  let printed = "";
  const out: Write = (s) => (printed += s);
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
  const color = cmd.color ?? (cmd.outputFile === undefined && autoColor(env));
  const counts = (): RunCounts => {
    const c = countRun(state?.reports ?? reports, run.skipped.filter((s) => !s.folder).length);
    return cmd.fix ? { ...c, fixed: fixed.length - unwritten, dryRun: cmd.fix === "dry-run" } : c;
  };
  switch (cmd.statistics ? `${cmd.format}-statistics` : cmd.format) {
    case "text-statistics":
      out(formatStatistics(reports));
      out(summaryLine(counts(), color));
      break;
    case "json-statistics":
      out(JSON.stringify({ version, statistics: statistics(reports), summary: counts() }, null, 2) + "\n");
      break;
    case "json":
      out(formatJson(reports, { version, summary: counts() }));
      break;
    case "github":
      out(formatGithub(reports, env.cwd));
      break;
    case "sarif":
      out(formatSarif(reports, { cwd: env.cwd, version, docsBase: cmd.docsBaseUrl ?? run.docsBaseUrl }));
      break;
    case "text": {
      // In a watch, the files that changed are few: each is named, clean or not.
      out(formatText(reports, { color, quiet: cmd.quiet, verbose: cmd.verbose || state !== undefined }));
      out(summaryLine(counts(), color));
      break;
    }
  }
  toOutput(cmd, env, stdout)(printed);
  for (const u of run.unreadable) err(`packlint: ${printableLine(u.message)}\n`);
  const found = exitCode(cmd, state?.reports ?? reports, err);
  const code = cmd.exitZero && found === EXIT.problems ? EXIT.ok : found;
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

/** Colours unless asked (--color): FORCE_COLOR (not 0 or false) forces them, NO_COLOR turns them off, else a terminal has them. */
function autoColor({ env, stdoutIsTTY }: RunEnv): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !/^(0|false)$/i.test(force);
  return stdoutIsTTY && !env.NO_COLOR;
}

/** Where a run's report goes: standard output, or the --output-file (written whole; a file that cannot be written is a usage error). */
function toOutput(cmd: LintCommand, env: RunEnv, out: Write): Write {
  if (cmd.outputFile === undefined) return out;
  const file = resolve(env.cwd, cmd.outputFile);
  return (s) => {
    try {
      writeFileSync(file, s);
    } catch (e) {
      throw new UsageError(`cannot write --output-file ${cmd.outputFile}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  };
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
