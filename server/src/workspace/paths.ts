import { isAbsolute, relative, resolve, sep } from "node:path";

/** Whether `path` is `root` or lies below it (both absolute and normalized; a lexical test). */
export function within(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** A path as CI tools want it: relative to `cwd` (the repository root in CI; the workspace folder in the editor), with `/`. */
export function workspacePath(path: string, cwd: string): string {
  const rel = relative(cwd, resolve(cwd, path));
  const inside = rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
  return (inside ? rel : resolve(cwd, path)).split(sep).join("/");
}
