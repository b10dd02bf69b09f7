import type { FileSystem } from "./file-system";
import { platformFileSystem } from "./platform-file-system";

/** Undefined: the platform's. Read at each call, not when this module loads: the web build's copy may load later. */
let installed: FileSystem | undefined;

/** The file system everything reads through. */
export function fileSystem(): FileSystem {
  return installed ?? platformFileSystem;
}

/** Replaces it (the web server's copy of the workspace; tests). Returns the one it replaced. */
export function useFileSystem(fs: FileSystem): FileSystem {
  const before = fileSystem();
  installed = fs;
  return before;
}
