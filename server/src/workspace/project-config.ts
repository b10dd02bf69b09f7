import { basename, dirname, join, resolve } from "node:path";
import { CONFIG_FILE_NAME, PACKAGE_JSON_KEY, checkConfig, type ConfigCheck, type RuleLevel } from "../../../shared/src/config";
import { unknownRuleProblem } from "../service";
import { configGlobs, type ConfigScope } from "./discovery";
import { within } from "./paths";

/** A config file found in a folder: `path` names it (`…/package.json#packlint` for the key). */
export interface FoundConfig extends ConfigScope {
  path: string;
  /** The file is not JSON (a `.packlintrc.json`; a package.json that is not JSON is not ours to judge). */
  syntaxError?: string;
  /** The file is there but was not read, and why (a link leading out of the project, a FIFO, a file too large). */
  readError?: string;
  /** What checkConfig found wrong; the well-formed rest is in `config`. */
  problems: string[];
}

/** What reading a config file gives: its text, undefined when there is no such file, or why it is not read. */
export type ConfigRead = string | undefined | { refused: string };

/**
 * The configs that apply to a file, in the order they apply: the furthest first, each one's levels over those
 * before it. The nearest config extends the configs of the folders above it (unless it says `"root": true`) and
 * the file its `"extends"` names (which applies before it, after the folders above).
 */
export interface AppliedConfigs {
  files: FoundConfig[];
  /** Their rule levels merged: the later file wins. */
  rules: Record<string, RuleLevel>;
  /** The nearest config: the last of `files`. */
  nearest: FoundConfig;
}

/** Where rule links lead by the applied configs: the nearest that says (`docsBaseUrl`), else undefined. */
export function appliedDocsBaseUrl(applied: AppliedConfigs | undefined): string | undefined {
  const files = applied?.files ?? [];
  for (let i = files.length - 1; i >= 0; i--) if (files[i].config.docsBaseUrl !== undefined) return files[i].config.docsBaseUrl;
  return undefined;
}

/** The file names whose change can change a folder's config. */
export const CONFIG_FILE_NAMES = [CONFIG_FILE_NAME, "package.json"];

/** The config in one folder: `.packlintrc.json`, else a `packlint` key in package.json, else none. */
export function readConfigIn(dir: string, read: (path: string) => ConfigRead): FoundConfig | undefined {
  const rc = join(dir, CONFIG_FILE_NAME);
  const rcText = read(rc);
  if (rcText !== undefined) return configFromText(rc, rcText);
  const pkg = join(dir, "package.json");
  const pkgText = read(pkg);
  if (pkgText === undefined) return undefined;
  if (typeof pkgText !== "string") return { path: pkg, dir, config: {}, readError: pkgText.refused, problems: [] };
  return configInPackageJson(pkg, pkgText);
}

/** A config file read whole (`.packlintrc.json`, `--config FILE`, an `extends` target): a package.json's `packlint` key. */
export function configFromText(path: string, text: Exclude<ConfigRead, undefined>): FoundConfig {
  const dir = dirname(path);
  if (typeof text !== "string") return { path, dir, config: {}, readError: text.refused, problems: [] };
  if (basename(path) === "package.json") {
    return configInPackageJson(path, text) ?? { path, dir, config: {}, problems: [`no "${PACKAGE_JSON_KEY}" key`] };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { path, dir, config: {}, syntaxError: (e as Error).message, problems: [] };
  }
  return { path, dir, ...checkProjectConfig(raw) };
}

function configInPackageJson(path: string, text: string): FoundConfig | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  const fields = typeof raw === "object" && raw !== null ? new Map(Object.entries(raw)) : undefined;
  const value = fields?.get(PACKAGE_JSON_KEY);
  return value === undefined ? undefined : { path: `${path}#${PACKAGE_JSON_KEY}`, dir: dirname(path), ...checkProjectConfig(value) };
}

/** checkConfig, and rule codes packlint does not know (a typo would otherwise silently change nothing). */
export function checkProjectConfig(raw: unknown): ConfigCheck {
  const check = checkConfig(raw);
  for (const code of Object.keys(check.config.rules ?? {})) {
    const problem = unknownRuleProblem(code);
    if (problem) check.problems.push(`rules.${problem}`);
  }
  return check;
}

/** Whether a config has something wrong with it (its well-formed rest still applies where configs are lenient). */
export function hasProblems(config: FoundConfig): boolean {
  return config.syntaxError !== undefined || config.readError !== undefined || config.problems.length > 0;
}

/** Every problem of a config, one line each. */
export function configProblems(config: FoundConfig): string[] {
  return [...(config.readError !== undefined ? [config.readError] : []), ...(config.syntaxError !== undefined ? [config.syntaxError] : []), ...config.problems];
}

