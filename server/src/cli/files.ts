import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { looksLikePack } from "../service";

const SKIP_DIRS = new Set(["node_modules", ".git", "out", "dist"]);

/** A usage problem the CLI reports with exit code 2. */
export class UsageError extends Error {}

/** Expands the CLI's arguments: files as given; directories to every pack YAML below them. */
export function expandPaths(args: string[]): string[] {
  const out: string[] = [];
  for (const arg of args) {
    let st;
    try {
      st = statSync(arg);
    } catch {
      throw new UsageError(`cannot read ${arg}: no such file or directory`);
    }
    if (st.isDirectory()) walk(arg, out);
    else out.push(arg);
  }
  return out;
}

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith(".")) walk(path, out);
    } else if (entry.isFile() && /\.ya?ml$/i.test(entry.name)) {
      if (/\.pack\.ya?ml$|^skill_cases\.ya?ml$/i.test(entry.name) || looksLikePack(readFileSync(path, "utf8"))) out.push(path);
    }
  }
}

export function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    throw new UsageError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code === "EISDIR" ? "is a directory" : (e as Error).message}`);
  }
}
