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

/**
 * Every regular file below `dir`, in a stable (sorted) order, depth first. Symbolic links are never followed
 * (neither to files nor to folders), so a walk stays inside the folder it was given. Unreadable folders are
 * skipped; `skipDir` leaves out more folders (absolute paths). `onOther` hears of each entry that is neither
 * a regular file nor a folder (a symbolic link, FIFO, socket or device), which is never yielded.
 */
export function* walkFiles(
  dir: string,
  skipDir: (path: string) => boolean = () => false,
  onOther?: (path: string, what: "link" | "special") => void,
): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!isSkippedDir(entry.name) && !skipDir(path)) yield* walkFiles(path, skipDir, onOther);
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
