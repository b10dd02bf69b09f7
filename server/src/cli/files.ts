import { statSync } from "node:fs";
import { resolve, sep } from "node:path";
import { DEFAULT_SETTINGS } from "../../../shared/src/settings";
import type { DocumentKind } from "../service/languages";
import { decodeYamlFile } from "../service/model/encoding";
import { MAX_CHECKED_LENGTH } from "../service/model/limits";
import { configGlobs, walkFiles, YAML_FILE } from "../workspace/discovery";
import { FileKinds } from "../workspace/file-kinds";
import type { ConfigResolver } from "./config-files";
import { readRegularFile } from "./read-files";
import { UsageError } from "./usage-error";

/** A file to validate and its kind when its name (or, in a directory, its content) decides it. */
export interface FoundFile {
  path: string;
  kind?: DocumentKind;
}

/**
 * Expands the CLI's arguments: files as given (always validated); directories to every pack and case file
 * below them, in a stable (sorted) order. Which files those are is the editor's rule with its default
 * settings (FileKinds); a config's `ignore` globs skip files and folders.
 */
export function expandPaths(args: string[], configs: ConfigResolver): FoundFile[] {
  const kinds = cliKinds(configs);
  const out: FoundFile[] = [];
  for (const arg of args) {
    let st;
    try {
      st = statSync(arg);
    } catch {
      throw new UsageError(`cannot read ${arg}: no such file or directory`);
    }
    if (!st.isDirectory()) {
      if (!st.isFile()) throw new UsageError(`cannot read ${arg}: not a regular file (a FIFO, device or socket is never read)`);
      out.push({ path: arg, kind: kindByName(kinds, arg) });
      continue;
    }
    const before = out.length;
    const ignored = (path: string) => {
      const scope = configs.forFile(path);
      return !!scope && configGlobs(scope).ignored(path);
    };
    for (const path of walkFiles(arg, ignored)) {
      if (ignored(path)) continue;
      const kind = kindByName(kinds, path) ?? (YAML_FILE.test(path) ? sniffed(kinds, path) : undefined);
      if (kind) out.push({ path, kind });
    }
    if (out.length === before) throw new UsageError(`no pack files found in ${arg}`);
  }
  return out;
}

/** The CLI's kinds: the editor's default globs and sniffing, and each file's config `packs` globs. */
function cliKinds(configs: ConfigResolver): FileKinds {
  return new FileKinds(DEFAULT_SETTINGS, (path) => {
    const scope = configs.forFile(path);
    return !!scope && configGlobs(scope).pack(path);
  });
}

function kindByName(kinds: FileKinds, path: string): DocumentKind | undefined {
  const file = resolve(path);
  return kinds.byName(file.split(sep).join("/"), file);
}

/** The kind of a YAML file by its content; a large one is not read to find out (name it to check it). */
function sniffed(kinds: FileKinds, path: string): DocumentKind | undefined {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    return undefined; // gone since the walk
  }
  return size <= MAX_CHECKED_LENGTH ? kinds.byContent(readText(path)) : undefined;
}

/** The kind of a file named on the command line that its name does not decide: by its content, if that tells. */
export function kindByContent(text: string): DocumentKind | undefined {
  return new FileKinds(DEFAULT_SETTINGS).byContent(text);
}

/** A YAML file's text, decoded as the reference's reader decodes it (UTF-8, or UTF-16 by its byte order mark). */
export function readText(path: string): string {
  return decodeYamlFile(readRegularFile(path)).text;
}

