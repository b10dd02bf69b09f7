import { isRuleLevel, type RuleLevel } from "./config";

/** The `packlint` settings section, read by the server from the client's configuration (or initializationOptions). */
export interface PacklintSettings {
  /** Globs (picomatch) of challenge-pack files. */
  packGlobs: string[];
  /** Also serve other YAML files whose content looks like a pack (top-level `pack:` with `challenges:` or `input_sets:`). */
  sniffContent: boolean;
  /** Globs of Skill Testing case files (their own document kind). */
  skillCaseGlobs: string[];
  /** Milliseconds to wait after an edit before publishing diagnostics. */
  diagnosticsDebounceMs: number;
  /** Severity per rule code, or "off" (as in the project config's `rules`). */
  rules: Record<string, RuleLevel>;
}

export const DEFAULT_SETTINGS: PacklintSettings = {
  packGlobs: ["**/*.pack.yaml", "**/challenge-packs/**/*.y?(a)ml"],
  sniffContent: true,
  skillCaseGlobs: ["**/tests/skill_cases.yaml"],
  diagnosticsDebounceMs: 200,
  rules: {},
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
  const debounce = r.diagnosticsDebounceMs;
  return {
    packGlobs: strings(r.packGlobs, DEFAULT_SETTINGS.packGlobs),
    sniffContent: typeof r.sniffContent === "boolean" ? r.sniffContent : DEFAULT_SETTINGS.sniffContent,
    skillCaseGlobs: strings(r.skillCaseGlobs, DEFAULT_SETTINGS.skillCaseGlobs),
    diagnosticsDebounceMs: typeof debounce === "number" && debounce >= 0 && debounce <= 10_000 ? debounce : DEFAULT_SETTINGS.diagnosticsDebounceMs,
    rules,
  };
}
