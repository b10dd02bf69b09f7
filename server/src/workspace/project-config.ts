import { dirname, join, resolve } from "node:path";
import { CONFIG_FILE_NAME, PACKAGE_JSON_KEY, checkConfig, type ConfigCheck } from "../../../shared/src/config";
import { unknownRuleProblem } from "../service";
import type { ConfigScope } from "./discovery";
import { within } from "./paths";

/** A config file found in a folder: `path` names it (`…/package.json#packlint` for the key). */
export interface FoundConfig extends ConfigScope {
  path: string;
  /** The file is not JSON (a `.packlintrc.json`; a package.json that is not JSON is not ours to judge). */
  syntaxError?: string;
  /** What checkConfig found wrong; the well-formed rest is in `config`. */
  problems: string[];
}

/** The file names whose change can change a folder's config. */
export const CONFIG_FILE_NAMES = [CONFIG_FILE_NAME, "package.json"];

/** The config in one folder: `.packlintrc.json`, else a `packlint` key in package.json, else none. */
export function readConfigIn(dir: string, read: (path: string) => string | undefined): FoundConfig | undefined {
  const rc = join(dir, CONFIG_FILE_NAME);
  const rcText = read(rc);
  if (rcText !== undefined) {
    let raw: unknown;
    try {
      raw = JSON.parse(rcText);
    } catch (e) {
      return { path: rc, dir, config: {}, syntaxError: (e as Error).message, problems: [] };
    }
    return { path: rc, dir, ...checkProjectConfig(raw) };
  }
  const pkgText = read(join(dir, "package.json"));
  if (pkgText === undefined) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(pkgText);
  } catch {
    return undefined;
  }
  const value = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>)[PACKAGE_JSON_KEY] : undefined;
  return value === undefined ? undefined : { path: `${join(dir, "package.json")}#${PACKAGE_JSON_KEY}`, dir, ...checkProjectConfig(value) };
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

/**
 * The language server's project configs: the nearest config from a file's folder upward, but never above
 * the workspace folder that holds the file (nothing outside the workspace is read). A broken config is
 * reported once through `onProblem` and applies with what is well-formed in it. Cached per folder until
 * `invalidate`.
 */
export class ProjectConfigs {
  private readonly byDir = new Map<string, FoundConfig | undefined>();
  private readonly reported = new Set<string>();

  constructor(
    private readonly read: (path: string) => string | undefined,
    private readonly onProblem: (config: FoundConfig) => void = () => undefined,
    /** Each config when it is first read (again after `invalidate`). */
    private readonly onRead: (config: FoundConfig) => void = () => undefined,
  ) {}

  /** The config of a file (absolute path) inside the workspace folder `root`; none for files outside it. */
  forFile(path: string, root: string): FoundConfig | undefined {
    const dir = dirname(resolve(path));
    return within(resolve(root), dir) ? this.forDir(dir, resolve(root)) : undefined;
  }

  /** Forgets what was read (after a config file or folder changed). */
  invalidate(): void {
    this.byDir.clear();
    this.reported.clear();
  }

  private forDir(dir: string, root: string): FoundConfig | undefined {
    if (this.byDir.has(dir)) return this.byDir.get(dir);
    let found = readConfigIn(dir, this.read);
    if (!found && dir !== root) {
      const parent = dirname(dir);
      found = parent === dir ? undefined : this.forDir(parent, root);
    }
    this.byDir.set(dir, found);
    if (found && !this.reported.has(found.path)) {
      this.reported.add(found.path);
      this.onRead(found);
      if (found.syntaxError || found.problems.length) this.onProblem(found);
    }
    return found;
  }
}
