/** The file system as the case-file model sees it: the Skill's `SKILL.md` and the case inputs. The caller passes one (the CLI and the server: confined to their roots). */
export interface SkillHost {
  readFile(path: string): string | undefined;
  exists(path: string): boolean;
  /** Whether the host will not look at a path (outside the workspace): reported as such, not as missing. */
  outside?(path: string): boolean;
  /** The names in a folder, when the host may list it (sibling Skills); undefined otherwise. */
  listDir?(path: string): string[] | undefined;
}

/** A host with no files: nothing exists (for untitled documents and pure tests). */
export const emptyHost: SkillHost = { readFile: () => undefined, exists: () => false };
