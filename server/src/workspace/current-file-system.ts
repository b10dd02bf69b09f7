import type { FileSystem } from "./file-system";
import { platformFileSystem } from "./platform-file-system";

let installed: FileSystem = platformFileSystem;

/** The file system everything reads through. */
export function fileSystem(): FileSystem {
  return installed;
}

/** Replaces it (the web server's copy of the workspace; tests). Returns the one it replaced. */
export function useFileSystem(fs: FileSystem): FileSystem {
  const before = installed;
  installed = fs;
  return before;
}
