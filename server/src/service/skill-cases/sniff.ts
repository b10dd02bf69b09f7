/** Is this file a Skill Testing case file? By name (`skill_cases.yaml`), or by content: top-level `skill:` and `cases:`. */
export function looksLikeSkillCases(text: string, path = ""): boolean {
  if (/(^|[\\/])skill_cases\.ya?ml$/i.test(path)) return true;
  return /^skill:/m.test(text) && /^cases:/m.test(text) && !/^pack:/m.test(text);
}
