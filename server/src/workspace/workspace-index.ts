import { sep } from "node:path";
import type { DocumentKind } from "../../../shared/src";
import type { DecodedFile } from "../service";
import { walkFiles } from "./discovery";
import { failedSummary, type FileSummary } from "./file-check";
import { textDigest } from "./text-digest";

/** More files than any workspace of packs has; past it the index stops growing rather than stall the server. */
export const MAX_FILES = 5000;

/** Files a build walks past at most (a workspace opened on a home folder): the index covers what came before. */
export const MAX_WALKED = 200_000;

/**
 * What the index keeps of a pack or case file, enough for workspace requests without its text or model: its
 * summary (findings at the rules' own levels; the server applies the file's rule levels when it uses them).
 */
export interface IndexedFile extends FileSummary {
  uri: string;
  path: string;
  kind: DocumentKind;
}

/** How the index sees the disk and the language service; the server provides it (tests their own). */
export interface IndexSource {
  /** The file's URI. */
  uri(path: string): string;
  /** A folder the walk leaves out (a config's `ignore`). */
  skipDir(path: string): boolean;
  /** Whether a file might be a pack or case file by its name alone (YAML, or a glob matches): the others are not read. */
  candidate(path: string): boolean;
  /**
   * The kind of a file inside the workspace and its decoded text, or undefined when it is not a pack or case file
   * (by the file's settings and config: globs, then content), is ignored, is not a regular file or cannot be read.
   */
  classify(path: string): { kind: DocumentKind; decoded: DecodedFile } | undefined;
  /** A file's summary (off the main thread, or from its open document's model); a rejection gives one `internal-error`. */
  analyze(kind: DocumentKind, decoded: DecodedFile, uri: string): FileSummary | Promise<FileSummary>;
  /** Whether a file's summary depends on its text alone (then an unchanged text is not analysed again). */
  textOnly(kind: DocumentKind): boolean;
  /** Resolves when the index may read its next file (the server's foreground is idle); by default at once. */
  pause?(): Promise<void>;
  /** Files a build analyses before the others (those open in the editor). */
  first?(uri: string): boolean;
  /** Resolves when a file can be read (a copy of the workspace fetches it first); by default at once. */
  prepare?(path: string): Promise<void>;
}

export interface BuildProgress {
  /** Called once the files to look at are known, then after each one. */
  (done: number, total: number): void;
}

export { textDigest };

/** Lets other work (requests, notifications) run between steps of a long job. */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Files being analysed at once, at most: one in the analysis and one read and waiting beside it, so that the
 * analysis never waits for the main thread, while files are read only as fast as they are analysed.
 */
export const IN_FLIGHT = 2;

/**
 * Every pack and case file below the workspace folders. Built in the background (`build`: the walk, then each
 * file read when `pause` lets it and analysed by the source, IN_FLIGHT at a time; a newer build supersedes a
 * running one, `stop` ends it) and kept current file by file (`update`, `remove`, `addFolder`, as file watching
 * reports changes). A result is applied only when it is still wanted: not from a superseded or stopped build, not
 * for a file read again or removed since. Requests that need the index complete `await ready()`.
 */
export class WorkspaceIndex {
  private readonly files = new Map<string, IndexedFile & { stamp: number; digest: string }>();
  private stamp = 0;
  private generation = 0;
  private stopped = false;
  private running: Promise<void> = Promise.resolve();
  /** File watching's updates under way. */
  private readonly updates = new Set<Promise<unknown>>();
  /** The latest read of each file whose analysis is under way: the result of an earlier read is dropped. */
  private readonly reads = new Map<string, { read: number; path: string }>();
  private lastRead = 0;
  private free = IN_FLIGHT;
  private waiting: (() => void)[] = [];

  constructor(private readonly source: IndexSource) {}

  get size(): number {
    return this.files.size;
  }

  all(): IndexedFile[] {
    return [...this.files.values()];
  }

  get(uri: string): IndexedFile | undefined {
    return this.files.get(uri);
  }

  /** The digest of a file's text (and its decoding problem) as the index keeps it: equal digests, equal summaries. */
  digest(uri: string): string | undefined {
    return this.files.get(uri)?.digest;
  }

  /**
   * Resolves once the latest build and file watching's updates have finished (or were superseded by ones that
   * have), or once `cancelled` is.
   */
  async ready(cancelled?: { isCancellationRequested: boolean; onCancellationRequested(listener: () => void): { dispose(): void } }): Promise<void> {
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const listening = cancelled?.onCancellationRequested(stop);
    try {
      for (;;) {
        const build = this.running;
        const updates = [...this.updates];
        await Promise.race([Promise.all([build, ...updates]).catch(() => undefined), stopped]);
        if (cancelled?.isCancellationRequested || (build === this.running && this.updates.size === 0)) return;
      }
    } finally {
      listening?.dispose();
    }
  }

  /** Ends a running build where it is, and drops every result still to come (the server shuts down). */
  stop(): void {
    this.generation++;
    this.stopped = true;
  }

