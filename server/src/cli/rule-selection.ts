import type { RuleLevel } from "../../../shared/src/config";
import { allRules, NOT_A_PACK } from "../service";

/**
 * What a run reports whatever `--select` leaves out (as ruff always reports syntax errors): that a named file is no
 * pack, that packlint failed on one, that its YAML does not parse or decode (the area `decode`), when nothing else
 * in it could be checked. A run that chose other rules must still fail on them, never call such a file valid.
 */
const ALWAYS_SELECTED = new Set([NOT_A_PACK, "internal-error", "yaml-syntax"]);

/**
 * The rule levels `--select` and `--ignore` stand for (codes or prefixes of codes): every rule that no selector
 * names is off, and every rule an ignore names, which wins; applied over the config and `--rule`.
 */
export function selectionLevels(select: readonly string[] | undefined, ignore: readonly string[] | undefined): Record<string, RuleLevel> {
  const levels: Record<string, RuleLevel> = {};
  const names = (selectors: readonly string[], code: string) => selectors.some((s) => code.startsWith(s));
  for (const { code, area } of allRules()) {
    const unselected = select !== undefined && !names(select, code) && !ALWAYS_SELECTED.has(code) && area !== "decode";
    if (unselected || (ignore !== undefined && names(ignore, code) && code !== "internal-error")) levels[code] = "off";
  }
  return levels;
}
