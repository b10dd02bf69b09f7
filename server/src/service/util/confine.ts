import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";

/**
 * Paths written in a document (asset paths, `inputs.files`) are relative to the document's folder. A document in
 * an untrusted workspace may point anywhere (`../../etc/passwd`, `/root/.ssh`, a symbolic link leading out):
 * nothing outside the workspace is ever read, stat'ed or followed.
 */

/** Why a written path is not one relative to its folder: absolute, or climbing out of it with `..`; undefined when it is. */
export function pathEscape(path: string): "absolute" | "outside" | undefined {
  if (/^([\\/]|[A-Za-z]:)/.test(path)) return "absolute"; // POSIX, Windows drive, UNC
  let depth = 0;
  for (const segment of path.split(/[\\/]+/)) {
    if (segment === "..") {
      if (--depth < 0) return "outside";
    } else if (segment !== "." && segment !== "") depth++;
  }
  return undefined;
}

const MAX_LINKS = 32;

function isInside(path: string, root: string): boolean {
  const r = relative(root, path);
  return r === "" || (r !== ".." && !r.startsWith(".." + sep) && !isAbsolute(r));
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * The path `written` names from folder `base`, when it exists (a file, or anything with `kind: "any"`) and both it
 * and every symbolic link met on the way lie inside one of `roots`. Each link is read and its target checked before
 * it is followed, so nothing outside the roots is touched; undefined otherwise.
 */
export function confinedPath(base: string, written: string, roots: readonly string[], kind: "file" | "any" = "file"): string | undefined {
  if (written.includes("\0") || pathEscape(written) === "absolute") return undefined;
  const allRoots = [...new Set([...roots.map((r) => resolve(r)), ...roots.map((r) => realOrSelf(resolve(r)))])];
  let target = resolve(base, written);
  for (let links = 0; links <= MAX_LINKS; links++) {
    const root = allRoots.find((r) => isInside(target, r));
    if (!root) return undefined;
    const segments = relative(root, target).split(sep).filter(Boolean);
    let current = root;
    let link: string | undefined;
    for (let i = 0; i < segments.length && link === undefined; i++) {
      const next = resolve(current, segments[i]);
      try {
        if (lstatSync(next).isSymbolicLink()) link = resolve(dirname(next), readlinkSync(next), ...segments.slice(i + 1));
        else current = next;
      } catch {
        return undefined;
      }
    }
    if (link !== undefined) {
      target = link; // checked against the roots on the next round, before anything there is touched
      continue;
    }
    try {
      return kind === "any" || lstatSync(current).isFile() ? current : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
