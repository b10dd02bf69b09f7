import type { SkillHost } from "../service";
import type { ConfinedFiles } from "./confined-files";

/** What a case file may read (SKILL.md, its inputs, its responses): files inside the confined roots only. */
export function confinedSkillHost(files: ConfinedFiles): SkillHost {
  return {
    readFile: (p) => files.readFile(p),
    exists: (p) => files.exists(p),
    outside: (p) => files.resolveInside(p).state === "outside",
    listDir: (p) => files.listDir(p),
  };
}
