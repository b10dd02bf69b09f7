import type { RuleLevel } from "../../../shared/src/config";
import { allRules, NOT_A_PACK } from "../service";

/**
 * What a run reports whatever `--select` leaves out: that a named file is no pack, that packlint failed on one.
 * They are facts about the run, not rules to choose from; a run that chose other rules must still fail on them.
 */
const ALWAYS_SELECTED = new Set([NOT_A_PACK, "internal-error"]);

/**
 * The rule levels `--select` and `--ignore` stand for (codes or prefixes of codes): every rule that no selector
 * names is off, and every rule an ignore names, which wins; applied over the config and `--rule`.
 */
export function selectionLevels(select: readonly string[] | undefined, ignore: readonly string[] | undefined): Record<string, RuleLevel> {
  const levels: Record<string, RuleLevel> = {};
  const names = (selectors: readonly string[], code: string) => selectors.some((s) => code.startsWith(s));
  for (const { code } of allRules()) {
    const unselected = select !== undefined && !names(select, code) && !ALWAYS_SELECTED.has(code);
    if (unselected || (ignore !== undefined && names(ignore, code) && code !== "internal-error")) levels[code] = "off";
  }
  return levels;
}
