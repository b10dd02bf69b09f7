import { lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync, type Dirent } from "node:fs";
import type { DirEntry, EntryKind, FileSystem } from "./file-system";

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** Node's file system (the web build replaces this module with platform-file-system.browser.ts). */
export const platformFileSystem: FileSystem = {
  lstat(path) {
    try {
      return kindOf(lstatSync(path));
    } catch {
      return undefined;
    }
  },
  readlink(path) {
    try {
      return readlinkSync(path);
    } catch {
      return undefined;
    }
  },
  realpath(path) {
    try {
      return realpathSync(path);
    } catch {
      return undefined;
    }
  },
  readdir(path) {
    try {
      return readdirSync(path, { withFileTypes: true, encoding: "buffer" }).map((entry): DirEntry => {
        try {
          return { name: UTF8.decode(entry.name), utf8: true, kind: kindOf(entry) };
        } catch {
          return { name: entry.name.toString("utf8"), utf8: false, kind: kindOf(entry) };
        }
      });
    } catch {
      return undefined;
    }
  },
  readFile(path, maxBytes) {
    try {
      if (statSync(path).size > maxBytes) return undefined;
      return readFileSync(path);
    } catch {
      return undefined;
    }
  },
};

function kindOf(st: Pick<Dirent, "isFile" | "isDirectory" | "isSymbolicLink">): EntryKind {
  return st.isSymbolicLink() ? "link" : st.isFile() ? "file" : st.isDirectory() ? "directory" : "special";
}
