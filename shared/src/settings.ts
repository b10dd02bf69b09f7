import { docsBase, isRuleLevel, type RuleLevel } from "./config";

export { docsBase };

/** The `packlint` settings section, read by the server from the client's configuration (or initializationOptions). */
export interface PacklintSettings {
  /** Globs (picomatch) of challenge-pack files. */
  packGlobs: string[];
  /** Also serve other YAML files by content: a pack (top-level `pack:` with `challenges:` or `input_sets:`) or a case file (top-level `skill:` with `cases:`). */
  sniffContent: boolean;
  /** Globs of Skill Testing case files (their own document kind). */
  skillCaseGlobs: string[];
  /** Milliseconds to wait after an edit before publishing diagnostics. */
  diagnosticsDebounceMs: number;
  /** Severity per rule code, or "off" (as in the project config's `rules`). The `unknownKeySeverity` setting lands here as `unknown-key`. */
  rules: Record<string, RuleLevel>;
  /** Packs longer than this many characters are large: code lenses and document links off, outline and folding cut. */
  largeFileChars: number;
  /** On a large pack, outline entries and folding ranges sent at most. */
  maxOutlineItems: number;
  /**
   * Where diagnostics link to their rule's page: `<docsBaseUrl><code>.md`. Empty: the docs/rules/ pages shipped
   * with packlint (a file: URL of the installed copy).
   */
  docsBaseUrl: string;
  /** Inlay hints (`packlint.inlayHints.enabled`): a case's challenge title, the value an expectation's `source` reads. */
  inlayHints: boolean;
}

/** The diagnostic code of unknown keys, which the `unknownKeySeverity` setting sets (unless `rules` names it). */
export const UNKNOWN_KEY_CODE = "unknown-key";

export const DEFAULT_SETTINGS: PacklintSettings = {
  packGlobs: ["**/*.pack.y?(a)ml", "**/challenge-packs/**/*.y?(a)ml"],
  sniffContent: true,
  skillCaseGlobs: ["**/skill_cases.y?(a)ml"],
  diagnosticsDebounceMs: 200,
  rules: {},
  largeFileChars: 2_000_000,
  maxOutlineItems: 5000,
  docsBaseUrl: "",
  inlayHints: true,
};

export const SETTINGS_SECTION = "packlint";

/** Settings from untrusted JSON: known fields of the right type win, everything else falls back to the defaults. */
export function resolveSettings(raw: unknown): PacklintSettings {
  const r = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const strings = (v: unknown, d: string[]) => (Array.isArray(v) && v.every((s) => typeof s === "string") ? (v as string[]) : d);
  const rules: Record<string, RuleLevel> = {};
  if (r.rules && typeof r.rules === "object" && !Array.isArray(r.rules)) {
    for (const [code, level] of Object.entries(r.rules as Record<string, unknown>)) if (isRuleLevel(level)) rules[code] = level;
  }
  if (isRuleLevel(r.unknownKeySeverity) && !(UNKNOWN_KEY_CODE in rules)) rules[UNKNOWN_KEY_CODE] = r.unknownKeySeverity;
  const debounce = r.diagnosticsDebounceMs;
  const inlay = r.inlayHints && typeof r.inlayHints === "object" ? (r.inlayHints as Record<string, unknown>) : undefined;
  const count = (v: unknown, d: number) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : d);
  return {
    packGlobs: strings(r.packGlobs, DEFAULT_SETTINGS.packGlobs),
    sniffContent: typeof r.sniffContent === "boolean" ? r.sniffContent : DEFAULT_SETTINGS.sniffContent,
    skillCaseGlobs: strings(r.skillCaseGlobs, DEFAULT_SETTINGS.skillCaseGlobs),
    diagnosticsDebounceMs: typeof debounce === "number" && debounce >= 0 && debounce <= 10_000 ? debounce : DEFAULT_SETTINGS.diagnosticsDebounceMs,
    rules,
    largeFileChars: count(r.largeFileChars, DEFAULT_SETTINGS.largeFileChars),
    maxOutlineItems: count(r.maxOutlineItems, DEFAULT_SETTINGS.maxOutlineItems),
    docsBaseUrl: docsBase(r.docsBaseUrl),
    inlayHints: typeof inlay?.enabled === "boolean" ? inlay.enabled : DEFAULT_SETTINGS.inlayHints,
  };
}
