import { statSync } from "node:fs";
import { resolve, sep } from "node:path";
import { DEFAULT_SETTINGS } from "../../../shared/src/settings";
import { type DocumentKind, decodeYamlFile, MAX_CHECKED_LENGTH } from "../service";
import { configGlobs, walkFiles, YAML_FILE } from "../workspace/discovery";
import { FileKinds } from "../workspace/file-kinds";
import { STDIN } from "./args";
import type { ConfigResolver } from "./config-files";
import { readRegularFile } from "./read-files";
import { UsageError } from "./usage-error";

/** How a file's kind was decided: its name (the editor's globs), a config's `packs` globs, or its content. */
export type KindSource = "name" | "config" | "content";

/** A file to validate and its kind when its name (or, in a directory, its content) decides it. */
export interface FoundFile {
  path: string;
  kind?: DocumentKind;
  by?: KindSource;
  /** Standard input, which `path` stands for in messages. */
  stdin?: boolean;
}

/** A file (or folder) a directory run met and did not check, and why. */
export interface SkippedFile {
  path: string;
  reason: string;
  /** A whole folder left out (not counted among the files skipped). */
  folder?: boolean;
}

export interface Expansion {
  files: FoundFile[];
  skipped: SkippedFile[];
  /** Entries a directory run cannot read (a FIFO with a pack's name, a name that is not UTF-8): reported, then exit 2. */
  unreadable: SkippedFile[];
}

/**
 * Expands the CLI's arguments: files as given (always validated); directories to every pack and case file
 * below them, in a stable (sorted) order. Which files those are is the editor's rule with its default
 * settings (FileKinds); a config's `ignore` globs skip files and folders. The YAML files (and files a glob
 * names) that a walk leaves out are returned with the reason. `-` is standard input, shown as `stdinPath`.
 * A FIFO, socket or device named is a usage error; one met in a directory with a name that would be checked, and
 * a file or folder whose name is not UTF-8, is returned as unreadable, and the walk goes on. None is ever opened.
 */
export function expandPaths(args: string[], configs: ConfigResolver, stdinPath = "<stdin>"): Expansion {
  const kinds = cliKinds(configs);
  const files: FoundFile[] = [];
  const skipped: SkippedFile[] = [];
  const unreadable: SkippedFile[] = [];
  for (const arg of args) {
    if (arg === STDIN) {
      files.push({ path: stdinPath, stdin: true, ...kindByName(kinds, stdinPath) });
      continue;
    }
    let st;
    try {
      st = statSync(arg);
    } catch {
      throw new UsageError(`cannot read ${arg}: no such file or directory`);
    }
    if (!st.isDirectory()) {
      if (!st.isFile()) throw new UsageError(`cannot read ${arg}: ${NOT_REGULAR}`);
      files.push({ path: arg, ...kindByName(kinds, arg) });
      continue;
    }
    const before = files.length + unreadable.length;
    const ignoredBy = (path: string) => {
      const scope = configs.forFile(path);
      return scope && configGlobs(scope).ignored(path) ? scope.path : undefined;
    };
    const skipDir = (path: string) => {
      const config = ignoredBy(path);
      if (config) skipped.push({ path: path + sep, reason: `folder ignored by ${config}`, folder: true });
      return !!config;
    };
    const candidate = (path: string) => YAML_FILE.test(path) || kindByName(kinds, path).kind !== undefined;
    const onOther = (path: string, what: string) => {
      if (what === "folder-name") {
        if (!ignoredBy(path)) unreadable.push({ path: path + sep, reason: `${BAD_NAME}: nothing in it is checked`, folder: true });
        return;
      }
      if (!candidate(path)) return;
      if (what === "special") unreadable.push({ path, reason: NOT_REGULAR });
      else if (what === "file-name") unreadable.push({ path, reason: BAD_NAME });
      else skipped.push({ path, reason: "a symbolic link (never followed in a directory)" });
    };
    for (const path of walkFiles(arg, skipDir, onOther)) {
      if (!candidate(path)) continue;
      const config = ignoredBy(path);
      if (config) {
        skipped.push({ path, reason: `ignored by ${config}` });
        continue;
      }
      const named = kindByName(kinds, path);
      if (named.kind) {
        files.push({ path, ...named });
        continue;
      }
      let sniff;
      try {
        sniff = sniffed(kinds, path);
      } catch (e) {
        // Replaced since the folder was read (by a FIFO, say): readRegularFile says why, and opened nothing that blocks.
        unreadable.push({ path, reason: (e as Error).message.replace(/^cannot read .*?: /, "") });
        continue;
      }
      if (typeof sniff === "string") files.push({ path, kind: sniff, by: "content" });
      else skipped.push({ path, reason: sniff.reason });
    }
    if (files.length + unreadable.length === before) throw new UsageError(`no pack files found in ${arg}`);
  }
  return { files, skipped, unreadable };
}

const NOT_REGULAR = "not a regular file (a FIFO, device or socket is never read)";
const BAD_NAME = "its name is not valid UTF-8 (rename it to check it)";

/** The CLI's kinds: the editor's default globs and sniffing, and each file's config `packs` globs. */
function cliKinds(configs: ConfigResolver): FileKinds {
  return new FileKinds(DEFAULT_SETTINGS, (path) => {
    const scope = configs.forFile(path);
    return !!scope && configGlobs(scope).pack(path);
  });
}

function kindByName(kinds: FileKinds, path: string): { kind?: DocumentKind; by?: KindSource } {
  const file = resolve(path);
  const slashed = file.split(sep).join("/");
  const byGlob = kinds.byName(slashed);
  if (byGlob) return { kind: byGlob, by: "name" };
  const byConfig = kinds.byName(slashed, file);
  return byConfig ? { kind: byConfig, by: "config" } : {};
}

/** The kind of a YAML file by its content; a large one is not read to find out (name it to check it). */
function sniffed(kinds: FileKinds, path: string): DocumentKind | { reason: string } {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    return { reason: "gone since the folder was read" };
  }
  if (size > MAX_CHECKED_LENGTH) return { reason: `YAML of ${size} bytes, over the ${MAX_CHECKED_LENGTH} read to find its kind (name it to check it)` };
  return kinds.byContent(readText(path)) ?? { reason: "YAML, but neither a pack nor a case file by name or content" };
}

/** The kind of a file named on the command line that its name does not decide: by its content, if that tells. */
export function kindByContent(text: string): DocumentKind | undefined {
  return new FileKinds(DEFAULT_SETTINGS).byContent(text);
}

/** A YAML file's text, decoded as the reference's reader decodes it (UTF-8, or UTF-16 by its byte order mark). */
export function readText(path: string): string {
  return decodeYamlFile(readRegularFile(path)).text;
}
