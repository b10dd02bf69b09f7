/**
 * packlint's project configuration, shared by the CLI and the editor: `.packlintrc.json`, or the
 * `packlint` key of package.json, found from a pack's folder upward. Pure data and validation, no I/O.
 */

export type RuleLevel = "off" | "error" | "warning" | "information" | "hint";

export const RULE_LEVELS: readonly RuleLevel[] = ["off", "error", "warning", "information", "hint"];

export interface PacklintConfig {
  /** Severity per diagnostic code (a catalog rule id or one of ours), or "off". */
  rules?: Record<string, RuleLevel>;
  /** Globs (relative to the config's folder) of files that are packs even when their content does not look like one. */
  packs?: string[];
  /** Globs (relative to the config's folder) of files and folders a directory run skips. */
  ignore?: string[];
  /** This config does not extend the configs of the folders above it. */
  root?: boolean;
  /** A config file (relative to this config's folder) this one extends: its settings apply first, this one's over them. */
  extends?: string;
  /** Where rule links lead (SARIF helpUri, the editor's code links): `<docsBaseUrl><code>.md`, e.g. a team's hosted copy of docs/rules/. */
  docsBaseUrl?: string;
}

export const CONFIG_FILE_NAME = ".packlintrc.json";
export const PACKAGE_JSON_KEY = "packlint";

export interface ConfigCheck {
  config: PacklintConfig;
  /** One line per problem, each naming the offending key (e.g. `rules.unknown-key: must be one of …`). */
  problems: string[];
}

/** The keys a config may have; `$schema` names the JSON Schema editors check it against, and is otherwise not read. */
const KEYS = ["$schema", "rules", "packs", "ignore", "root", "extends", "docsBaseUrl"];

/** Checks a parsed config value; keeps what is well-formed and lists what is not. */
export function checkConfig(raw: unknown): ConfigCheck {
  const problems: string[] = [];
  const config: PacklintConfig = {};
  if (!isObject(raw)) return { config, problems: ["must be a JSON object"] };
  // Keys are read as own properties only: a key named like something of Object.prototype is unknown like any other.
  const fields = new Map(Object.entries(raw));
  for (const key of fields.keys()) {
    if (!KEYS.includes(key)) problems.push(`${key}: unknown key (known: ${KEYS.join(", ")})`);
  }
  const [schema, root, base, rules] = ["$schema", "root", "extends", "rules"].map((k) => fields.get(k));
  if (schema !== undefined && typeof schema !== "string") problems.push("$schema: must be a string (the URL or path of packlintrc.schema.json)");
  if (root !== undefined) {
    if (typeof root !== "boolean") problems.push("root: must be true or false");
    else config.root = root;
  }
  if (base !== undefined) {
    if (typeof base !== "string" || base.trim() === "") problems.push("extends: must be the relative path of a config file, such as ../base.packlintrc.json");
    else config.extends = base;
  }
  if (rules !== undefined) {
    if (!isObject(rules)) problems.push("rules: must be an object of code → level");
    else {
      const levels: Record<string, RuleLevel> = {};
      for (const [code, level] of Object.entries(rules)) {
        // An own property whatever the code: `rules.__proto__ = …` would set the prototype and vanish unchecked.
        if (isRuleLevel(level)) Object.defineProperty(levels, code, { value: level, enumerable: true, writable: true, configurable: true });
        else problems.push(`rules.${code}: must be one of ${RULE_LEVELS.join(", ")} (got ${JSON.stringify(level)})`);
      }
      config.rules = levels;
    }
  }
  for (const key of ["packs", "ignore"] as const) {
    const v = fields.get(key);
    if (v === undefined) continue;
    if (!Array.isArray(v) || !v.every((g) => typeof g === "string" && g.trim() !== "")) {
      problems.push(`${key}: must be a list of non-empty glob strings`);
    } else config[key] = v;
  }
  const docsBaseUrl = fields.get("docsBaseUrl");
  if (docsBaseUrl !== undefined) {
    const url = docsBase(docsBaseUrl);
    if (url) config.docsBaseUrl = url;
    else problems.push(`docsBaseUrl: must be an absolute URL such as https://example.com/packlint/rules/ (got ${JSON.stringify(docsBaseUrl)})`);
  }
  return { config, problems };
}

export function isRuleLevel(v: unknown): v is RuleLevel {
  return typeof v === "string" && (RULE_LEVELS as readonly string[]).includes(v);
}

/** An absolute URL (`https:`, `file:`, …), with the trailing slash pages are appended to; anything else: "". */
export function docsBase(v: unknown): string {
  if (typeof v !== "string" || !/^[a-z][a-z0-9+.-]*:\S+$/i.test(v.trim())) return "";
  return v.trim().replace(/\/?$/, "/");
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
