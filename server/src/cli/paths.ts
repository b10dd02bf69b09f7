import { isAbsolute, relative, resolve, sep } from "node:path";

/** A path as CI tools want it: relative to the working directory (the repository root in CI), with `/`. */
export function workspacePath(path: string, cwd: string): string {
  const rel = relative(cwd, resolve(cwd, path));
  const inside = rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
  return (inside ? rel : resolve(cwd, path)).split(sep).join("/");
}
