import { statSync } from "node:fs";
import { basename } from "node:path";
import { looksLikePack } from "../service";
import { decodeYamlFile, type DecodedFile } from "../service/model/encoding";
import { MAX_CHECKED_LENGTH } from "../service/model/limits";
import { configGlobs, PACK_FILE_NAME, walkFiles, YAML_FILE } from "../workspace/discovery";
import type { ConfigResolver } from "./config-files";
import { readRegularFile } from "./read-files";
import { UsageError } from "./usage-error";

/**
 * Expands the CLI's arguments: files as given (always validated); directories to every pack below them,
 * in a stable (sorted) order. In a directory, a file is a pack when a config's `packs` glob matches it,
 * when it is named *.pack.yaml / *.pack.yml, or when it is YAML that looks like a pack; a config's
 * `ignore` globs skip files and folders.
 */
export function expandPaths(args: string[], configs: ConfigResolver): string[] {
  const out: string[] = [];
  for (const arg of args) {
    let st;
    try {
      st = statSync(arg);
    } catch {
      throw new UsageError(`cannot read ${arg}: no such file or directory`);
    }
    if (!st.isDirectory()) {
      if (!st.isFile()) throw new UsageError(`cannot read ${arg}: not a regular file (a FIFO, device or socket is never read)`);
      out.push(arg);
      continue;
    }
    const before = out.length;
    const ignored = (path: string) => {
      const scope = configs.forFile(path);
      return !!scope && configGlobs(scope).ignored(path);
    };
    for (const path of walkFiles(arg, ignored)) {
      const scope = configs.forFile(path);
      const globs = scope && configGlobs(scope);
      if (globs?.ignored(path)) continue;
      if (globs?.pack(path)) out.push(path);
      else if (YAML_FILE.test(path) && (PACK_FILE_NAME.test(basename(path)) || sniffed(path))) out.push(path);
    }
    if (out.length === before) throw new UsageError(`no pack files found in ${arg}`);
  }
  return out;
}

/** A YAML file a directory run takes for a pack by its content; a large one is not read to find out (name it to check it). */
function sniffed(path: string): boolean {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    return false; // gone since the walk
  }
  return size <= MAX_CHECKED_LENGTH && looksLikePack(readText(path));
}

/** A YAML file's text, decoded as the reference's reader decodes it (UTF-8, or UTF-16 by its byte order mark). */
export function readText(path: string): string {
  return readYamlFile(path).text;
}

/** A YAML file decoded, with the first byte that does not decode (see decodeYamlFile). */
export function readYamlFile(path: string): DecodedFile {
  return decodeYamlFile(readRegularFile(path));
}
