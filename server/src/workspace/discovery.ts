import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import picomatch from "picomatch";
import type { PacklintConfig } from "../../../shared/src/config";

/** Folders never searched: dependencies and build output (and every dot-folder). */
const SKIP_DIRS = new Set(["node_modules", "out", "dist"]);

/** YAML by name: the only files content sniffing looks into. */
export const YAML_FILE = /\.ya?ml$/i;

export function isSkippedDir(name: string): boolean {
  return SKIP_DIRS.has(name) || name.startsWith(".");
}

/** What a walk met and did not yield: a symbolic link, a FIFO/socket/device, or an entry whose name is not UTF-8. */
export type OtherEntry = "link" | "special" | "file-name" | "folder-name";

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Every regular file below `dir`, in a stable (sorted) order, depth first. Symbolic links are never followed
 * (neither to files nor to folders), so a walk stays inside the folder it was given. Unreadable folders are
 * skipped; `skipDir` leaves out more folders (absolute paths). `onOther` hears of each entry that is neither
 * a regular file nor a folder (a symbolic link, FIFO, socket or device), and of each file or folder whose name is
 * not valid UTF-8 (a string path cannot name it: it is shown with U+FFFD), none of which is yielded or entered.
 */
export function* walkFiles(
  dir: string,
  skipDir: (path: string) => boolean = () => false,
  onOther?: (path: string, what: OtherEntry) => void,
): Generator<string> {
  let raw;
  try {
    raw = readdirSync(dir, { withFileTypes: true, encoding: "buffer" });
  } catch {
    return;
  }
  const entries = raw.map((entry) => {
    let name: string | undefined;
    try {
      name = UTF8.decode(entry.name);
    } catch {
      name = undefined;
    }
    return { entry, name, shown: name ?? entry.name.toString("utf8") };
  });
  entries.sort((a, b) => (a.shown < b.shown ? -1 : a.shown > b.shown ? 1 : 0));
  for (const { entry, name, shown } of entries) {
    const path = join(dir, shown);
    if (name === undefined) {
      if (!(entry.isDirectory() && isSkippedDir(shown))) onOther?.(path, entry.isDirectory() ? "folder-name" : "file-name");
    } else if (entry.isDirectory()) {
      if (!isSkippedDir(name) && !skipDir(path)) yield* walkFiles(path, skipDir, onOther);
    } else if (entry.isFile()) yield path;
    else onOther?.(path, entry.isSymbolicLink() ? "link" : "special");
  }
}

/** A project config and the folder its globs are relative to. */
export interface ConfigScope {
  dir: string;
  config: PacklintConfig;
}

export interface ConfigGlobs {
  /** A config `packs` glob matches the file (absolute path). */
  pack(path: string): boolean;
  /** A config `ignore` glob matches the file or folder (absolute path). */
  ignored(path: string): boolean;
}

const globCache = new WeakMap<ConfigScope, ConfigGlobs>();

/** The matchers of a config's `packs` and `ignore` globs, each relative to the config's folder. */
export function configGlobs(scope: ConfigScope): ConfigGlobs {
  let globs = globCache.get(scope);
  if (globs) return globs;
  const match = (list: string[] | undefined) => {
    if (!list?.length) return () => false;
    try {
      const m = picomatch(list, { dot: true });
      return (path: string) => {
        const rel = relative(scope.dir, path).split(sep).join("/");
        return rel !== "" && !rel.startsWith("../") && rel !== ".." && m(rel);
      };
    } catch {
      return () => false; // a malformed glob matches nothing
    }
  };
  const pack = match(scope.config.packs);
  const ignored = match(scope.config.ignore);
  globs = { pack, ignored };
  globCache.set(scope, globs);
  return globs;
}
