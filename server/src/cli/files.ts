import { statSync } from "node:fs";
import { sep } from "node:path";
import { type DocumentKind, decodeYamlFile } from "../service";
import { readRegularFile } from "../workspace/regular-files";
import { walkFiles } from "../workspace/discovery";
import type { KindSource, Project, ReadFile } from "../workspace/project";
import { STDIN } from "./args";
import { UsageError } from "./usage-error";

/** A file to validate and its kind when its name (or, in a directory, its content) decides it. */
export interface FoundFile {
  path: string;
  kind?: DocumentKind;
  by?: KindSource;
  /** Standard input, which `path` stands for in messages. */
  stdin?: boolean;
  /** The file as read to find its kind by content: the check uses these bytes and does not read the file again. */
  read?: ReadFile;
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
export function expandPaths(args: string[], project: Project, stdinPath = "<stdin>"): Expansion {
  const files: FoundFile[] = [];
  const skipped: SkippedFile[] = [];
  const unreadable: SkippedFile[] = [];
  for (const arg of args) {
    if (arg === STDIN) {
      files.push({ path: stdinPath, stdin: true, ...project.kindByName(stdinPath) });
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
      files.push({ path: arg, ...project.kindByName(arg) });
      continue;
    }
    const before = files.length + unreadable.length;
    const skipDir = (path: string) => {
      const config = project.ignoredBy(path);
      if (config) skipped.push({ path: path + sep, reason: `folder ignored by ${config.path}`, folder: true });
      return !!config;
    };
    const onOther = (path: string, what: string) => {
      if (what === "folder-name") {
        if (!project.ignoredBy(path)) unreadable.push({ path: path + sep, reason: `${BAD_NAME}: nothing in it is checked`, folder: true });
        return;
      }
      if (!project.isCandidate(path)) return;
      if (what === "special") unreadable.push({ path, reason: NOT_REGULAR });
      else if (what === "file-name") unreadable.push({ path, reason: BAD_NAME });
      else skipped.push({ path, reason: "a symbolic link (never followed in a directory)" });
    };
    for (const path of walkFiles(arg, skipDir, onOther)) {
      if (!project.isCandidate(path)) continue;
      // Replaced since the folder was read (by a FIFO, say): the read says why, and opened nothing that blocks.
      const found = project.classify(path);
      if ("kind" in found) files.push({ path, kind: found.kind, by: found.by, ...(found.file ? { read: found.file } : {}) });
      else if ("skipped" in found) skipped.push({ path, reason: found.skipped });
      else unreadable.push({ path, reason: found.unreadable });
    }
    if (files.length + unreadable.length === before) throw new UsageError(`no pack files found in ${arg}`);
  }
  return { files, skipped, unreadable };
}

const NOT_REGULAR = "not a regular file (a FIFO, device or socket is never read)";
const BAD_NAME = "its name is not valid UTF-8 (rename it to check it)";

/** A YAML file's text, decoded as the reference's reader decodes it (UTF-8, or UTF-16 by its byte order mark). */
export function readText(path: string): string {
  return decodeYamlFile(readRegularFile(path)).text;
}
