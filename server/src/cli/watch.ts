import { statSync, watch as watchPath, type FSWatcher } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { LintCommand } from "./args";
import type { CheckedRun } from "./lint";
import type { FileReport } from "./report";
import { printableLine } from "./format-text";
import { EXIT, type RunEnv, type Write } from "./run-env";
import { UsageError } from "./usage-error";

/** Changes closer together than this are checked together (an editor's save is several events). */
const SETTLE_MS = 50;

/** A config change can change any file's kind or levels: every file is checked again. */
const CONFIG_FILE = /(^|[\\/])(\.packlintrc\.json|package\.json)$/;

export interface WatchHooks {
  /** Checks the files at these absolute paths again (undefined: every file). */
  recheck(only?: Set<string>): Promise<CheckedRun>;
  /** Prints a re-check and returns the exit code of `state`, every file's latest report. */
  print(run: CheckedRun, state: FileReport[]): number;
  out: Write;
  err: Write;
}

/**
 * `--watch`: after the first run, checks again each file that changes below the directories named (and each
 * file named), prints its report (and `path: removed` for one gone), then the summary over every file;
 * until `env.stopSignal()` is aborted (Ctrl-C). Resolves to the exit code of the last state.
 */
export function watch(cmd: LintCommand, env: RunEnv, first: FileReport[], firstCode: number, hooks: WatchHooks): Promise<number> {
  const state = new Map(first.map((r) => [resolve(r.path), r]));
  let code = firstCode;
  let pending = new Set<string>();
  let all = false;
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();

  const flush = async () => {
    const changed = pending;
    const everything = all;
    pending = new Set();
    all = false;
    try {
      const run = await hooks.recheck(everything ? undefined : changed);
      const seen = new Set(run.reports.map((r) => resolve(r.path)));
      for (const r of run.reports) state.set(resolve(r.path), r);
      const gone = [...state.keys()].filter((p) => (everything || changed.has(p)) && !seen.has(p));
      for (const p of gone) {
        hooks.out(`${printableLine(state.get(p)!.path)}: ${exists(p) ? "no longer checked (see --list-files)" : "removed"}\n`);
        state.delete(p);
      }
      if (run.reports.length || gone.length) code = hooks.print(run, [...state.values()]);
    } catch (e) {
      // The run goes on: the next change may mend what this one broke.
      hooks.err(`packlint: ${e instanceof UsageError ? printableLine(e.message) : `internal error: ${(e as Error).stack ?? e}`}\n`);
      code = e instanceof UsageError ? EXIT.usage : EXIT.internal;
    }
  };
  const changedAt = (path: string) => {
    if (CONFIG_FILE.test(path)) all = true;
    pending.add(path);
    clearTimeout(timer);
    timer = setTimeout(() => (running = running.then(flush)), SETTLE_MS);
  };

  const watchers: FSWatcher[] = [];
  for (const arg of new Set(cmd.paths.map((p) => resolve(env.cwd, p)))) {
    if (isDirectory(arg)) {
      watchers.push(watchPath(arg, { recursive: true }, (_event, name) => name && changedAt(join(arg, name.toString()))));
    } else {
      // The folder, not the file: an editor that saves by renaming a new file over it would end a watch of the file.
      const dir = dirname(arg);
      watchers.push(watchPath(dir, (_event, name) => name?.toString() === basename(arg) && changedAt(arg)));
    }
  }
  hooks.err(`packlint: watching ${cmd.paths.map(printableLine).join(" ")} for changes (Ctrl-C to stop)\n`);
  return new Promise((done) => {
    const stop = () => {
      for (const w of watchers) w.close();
      clearTimeout(timer);
      void running.then(() => done(code));
    };
    const signal = env.stopSignal?.();
    if (signal?.aborted) stop();
    else signal?.addEventListener("abort", stop, { once: true });
  });
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}