/** The configs' `packs` and `ignore` globs together: a file is a pack, or ignored, when one of them says so. */
export function appliedGlobs(applied: AppliedConfigs | undefined): { pack(path: string): boolean; ignoredBy(path: string): FoundConfig | undefined } {
  const files = applied?.files ?? [];
  return {
    pack: (path) => files.some((f) => configGlobs(f).pack(path)),
    ignoredBy: (path) => [...files].reverse().find((f) => configGlobs(f).ignored(path)),
  };
}

export interface ConfigSearchOptions {
  read: (path: string) => ConfigRead;
  /** Each config when it is first read (again after `invalidate`). */
  onRead?: (config: FoundConfig) => void;
  /** A config with problems, once when it is first read: it may throw (the CLI's strict search) or log and go on. */
  onProblem?: (config: FoundConfig) => void;
}

/** The most `extends` links followed from one config: a chain longer than this is a mistake, not a design. */
const MAX_EXTENDS = 16;

/**
 * The one config search, for the CLI and the language server: from a file's folder upward, every config up to
 * the first that says `"root": true` (or to `ceiling`: the workspace folder for the server; the CLI climbs to the
 * file system's root), each with the file its `extends` names. Cached per folder until `invalidate`.
 */
export class ProjectConfigs {
  private readonly byDir = new Map<string, AppliedConfigs | undefined>();
  private readonly byPath = new Map<string, FoundConfig[]>();
  private readonly reported = new Set<string>();
  /** Files named by an `extends` (present or not): a change to one changes the configs. */
  private readonly extended = new Set<string>();

  constructor(private readonly options: ConfigSearchOptions) {}

  /** Whether a file is one an `extends` of a config read so far names (its change, or its creation, changes configs). */
  isExtended(path: string): boolean {
    return this.extended.has(resolve(path));
  }

  /** The configs of a file (absolute path) found from its folder up to `ceiling` (undefined: the file system's root). */
  forFile(path: string, ceiling?: string): AppliedConfigs | undefined {
    const dir = dirname(resolve(path));
    if (ceiling !== undefined && !within(resolve(ceiling), dir)) return undefined;
    return this.forDir(dir, ceiling === undefined ? undefined : resolve(ceiling));
  }

  /** The configs a named config file stands for (`--config FILE`: in place of the search): it and what it extends. */
  named(path: string): AppliedConfigs {
    return applied(this.withBases(configFromText(path, this.options.read(path) ?? { refused: `cannot read config ${path}: no such file or directory` }), []));
  }

  /** Forgets what was read (after a config file or folder changed). */
  invalidate(): void {
    this.byDir.clear();
    this.byPath.clear();
    this.reported.clear();
    this.extended.clear();
  }

  private forDir(dir: string, ceiling: string | undefined): AppliedConfigs | undefined {
    if (this.byDir.has(dir)) return this.byDir.get(dir);
    const own = readConfigIn(dir, this.options.read);
    const parent = dirname(dir);
    const above = (!own || !own.config.root) && dir !== ceiling && parent !== dir ? this.forDir(parent, ceiling) : undefined;
    let found = above;
    if (own) {
      const files = [...(above?.files ?? []), ...this.withBases(own, [])];
      found = applied(files.filter((f, i) => files.findIndex((g) => g.path === f.path) === i));
    }
    this.byDir.set(dir, found);
    return found;
  }

  /** A config after the chain of files its `extends` names (the furthest first), each checked and reported once. */
  private withBases(config: FoundConfig, visiting: string[]): FoundConfig[] {
    const known = this.byPath.get(config.path);
    if (known) return known;
    let bases: FoundConfig[] = [];
    const target = config.config.extends;
    if (target !== undefined) {
      const path = resolve(config.dir, target);
      this.extended.add(path);
      if (visiting.includes(path) || path === config.path) config.problems.push(`extends: ${target} leads back to this config (a circle); it is not followed`);
      else if (visiting.length >= MAX_EXTENDS) config.problems.push(`extends: more than ${MAX_EXTENDS} configs extend each other; ${target} is not followed`);
      else {
        const text = this.options.read(path);
        if (text === undefined) config.problems.push(`extends: ${target} (${path}): no such file`);
        else bases = this.withBases(configFromText(path, text), [...visiting, config.path]);
      }
    }
    this.report(config);
    const chain = [...bases, config];
    this.byPath.set(config.path, chain);
    return chain;
  }

  private report(config: FoundConfig): void {
    if (this.reported.has(config.path)) return;
    this.reported.add(config.path);
    this.options.onRead?.(config);
    if (hasProblems(config)) this.options.onProblem?.(config);
  }
}

function applied(files: FoundConfig[]): AppliedConfigs {
  const rules: Record<string, RuleLevel> = {};
  for (const f of files) {
    for (const [code, level] of Object.entries(f.config.rules ?? {})) {
      Object.defineProperty(rules, code, { value: level, enumerable: true, writable: true, configurable: true });
    }
  }
  return { files, rules, nearest: files[files.length - 1] };
}
