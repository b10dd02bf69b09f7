import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import picomatch from "picomatch";
import { looksLikePack } from "../service";
import type { ConfigResolver, LoadedConfig } from "./config-files";
import { UsageError } from "./usage-error";

const SKIP_DIRS = new Set(["node_modules", ".git", "out", "dist"]);

/**
 * Expands the CLI's arguments: files as given (always validated); directories to every pack below them,
 * in a stable (sorted) order. In a directory, a file is a pack when a config's `packs` glob matches it,
 * when it is named *.pack.yaml / *.pack.yml, or when it is YAML that looks like a pack; a config's
 * `ignore` globs skip it.
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
      out.push(arg);
      continue;
    }
    const before = out.length;
    walk(arg, out, new Globs(configs));
    if (out.length === before) throw new UsageError(`no pack files found in ${arg}`);
  }
  return out;
}

/** Glob matchers per config file, each relative to its config's folder. */
class Globs {
  private readonly cache = new Map<string, { packs: (p: string) => boolean; ignore: (p: string) => boolean }>();

  constructor(private readonly configs: ConfigResolver) {}

  classify(file: string): "pack" | "ignored" | "unknown" {
    const loaded = this.configs.forFile(file);
    if (!loaded) return "unknown";
    const m = this.matchers(loaded);
    const rel = relative(loaded.dir, resolve(file)).split(sep).join("/");
    if (m.ignore(rel)) return "ignored";
    return m.packs(rel) ? "pack" : "unknown";
  }

  private matchers(loaded: LoadedConfig) {
    let m = this.cache.get(loaded.path);
    if (!m) {
      const match = (globs: string[] | undefined) => (globs?.length ? picomatch(globs, { dot: true }) : () => false);
      m = { packs: match(loaded.config.packs), ignore: match(loaded.config.ignore) };
      this.cache.set(loaded.path, m);
    }
    return m;
  }
}

function walk(dir: string, out: string[], globs: Globs): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith(".")) walk(path, out, globs);
    } else if (entry.isFile()) {
      const kind = globs.classify(path);
      if (kind === "pack") out.push(path);
      else if (kind === "unknown" && /\.ya?ml$/i.test(entry.name)) {
        if (/\.pack\.ya?ml$|^skill_cases\.ya?ml$/i.test(entry.name) || looksLikePack(readText(path))) out.push(path);
      }
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
