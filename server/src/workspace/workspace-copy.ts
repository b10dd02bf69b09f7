import { dirname, join } from "node:path";
import { CONFIG_FILE_NAMES } from "./project-config";
import type { DirEntry, EntryKind, FileSystem } from "./file-system";

/** Where a copy gets the workspace from: in the web server, the client's `workspace.fs` (the `packlint/file` request). */
export interface CopySource {
  /** What is at `path` and below it: paths relative to it (`""` is `path` itself, `/` between names). */
  list(path: string): Promise<[string, EntryKind][]>;
  /** A regular file's bytes when it has at most `maxBytes`; undefined when it is not one, is larger or cannot be read. */
  read(path: string, maxBytes: number): Promise<Uint8Array | undefined>;
}

/** Files read while the copy is made, before anything asks: packs and case files (YAML), configs, SKILL.md. */
const READ_AHEAD = /\.ya?ml$|(^|\/)SKILL\.md$/i;

/** Reads asked of the source at once. */
const PARALLEL_READS = 8;

/** The largest file the copy reads (as ConfinedFiles reads at most this much). */
const MAX_COPY_BYTES = 50_000_000;

/**
 * The workspace folders as a file system, for a server that cannot read them itself (in a browser): their tree is
 * listed when the folders are set (`load`), packs, case files, configs and SKILL.md are read then too, other files
 * when first asked for. A file asked for and not read yet reads as unreadable, and `changed` listeners hear when it
 * arrives, so that what depends on it is checked again. Only regular files: links are not followed.
 */
export class WorkspaceCopy implements FileSystem {
  private source?: CopySource;
  private readonly kinds = new Map<string, EntryKind>();
  private readonly children = new Map<string, Set<string>>();
  /** Read files' bytes (null: could not be read). */
  private readonly contents = new Map<string, Uint8Array | null>();
  private readonly reading = new Map<string, Promise<void>>();
  private readonly listeners: (() => void)[] = [];
  private loaded = false;

  connect(source: CopySource): void {
    this.source = source;
  }

  /** Called when files asked for earlier have arrived. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Lists the roots anew and reads their packs, case files, configs and SKILL.md files. */
  async load(roots: readonly string[]): Promise<void> {
    this.kinds.clear();
    this.children.clear();
    this.contents.clear();
    for (const root of roots) await this.list(root);
    await this.readAll([...this.kinds].filter(([path, kind]) => kind === "file" && wanted(path)).map(([path]) => path));
    this.loaded = true;
  }

  ready(): boolean {
    return this.loaded;
  }

  /** Files or folders changed (created, changed, deleted): their entries and contents are fetched again. */
  async refresh(paths: readonly string[]): Promise<void> {
    for (const path of paths) {
      this.forget(path);
      await this.list(path);
    }
    await this.readAll(
      paths.flatMap((p) =>
        [...this.kinds].filter(([path, kind]) => kind === "file" && (path === p || path.startsWith(p + "/")) && wanted(path)).map(([path]) => path),
      ),
    );
  }

  /** Reads a file before it is asked for (the index reads each candidate through this first). */
  prefetch(path: string): Promise<void> {
    return this.kinds.get(path) === "file" && !this.contents.has(path) ? this.fetch(path) : Promise.resolve();
  }

  lstat(path: string): EntryKind | undefined {
    return this.kinds.get(path);
  }

  readlink(): string | undefined {
    return undefined;
  }

  realpath(path: string): string | undefined {
    return this.kinds.has(path) ? path : undefined;
  }

  readdir(path: string): DirEntry[] | undefined {
    if (this.kinds.get(path) !== "directory") return undefined;
    return [...(this.children.get(path) ?? [])].map((name) => ({ name, utf8: true, kind: this.kinds.get(join(path, name)) ?? "special" }));
  }

  readFile(path: string, maxBytes: number): Uint8Array | undefined {
    if (this.kinds.get(path) !== "file") return undefined;
    const bytes = this.contents.get(path);
    if (bytes === undefined) {
      void this.fetch(path).then(() => this.listeners.forEach((l) => l()));
      return undefined;
    }
    return bytes && bytes.length <= maxBytes ? bytes : undefined;
  }

  private async list(path: string): Promise<void> {
    if (!this.source) return;
    let entries: [string, EntryKind][];
    try {
      entries = await this.source.list(path);
    } catch {
      return;
    }
    for (const [rel, kind] of entries) this.add(rel ? join(path, rel) : path, kind);
  }

  private add(path: string, kind: EntryKind): void {
    this.kinds.set(path, kind);
    const parent = dirname(path);
    if (parent === path) return;
    const names = this.children.get(parent) ?? new Set<string>();
    names.add(path.slice(parent.length).replace(/^\//, ""));
    this.children.set(parent, names);
  }

  private forget(path: string): void {
    for (const p of [...this.kinds.keys()]) {
      if (p === path || p.startsWith(path + "/")) {
        this.kinds.delete(p);
        this.children.delete(p);
        this.contents.delete(p);
      }
    }
    this.children.get(dirname(path))?.delete(path.slice(dirname(path).length).replace(/^\//, ""));
  }

  private fetch(path: string): Promise<void> {
    let reading = this.reading.get(path);
    if (!reading) {
      const source = this.source;
      reading = (source ? source.read(path, MAX_COPY_BYTES).catch(() => undefined) : Promise.resolve(undefined)).then((bytes) => {
        this.reading.delete(path);
        if (this.kinds.get(path) === "file") this.contents.set(path, bytes ?? null);
      });
      this.reading.set(path, reading);
    }
    return reading;
  }

  private async readAll(paths: readonly string[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < paths.length) await this.fetch(paths[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, paths.length) }, worker));
  }
}

function wanted(path: string): boolean {
  return READ_AHEAD.test(path) || CONFIG_FILE_NAMES.some((name) => path.endsWith("/" + name));
}
