import { readdirSync, statSync, watch as watchPath, type Dirent, type FSWatcher } from "node:fs";
import { basename, dirname, join, resolve, sep } from "node:path";
import { isSkippedDir } from "../workspace/discovery";
import type { LintCommand } from "./args";
import type { CheckedRun, FileReport } from "./report";
import { printableLine } from "./format-text";
import { EXIT, type RunEnv, type Write } from "./run-env";
import { isUsageError } from "./usage-error";

/** Changes closer together than this are checked together (an editor's save is several events). */
const SETTLE_MS = 50;

/** A config change can change any file's kind or levels: every file is checked again. */
const CONFIG_FILE = /(^|[\\/])(\.packlintrc\.json|package\.json)$/;

/** What a watch knows of every file: its latest report, and how many entries cannot be read. */
export interface WatchState {
  reports: FileReport[];
  unreadable: number;
}

export interface WatchHooks {
  /** Checks the files at these absolute paths again (undefined: every file). */
  recheck(only?: Set<string>): Promise<CheckedRun>;
  /** Prints a re-check (its unreadable entries: those not reported before) and returns the exit code of `state`. */
  print(run: CheckedRun, state: WatchState): number;
  out: Write;
  err: Write;
}

/**
 * `--watch`: after the first run, checks again each file that changes below the directories named (and each
 * file named), prints its report (and `path: removed` for one gone), then the summary over every file;
 * until `env.stopSignal()` is aborted (Ctrl-C). An entry that cannot be read (a FIFO) is reported once, until it
 * changes into something else. A directory named that is removed and comes back (a branch switch) is watched
 * again. Resolves to the exit code of the last state.
 */
export function watch(cmd: LintCommand, env: RunEnv, first: CheckedRun, firstCode: number, hooks: WatchHooks): Promise<number> {
  const state = new Map(first.reports.map((r) => [resolve(r.path), r]));
  /** What cannot be read, by path: its message, printed when it first appears (or changes). */
  const unreadable = new Map(first.unreadable.map((u) => [resolve(u.path), u.message]));
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
      const gone = [...state.keys()].filter((p) => (everything || within(p, changed)) && !seen.has(p));
      for (const p of gone) {
        hooks.out(`${printableLine(state.get(p)!.path)}: ${exists(p) ? "no longer checked (see --list-files)" : "removed"}\n`);
        state.delete(p);
      }
      const stillUnreadable = new Set(run.unreadable.map((u) => resolve(u.path)));
      const mended = [...unreadable.keys()].filter((p) => (everything || within(p, changed)) && !stillUnreadable.has(p));
      for (const p of mended) unreadable.delete(p);
      const fresh = run.unreadable.filter((u) => unreadable.get(resolve(u.path)) !== u.message);
      for (const u of fresh) unreadable.set(resolve(u.path), u.message);
      if (run.reports.length || gone.length || fresh.length || mended.length) {
        code = hooks.print({ ...run, unreadable: fresh }, { reports: [...state.values()], unreadable: unreadable.size });
      }
    } catch (e) {
      // The run goes on: the next change may mend what this one broke.
      hooks.err(`packlint: ${isUsageError(e) ? printableLine(e.message) : `internal error: ${(e as Error).stack ?? e}`}\n`);
      code = isUsageError(e) ? EXIT.usage : EXIT.internal;
    }
  };
  /** The folders watched, by path; and the parents of the files and directories named, each watched for that one name. */
  const watchers = new Map<string, FSWatcher>();
  const parentWatchers: FSWatcher[] = [];
  const unwatch = (path: string) => {
    for (const [dir, w] of watchers) {
      if (dir === path || dir.startsWith(path + sep)) {
        w.close();
        watchers.delete(dir);
      }
    }
  };
  const changedAt = (path: string) => {
    // A config can change every file's kind and levels: every file is checked again.
    if (CONFIG_FILE.test(path)) all = true;
    // A folder come, gone or made again (a branch switch; its inode may even be the old one's): its old watches
    // hear nothing more, so they end, and a folder there now is watched afresh. The files below it are checked (see `within`).
    unwatch(path);
    if (isDirectory(path)) watchTree(path);
    pending.add(path);
    clearTimeout(timer);
    timer = setTimeout(() => (running = running.then(flush)), SETTLE_MS);
  };
  /** Each folder a directory run walks (not node_modules, out, dist or dot-folders), one watch each: not the whole tree's. */
  const watchTree = (dir: string) => {
    if (watchers.has(dir)) return;
    // An event about the folder itself (removed) is heard as a change of the folder.
    const w = watchOrNot(dir, (name) => changedAt(isDirectory(dir) ? join(dir, name) : dir));
    if (!w) return;
    watchers.set(dir, w);
    for (const e of readDir(dir)) if (e.isDirectory() && !isSkippedDir(e.name)) watchTree(join(dir, e.name));
  };
  for (const arg of new Set(cmd.paths.map((p) => resolve(env.cwd, p)))) {
    if (isDirectory(arg)) watchTree(arg);
    // The folder above, for the name: an editor that saves by renaming a new file over it would end a watch of the
    // file, and a directory named that is removed and made again is only heard of there.
    const w = watchOrNot(dirname(arg), (name) => name === basename(arg) && changedAt(arg));
    if (w) parentWatchers.push(w);
  }
  hooks.err(`packlint: watching ${cmd.paths.map(printableLine).join(" ")} for changes (Ctrl-C to stop)\n`);
  return new Promise((done) => {
    const stop = () => {
      for (const w of [...watchers.values(), ...parentWatchers]) w.close();
      clearTimeout(timer);
      void running.then(() => done(code));
    };
    const signal = env.stopSignal?.();
    if (signal?.aborted) stop();
    else signal?.addEventListener("abort", stop, { once: true });
  });
}

/** A watch of one folder (its entries' names); none when it cannot be watched (gone, unreadable). A watch that fails later ends quietly. */
function watchOrNot(dir: string, onName: (name: string) => void): FSWatcher | undefined {
  try {
    const w = watchPath(dir, (_event, name) => name && onName(name.toString()));
    w.on("error", () => w.close());
    return w;
  } catch {
    return undefined;
  }
}

function readDir(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Is `path` one of `changed`, or below one of them (a folder that came or went)? */
export function within(path: string, changed: ReadonlySet<string>): boolean {
  if (changed.has(path)) return true;
  for (let dir = dirname(path); dir !== dirname(dir); dir = dirname(dir)) if (changed.has(dir)) return true;
  return false;
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
