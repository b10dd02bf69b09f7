import { dirname, join } from "node:path";
import type { SkillHost } from "../host";
import { frontMatterName, type SkillLocation } from "../location";
import { buildPrompt } from "../prompts";
import type { SkillCase, SkillSuite } from "../suite";

/** What the checks know besides an answer: the Skill names, and what a case gives the agent. */
export interface SuiteKnowledge {
  /** Every Skill name: the case file's (`skill.name`, `should_use`, `should_not_use`), SKILL.md's, and the sibling Skills'. */
  names: string[];
  /** Other names of those Skills, from their SKILL.md titles ("# 合同审阅 (contract-review)"): alias → name. */
  aliases: [string, string][];
  /** Every artifact the case file expects, in any case. */
  artifacts: string[];
  /**
   * The text of everything a case gives the agent: its prompt (which names the input files but does not hold them: a
   * dry-run agent reads nothing) and the Skill's SKILL.md.
   */
  known(c: SkillCase): string;
}

/** Sibling Skill folders read at most (a folder of Skills is small; a huge one costs bounded work). */
const MAX_SIBLINGS = 200;

export function suiteKnowledge(suite: SkillSuite, location: SkillLocation, host: SkillHost): SuiteKnowledge {
  const names = new Map<string, string>();
  const aliases: [string, string][] = [];
  const titled = (md: string, name: string) => {
    for (const alias of titleAliases(md)) if (alias.toLowerCase() !== name.toLowerCase()) aliases.push([alias, name]);
  };
  const add = (n: string | undefined) => {
    const name = n?.trim();
    if (name && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  };
  add(suite.skill.name);
  add(location.skillMdName);
  for (const c of suite.cases) [c.expected.skill.should_use, ...c.expected.skill.should_not_use].forEach(add);
  const dir = location.skillDir;
  if (dir && host.listDir) {
    const parent = dirname(dir);
    for (const entry of (host.listDir(parent) ?? []).slice(0, MAX_SIBLINGS)) {
      const md = host.readFile(join(parent, entry, "SKILL.md"));
      if (md === undefined) continue;
      const name = frontMatterName(md) ?? entry;
      add(name);
      titled(md, name);
    }
  }
  const skillMd = location.skillMdPath ? (host.readFile(location.skillMdPath) ?? "") : "";
  if (suite.skill.name) titled(skillMd, suite.skill.name);
  const artifacts = [
    ...new Set(
      suite.cases
        .flatMap((c) => c.expected.artifacts)
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  ];
  return {
    names: [...names.values()],
    aliases: aliases.filter(([a], i) => aliases.findIndex(([b]) => b.toLowerCase() === a.toLowerCase()) === i),
    artifacts,
    known: (c) => [buildPrompt(c), skillMd, suite.skill.description].join("\n"),
  };
}

/** The names in a SKILL.md's first heading: "# 合同审阅 (contract-review)" → 合同审阅, contract-review. */
function titleAliases(md: string): string[] {
  const title = /^#[ \t]+(.+)$/m.exec(md)?.[1]?.trim();
  if (!title) return [];
  return title
    .split(/[()（）]/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 2 && s.length <= 40);
}
