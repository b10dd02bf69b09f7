import { lstatSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { PACKAGE_JSON_KEY, type PacklintConfig } from "../../../shared/src/config";
import { ConfinedFiles } from "../workspace/confined-files";
import { checkProjectConfig, readConfigIn, type FoundConfig } from "../workspace/project-config";
import { readRegularFile } from "./read-files";
import { UsageError } from "./usage-error";

/** A config larger than this is not a config: it is refused rather than read. */
export const MAX_CONFIG_BYTES = 1_000_000;

/** A config file and the folder its globs are relative to. */
export interface LoadedConfig {
  path: string;
  dir: string;
  config: PacklintConfig;
}

/**
 * Finds the config that applies to a file: `.packlintrc.json`, else a `packlint` key in package.json,
 * in the file's folder or the nearest folder above it. `--config FILE` replaces the search.
 * A broken config is a usage error: a CI run must not silently fall back to defaults.
 */
export class ConfigResolver {
  private readonly byDir = new Map<string, LoadedConfig | undefined>();
  private readonly explicit?: LoadedConfig;

  /** `roots`: the folders of the run (see assetRoots); a config found by the search may lead into them and nowhere else. */
  constructor(
    explicitPath?: string,
    private readonly roots: readonly string[] = [],
  ) {
    if (explicitPath !== undefined) {
      const path = resolve(explicitPath);
      // Named by the user: read wherever it is, but only as a regular file of config size.
      const text = readRegularFile(path, MAX_CONFIG_BYTES, "config ").toString("utf8");
      const raw = parseJson(text, path);
      const value = basename(path) === "package.json" ? (raw as Record<string, unknown> | null)?.[PACKAGE_JSON_KEY] : raw;
      if (value === undefined) throw new UsageError(`${explicitPath}: no "${PACKAGE_JSON_KEY}" key`);
      this.explicit = load(path, value);
    }
  }

  forFile(file: string): LoadedConfig | undefined {
    return this.explicit ?? this.forDir(dirname(resolve(file)));
  }

  private forDir(dir: string): LoadedConfig | undefined {
    if (this.byDir.has(dir)) return this.byDir.get(dir);
    let found = this.inDir(dir);
    if (!found) {
      const parent = dirname(dir);
      found = parent === dir ? undefined : this.forDir(parent);
    }
    this.byDir.set(dir, found);
    return found;
  }

  private inDir(dir: string): LoadedConfig | undefined {
    const found = readConfigIn(dir, (path) => this.readFound(path));
    if (!found) return undefined;
    if (found.syntaxError !== undefined) throw new UsageError(`invalid config ${found.path}: ${found.syntaxError}`);
    return checked(found);
  }

  /**
   * A config the search found, read as confined as the language server reads one: a regular file of config size,
   * inside its own folder or the run's folders (a symbolic link to /etc/passwd is not followed), never a FIFO or
   * device (which would hang the run). Absent: undefined; present but not readable so: a usage error.
   */
  private readFound(path: string): string | undefined {
    let link: boolean;
    try {
      link = lstatSync(path).isSymbolicLink();
    } catch {
      return undefined;
    }
    if (!link) return readRegularFile(path, MAX_CONFIG_BYTES, "config ").toString("utf8");
    const found = new ConfinedFiles([dirname(path), ...this.roots]).resolveInside(path);
    if (found.state === "outside") throw new UsageError(`config ${path} is a symbolic link leading outside the project; it is not read`);
    if (found.state !== "file") throw new UsageError(`config ${path} is not a regular file (a FIFO, device, socket or broken link is never read)`);
    return readRegularFile(found.real, MAX_CONFIG_BYTES, "config ").toString("utf8");
  }
}

function load(path: string, value: unknown, dir = dirname(path)): LoadedConfig {
  return checked({ path, dir, ...checkProjectConfig(value) });
}

/** A config with problems (unknown rule codes included) is a usage error: a CI run must not silently fall back. */
function checked(found: FoundConfig): LoadedConfig {
  const { problems } = found;
  if (problems.length) throw new UsageError(`invalid config ${found.path}:\n  ${problems.join("\n  ")}`);
  return { path: found.path, dir: found.dir, config: found.config };
}

function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`invalid config ${path}: ${(e as Error).message}`);
  }
}
