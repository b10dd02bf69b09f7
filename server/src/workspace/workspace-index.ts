import { createHash } from "node:crypto";
import { sep } from "node:path";
import type { DocumentKind } from "../../../shared/src";
import type { DecodedFile } from "../service/model/encoding";
import { walkFiles } from "./discovery";
import { failedSummary, type FileSummary } from "./file-check";

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
  analyze(kind: DocumentKind, decoded: DecodedFile, uri: string): FileSummary;
  /** Whether a file's summary depends on its text alone (then an unchanged text is not analysed again). */
  textOnly(kind: DocumentKind): boolean;
  /** Resolves when the build may go on to its next file (the server's foreground is idle); by default at once. */
  pause?(): Promise<void>;
  /** Files a build analyses before the others (those open in the editor). */
  first?(uri: string): boolean;
}

export interface BuildProgress {
  /** Called once the files to look at are known, then after each one. */
  (done: number, total: number): void;
}

/** Lets other work (requests, notifications) run between steps of a long job. */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Every pack and case file below the workspace folders. Built in the background (`build`, in slices of one
 * file that wait for `pause` between them; a newer build supersedes a running one, `stop` ends it) and kept
 * current file by file (`update`, `remove`, `addFolder`, as file watching reports changes). Requests that need
 * it complete `await ready()`.
 */
export class WorkspaceIndex {
  private readonly files = new Map<string, IndexedFile & { stamp: number; digest: string }>();
  private stamp = 0;
  private generation = 0;
  private running: Promise<void> = Promise.resolve();

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

  /** Resolves once the latest build has finished (or was superseded by one that has), or once `cancelled` is. */
  async ready(cancelled?: { isCancellationRequested: boolean; onCancellationRequested(listener: () => void): { dispose(): void } }): Promise<void> {
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const listening = cancelled?.onCancellationRequested(stop);
    try {
      let current;
      do {
        current = this.running;
        await Promise.race([current, stopped]);
      } while (current !== this.running && !cancelled?.isCancellationRequested);
    } finally {
      listening?.dispose();
    }
  }

  /** Ends a running build where it is (the server shuts down). */
  stop(): void {
    this.generation++;
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
      for (let i = 0; i < paths.length; i++) {
        await this.pause();
        if (superseded()) return;
        if (this.files.size < MAX_FILES || this.files.has(this.source.uri(paths[i]))) {
          const uri = this.index(paths[i]);
          if (uri) seen.add(uri);
        }
        progress(i + 1, paths.length);
      }
      if (superseded()) return;
      for (const [uri, file] of this.files) if (file.stamp <= startedAt && !seen.has(uri)) this.files.delete(uri);
    })();
    return this.running;
  }

  private pause(): Promise<void> {
    return this.source.pause?.() ?? tick();
  }

  /** A file was created or changed: (re)index it, or drop it when it is no longer a pack or case file. */
  update(path: string): IndexedFile | undefined {
    const uri = this.index(path);
    if (!uri) this.files.delete(this.source.uri(path));
    return uri ? this.files.get(uri) : undefined;
  }

  /** A folder appeared (created, moved in): index what is below it. */
  addFolder(path: string): void {
    for (const file of walkFiles(path, (dir) => this.source.skipDir(dir))) {
      if (this.files.size >= MAX_FILES) return;
      this.index(file);
    }
  }

  /** A file or folder was deleted (or moved away): drop it and everything below it. Returns the URIs dropped. */
  remove(path: string): string[] {
    const dropped: string[] = [];
    const below = path.endsWith(sep) ? path : path + sep;
    for (const [uri, file] of this.files) {
      if (file.path === path || file.path.startsWith(below)) {
        this.files.delete(uri);
        dropped.push(uri);
      }
    }
    return dropped;
  }

  private index(path: string): string | undefined {
    const found = this.source.classify(path);
    if (!found) return undefined;
    const uri = this.source.uri(path);
    const digest = createHash("sha1")
      .update(found.decoded.text)
      .update(found.decoded.problem?.message ?? "")
      .digest("base64");
    const before = this.files.get(uri);
    const unchanged = before && before.kind === found.kind && before.digest === digest && this.source.textOnly(found.kind);
    const summary = unchanged ? before : this.analyze(found.kind, found.decoded, uri);
    const { diagnostics, symbols, assets } = summary;
    this.files.set(uri, { uri, path, kind: found.kind, diagnostics, symbols, assets, stamp: ++this.stamp, digest });
    return uri;
  }

  /** A file whose check throws is indexed with one `internal-error` diagnostic: the other files are indexed as usual. */
  private analyze(kind: DocumentKind, decoded: DecodedFile, uri: string): FileSummary {
    try {
      return this.source.analyze(kind, decoded, uri);
    } catch (e) {
      return failedSummary(e);
    }
  }
}
