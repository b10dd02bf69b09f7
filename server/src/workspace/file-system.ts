/** What an entry of a folder is: a regular file, a folder, a symbolic link, or anything else (FIFO, socket, device). */
export type EntryKind = "file" | "directory" | "link" | "special";

export interface DirEntry {
  /** The name (with U+FFFD where its bytes are not UTF-8). */
  name: string;
  /** Whether the name's bytes are valid UTF-8 (a string path cannot name the entry otherwise). */
  utf8: boolean;
  kind: EntryKind;
}

/**
 * Everything the server and the CLI read from disk goes through this (current-file-system.ts; ConfinedFiles, the walks of discovery.ts,
 * the workspace's folder checks): Node's file system in Node (platform-file-system.ts), and in a browser a copy
 * of the workspace the client fills through `workspace.fs` (platform-file-system.browser.ts, which the web build
 * uses in its place). Synchronous: the language service reads while it builds a model. No method throws.
 */
export interface FileSystem {
  /** What is at a path, not following a symbolic link there; undefined when nothing is. */
  lstat(path: string): EntryKind | undefined;
  /** A symbolic link's target as written. */
  readlink(path: string): string | undefined;
  /** The path with every symbolic link resolved; undefined when it does not exist. */
  realpath(path: string): string | undefined;
  /** A folder's entries (in no particular order); undefined when it is not a readable folder. */
  readdir(path: string): DirEntry[] | undefined;
  /** A regular file's bytes when it has at most `maxBytes`; undefined otherwise (missing, larger, unreadable). */
  readFile(path: string, maxBytes: number): Uint8Array | undefined;
  /** A copy of the workspace (in a browser) makes itself from the folders here; Node's file system reads the disk as it is. */
  load?(roots: readonly string[]): Promise<void>;
  /** A copy is made (false until its first `load` ends); Node's file system always is (no method). */
  ready?(): boolean;
  /** A copy fetches changed files and folders again (file watching). */
  refresh?(paths: readonly string[]): Promise<void>;
  /** A copy reads a file before it is asked for. */
  prefetch?(path: string): Promise<void>;
  /** A copy tells when files asked for (and unreadable until then) have arrived. */
  onChange?(listener: () => void): void;
}
