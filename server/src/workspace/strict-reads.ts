import { lstatSync, statSync } from "node:fs";

export { NotReadable, readRegularFileWithId } from "./regular-files";

/**
 * The CLI's strict reads of a Project (its files named or found on disk, its configs anywhere above them), in Node.
 * A browser has no disk to read strictly: the server's Project there is lenient and reads its copy of the workspace
 * (strict-reads.browser.ts).
 */

/** A file's size, following links; undefined when it cannot be read. */
export function fileSize(path: string): number | undefined {
  try {
    return statSync(path).size;
  } catch {
    return undefined;
  }
}

/** Whether a path is a symbolic link; undefined when nothing is there. */
export function isSymbolicLink(path: string): boolean | undefined {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return undefined;
  }
}
