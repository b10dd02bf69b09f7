/** Does this text look like a Skill Testing case file? A top-level `skill:` and `cases:`, and no `pack:`. */
export function looksLikeSkillCases(text: string): boolean {
  return /^skill:/m.test(text) && /^cases:/m.test(text) && !/^pack:/m.test(text);
}
