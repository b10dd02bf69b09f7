/**
 * Does this text look like a Skill Testing case file? A top-level `skill:` and `cases:`, and no `pack:`. Byte order
 * marks before the first key (one is common from Windows editors) do not hide it.
 */
export function looksLikeSkillCases(text: string): boolean {
  return /^\uFEFF*skill:/m.test(text) && /^\uFEFF*cases:/m.test(text) && !/^\uFEFF*pack:/m.test(text);
}
