import { join, relative, sep } from "node:path";
import picomatch from "picomatch";
import type { PacklintConfig } from "../../../shared/src/config";
import { fileSystem } from "./current-file-system";

/** Folders never searched: dependencies and build output (and every dot-folder). */
const SKIP_DIRS = new Set(["node_modules", "out", "dist"]);

/** YAML by name: the only files content sniffing looks into. */
export const YAML_FILE = /\.ya?ml$/i;

export function isSkippedDir(name: string): boolean {
  return SKIP_DIRS.has(name) || name.startsWith(".");
}

/** What a walk met and did not yield: a symbolic link, a FIFO/socket/device, or an entry whose name is not UTF-8. */
export type OtherEntry = "link" | "special" | "file-name" | "folder-name";

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
  const entries = fileSystem().readdir(dir);
  if (!entries) return;
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const { name, utf8, kind } of entries) {
    const path = join(dir, name);
    if (!utf8) {
      if (!(kind === "directory" && isSkippedDir(name))) onOther?.(path, kind === "directory" ? "folder-name" : "file-name");
    } else if (kind === "directory") {
      if (!isSkippedDir(name) && !skipDir(path)) yield* walkFiles(path, skipDir, onOther);
    } else if (kind === "file") yield path;
    else onOther?.(path, kind === "link" ? "link" : "special");
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
