import { basename, dirname, resolve } from "node:path";
import { PACKAGE_JSON_KEY, type PacklintConfig } from "../../../shared/src/config";
import { checkProjectConfig, readConfigIn, readIfPresent, type FoundConfig } from "../workspace/project-config";
import { UsageError } from "./usage-error";

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

  constructor(explicitPath?: string) {
    if (explicitPath !== undefined) {
      const path = resolve(explicitPath);
      const text = readIfPresent(path);
      if (text === undefined) throw new UsageError(`cannot read config ${explicitPath}`);
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
    const found = readConfigIn(dir, readIfPresent);
    if (!found) return undefined;
    if (found.syntaxError !== undefined) throw new UsageError(`invalid config ${found.path}: ${found.syntaxError}`);
    return checked(found);
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