  /** (Re)indexes every file below `roots`; entries of files no longer there are dropped at the end. */
  build(roots: readonly string[], progress: BuildProgress = () => undefined): Promise<void> {
    const generation = ++this.generation;
    const startedAt = this.stamp;
    const superseded = () => generation !== this.generation;
    this.running = (async () => {
      await tick(); // let the caller finish what it is doing (answering initialized, say) first
      const paths: string[] = [];
      let walked = 0;
      for (const root of roots) {
        for (const path of walkFiles(root, (dir) => this.source.skipDir(dir))) {
          if (this.source.candidate(path)) paths.push(path);
          if (++walked >= MAX_WALKED) break;
          if (walked % 500 === 0) {
            await this.pause();
            if (superseded()) return;
          }
        }
      }
      const first = this.source.first;
      if (first) paths.sort((a, b) => Number(first(this.source.uri(b))) - Number(first(this.source.uri(a))));
      progress(0, paths.length);
      const seen = new Set<string>();
      const analysing: Promise<void>[] = [];
      let done = 0;
      const step = () => {
        if (!superseded()) progress(++done, paths.length);
      };
      for (const path of paths) {
        const release = await this.turn();
        if (superseded()) {
          release();
          break;
        }
        if (this.files.size >= MAX_FILES && !this.files.has(this.source.uri(path))) {
          release();
          step();
          continue;
        }
        analysing.push(
          this.index(path, superseded)
            .then((uri) => void (uri && seen.add(uri)))
            .finally(() => {
              release();
              step();
            }),
        );
      }
      await Promise.all(analysing);
      if (superseded()) return;
      for (const [uri, file] of this.files) if (file.stamp <= startedAt && !seen.has(uri)) this.files.delete(uri);
    })();
    return this.running;
  }

  /** A file was created or changed: (re)index it, or drop it when it is no longer a pack or case file. */
  update(path: string): Promise<IndexedFile | undefined> {
    return this.track(async () => {
      const release = await this.turn();
      try {
        const uri = await this.index(path);
        return uri ? this.files.get(uri) : undefined;
      } finally {
        release();
      }
    });
  }

  /** A folder appeared (created, moved in): index what is below it, as a build does. */
  addFolder(path: string): Promise<void> {
    return this.track(async () => {
      const analysing: Promise<unknown>[] = [];
      for (const file of walkFiles(path, (dir) => this.source.skipDir(dir))) {
        const release = await this.turn();
        if (this.stopped || this.files.size >= MAX_FILES) {
          release();
          break;
        }
        analysing.push(this.index(file).finally(release));
      }
      await Promise.all(analysing);
    });
  }

  /** A file or folder was deleted (or moved away): drop it and everything below it. Returns the URIs dropped. */
  remove(path: string): string[] {
    const dropped: string[] = [];
    const below = path.endsWith(sep) ? path : path + sep;
    const gone = (p: string) => p === path || p.startsWith(below);
    for (const [uri, read] of this.reads) if (gone(read.path)) this.reads.delete(uri);
    for (const [uri, file] of this.files) {
      if (gone(file.path)) {
        this.files.delete(uri);
        dropped.push(uri);
      }
    }
    return dropped;
  }

  private track<T>(work: () => Promise<T>): Promise<T> {
    const running = work();
    this.updates.add(running);
    const untrack = () => void this.updates.delete(running);
    running.then(untrack, untrack);
    return running;
  }

  /** Waits for a free place among the files in flight, then for the foreground; the function returned frees it. */
  private async turn(): Promise<() => void> {
    while (this.free === 0) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.free--;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.free++;
      this.waiting.shift()?.();
    };
    try {
      await this.pause();
    } catch (e) {
      release();
      throw e;
    }
    return release;
  }

  private pause(): Promise<void> {
    return this.source.pause?.() ?? tick();
  }

  /**
   * Reads a file and indexes it (or drops it when it is no longer a pack or case file). Returns its URI when it is
   * one; its entry is replaced only if, once analysed, this is still the file's latest read and `stale` is false.
   */
  private async index(path: string, stale: () => boolean = () => this.stopped): Promise<string | undefined> {
    if (stale()) return undefined;
    const uri = this.source.uri(path);
    if (this.source.prepare) {
      await this.source.prepare(path);
      if (stale()) return undefined;
    }
    const found = this.source.classify(path);
    if (!found) {
      this.reads.delete(uri);
      this.files.delete(uri);
      return undefined;
    }
    const read = ++this.lastRead;
    this.reads.set(uri, { read, path });
    const digest = textDigest(found.decoded);
    const before = this.files.get(uri);
    const unchanged = before && before.kind === found.kind && before.digest === digest && this.source.textOnly(found.kind);
    const summary = unchanged ? before : await this.analyze(found.kind, found.decoded, uri);
    const latest = this.reads.get(uri)?.read === read;
    if (!latest) return this.reads.has(uri) ? uri : undefined; // read again since (that read applies), or removed
    this.reads.delete(uri);
    if (stale()) return undefined;
    const { diagnostics, symbols, assets, suppressions } = summary;
    this.files.set(uri, {
      uri,
      path,
      kind: found.kind,
      diagnostics,
      symbols,
      assets,
      ...(suppressions?.length ? { suppressions } : {}),
      stamp: ++this.stamp,
      digest,
    });
    return uri;
  }

  /** A file whose check throws (or whose analysis fails) is indexed with one `internal-error`: the others are indexed as usual. */
  private async analyze(kind: DocumentKind, decoded: DecodedFile, uri: string): Promise<FileSummary> {
    try {
      return await this.source.analyze(kind, decoded, uri);
    } catch (e) {
      return failedSummary(e);
    }
  }
}
