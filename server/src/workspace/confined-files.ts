import { dirname, isAbsolute, join, parse, relative, resolve } from "node:path";
import { fileSystem } from "./current-file-system";
import { within } from "./paths";

/** Why a path is not looked at: written as an absolute path, climbing out with `..`, or through a symbolic link that leads out. */
export type OutsideReason = "absolute" | "escapes" | "symlink";

/**
 * What is at a path, as far as the workspace lets us look. `path` is the path as written, made absolute
 * (for messages and links); `real` is where it physically is, every symbolic link resolved (for reading).
 */
export type Confined =
  | { state: "file"; path: string; real: string }
  | { state: "directory"; path: string; real: string }
  | { state: "missing"; path: string }
  | { state: "outside"; path: string; reason: OutsideReason };

interface Root {
  /** The folder as given (e.g. a workspace folder's path). */
  given: string;
  /** Its physical path (e.g. /private/tmp/ws for /tmp/ws); walks start here. */
  real: string;
}

/**
 * Files larger than this are never read: nothing in a workspace of packs is that large, and a stray dump or log
 * would cost the server its memory. VS Code itself hands extensions no document over 50 MB.
 */
export const MAX_READ_BYTES = 50_000_000;

/** Symbolic links followed in one resolution before giving up (as the OS's ELOOP limit does). */
const MAX_LINKS = 40;

/**
 * The files below some root folders (the workspace), and nothing else. A path is walked one component at a
 * time from its root, as the OS would walk it (`..` after a symbolic link goes up from the link's target),
 * with `lstat`; a symbolic link is followed only when its target lies inside a root. Nothing outside the
 * roots is ever stat'ed, read or followed.
 */
export class ConfinedFiles {
  private readonly roots: Root[] = [];

  constructor(roots: readonly string[]) {
    for (const r of roots) {
      if (!isAbsolute(r)) continue;
      const given = resolve(r);
      // A root that does not exist has nothing below it; the walk finds that.
      const real = fileSystem().realpath(given) ?? given;
      if (!this.roots.some((x) => x.given === given)) this.roots.push({ given, real });
    }
  }

  /** These roots, or the file's own folder when the file lies outside all of them (a file opened on its own). */
  forFile(path: string): ConfinedFiles {
    return this.rootOf(resolve(path)) ? this : new ConfinedFiles([dirname(resolve(path))]);
  }

  /** The innermost root that contains `path` lexically (as given or by its real name). */
  rootOf(path: string): Root | undefined {
    let best: Root | undefined;
    let bestLength = -1;
    for (const root of this.roots) {
      for (const form of [root.given, root.real]) {
        if (within(form, path) && form.length > bestLength) {
          best = root;
          bestLength = form.length;
        }
      }
    }
    return best;
  }

  /** A path as written in a file in `baseDir` (relative to it; an absolute path is refused, not looked at). */
  lookup(baseDir: string, asWritten: string): Confined {
    // The file system sees a lone surrogate as U+FFFD (Node writes paths as UTF-8), and a URI cannot carry one.
    const written = asWritten.toWellFormed();
    const path = resolve(baseDir, written);
    if (isAbsolute(written) || /^[a-zA-Z]:[\\/]|^[\\/]/.test(written)) return { state: "outside", path, reason: "absolute" };
    return this.walk(resolve(baseDir), components(written), path);
  }

  /** What is at an absolute path, without looking outside the roots. */
  resolveInside(absolute: string): Confined {
    const path = resolve(absolute);
    return this.walk(path, [], path);
  }

  /** Whether a file or folder exists at an absolute path inside the roots. */
  exists(absolute: string): boolean {
    const found = this.resolveInside(absolute).state;
    return found === "file" || found === "directory";
  }

  /** The names in a folder inside the roots, sorted; undefined when it is not one. */
  listDir(absolute: string): string[] | undefined {
    const found = this.resolveInside(absolute);
    if (found.state !== "directory") return undefined;
    return fileSystem()
      .readdir(found.real)
      ?.map((e) => e.name)
      .sort();
  }

  /** A file's text (UTF-8), when it is a file inside the roots (read at its physical path) of at most `maxBytes`. */
  readFile(absolute: string, maxBytes = MAX_READ_BYTES): string | undefined {
    const bytes = this.readBytes(absolute, maxBytes);
    return bytes && new TextDecoder().decode(bytes);
  }

  /** A file's bytes, as readFile. */
  readBytes(absolute: string, maxBytes = MAX_READ_BYTES): Uint8Array | undefined {
    const found = this.resolveInside(absolute);
    return found.state === "file" ? fileSystem().readFile(found.real, maxBytes) : undefined;
  }

  /** Walks `base` (lexically inside a root) and then `rest`, component by component, from the root's real path. */
  private walk(base: string, rest: string[], path: string): Confined {
    if (path.includes("\0")) return { state: "missing", path };
    const root = this.rootOf(base);
    if (!root) return { state: "outside", path, reason: "escapes" };
    const rootForm = within(root.given, base) ? root.given : root.real;
    const queue = [...components(relative(rootForm, base)), ...rest];
    let current = root.real;
    let links = 0;
    let dir = true;
    while (queue.length) {
      const part = queue.shift()!;
      if (!dir) return { state: "missing", path }; // a component below a file
      if (part === "..") {
        current = dirname(current); // a string operation: nothing outside is touched
        continue;
      }
      const next = join(current, part);
      if (!this.insideReal(next)) return { state: "outside", path, reason: links ? "symlink" : "escapes" };
      const kind = fileSystem().lstat(next);
      if (!kind) return { state: "missing", path };
      if (kind === "link") {
        if (++links > MAX_LINKS) return { state: "missing", path };
        const target = fileSystem().readlink(next);
        if (target === undefined) return { state: "missing", path };
        if (isAbsolute(target)) {
          const entry = this.absoluteEntry(target);
          if (!entry) return { state: "outside", path, reason: "symlink" };
          current = entry.from;
          queue.unshift(...entry.rest);
        } else queue.unshift(...components(target));
        continue;
      }
      dir = kind === "directory";
      current = next;
    }
    if (!this.insideReal(current)) return { state: "outside", path, reason: links ? "symlink" : "escapes" };
    const kind = fileSystem().lstat(current); // undefined: gone since the walk
    if (kind === "file") return { state: "file", path, real: current };
    if (kind === "directory") return { state: "directory", path, real: current };
    return { state: "missing", path };
  }

  /** Where an absolute link target enters the roots: a root whose path is a prefix of it, and the components after it. */
  private absoluteEntry(target: string): { from: string; rest: string[] } | undefined {
    const { root: fsRoot } = parse(target);
    const written = components(target.slice(fsRoot.length));
    let best: { from: string; rest: string[]; length: number } | undefined;
    for (const root of this.roots) {
      for (const form of [root.given, root.real]) {
        const prefix = components(form.slice(parse(form).root.length));
        const matches = parse(form).root === fsRoot && prefix.every((p, i) => written[i] === p);
        if (matches && (!best || prefix.length > best.length)) best = { from: root.real, rest: written.slice(prefix.length), length: prefix.length };
      }
    }
    return best && { from: best.from, rest: best.rest };
  }

  private insideReal(path: string): boolean {
    return this.roots.some((r) => within(r.real, path));
  }
}

/** The components of a path as written (either separator), without empty and `.` parts; `..` is kept. */
function components(p: string): string[] {
  return p.split(/[\\/]/).filter((c) => c !== "" && c !== ".");
}
