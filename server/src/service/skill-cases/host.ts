import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { confinedPath } from "../util/confine";

/** The file system as the case-file model sees it: the Skill's `SKILL.md` and the case inputs. Tests pass their own. */
export interface SkillHost {
  /** The text of `path`; with `within`, only if it and any symbolic link on the way stay inside that folder. */
  readFile(path: string, within?: string): string | undefined;
  /** Whether `path` exists; with `within`, only if it and any symbolic link on the way stay inside that folder. */
  exists(path: string, within?: string): boolean;
}

export const nodeHost: SkillHost = {
  readFile(path, within) {
    const file = within === undefined ? path : confinedPath(within, relative(within, path), [within]);
    if (file === undefined) return undefined;
    try {
      return readFileSync(file, "utf8");
    } catch {
      return undefined;
    }
  },
  exists: (path, within) => (within === undefined ? existsSync(path) : confinedPath(within, relative(within, path), [within], "any") !== undefined),
};

/** A host with no files: nothing exists (for untitled documents and pure tests). */
export const emptyHost: SkillHost = { readFile: () => undefined, exists: () => false };
