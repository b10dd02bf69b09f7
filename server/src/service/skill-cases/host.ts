import { existsSync, readFileSync } from "node:fs";

/** The file system as the case-file model sees it: the Skill's `SKILL.md` and the case inputs. Tests pass their own. */
export interface SkillHost {
  readFile(path: string): string | undefined;
  exists(path: string): boolean;
  /** Whether the host will not look at a path (outside the workspace): reported as such, not as missing. */
  outside?(path: string): boolean;
}

export const nodeHost: SkillHost = {
  readFile(path) {
    try {
      return readFileSync(path, "utf8");
    } catch {
      return undefined;
    }
  },
  exists: (path) => existsSync(path),
};

/** A host with no files: nothing exists (for untitled documents and pure tests). */
export const emptyHost: SkillHost = { readFile: () => undefined, exists: () => false };
