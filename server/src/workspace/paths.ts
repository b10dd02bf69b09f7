import { isAbsolute, relative, sep } from "node:path";

/** Whether `path` is `root` or lies below it (both absolute and normalized; a lexical test). */
export function within(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}
