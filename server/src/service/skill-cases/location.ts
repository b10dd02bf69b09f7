import { basename, dirname, join } from "node:path";
import { parseDocument } from "yaml";
import { diskPath } from "../util/disk-uris";
import type { SkillHost } from "./host";

/** Where a case file lives: the Skill directory (the folder above `tests/`) and its `SKILL.md` name, when known. */
export interface SkillLocation {
  /** The case file's path on disk; undefined for untitled documents. */
  casesPath?: string;
  skillDir?: string;
  skillMdPath?: string;
  /** `name:` from SKILL.md's front matter, when SKILL.md exists and has one. */
  skillMdName?: string;
}

export function locate(uri: string, host: SkillHost): SkillLocation {
  const casesPath = fsPath(uri);
  if (!casesPath) return {};
  const skillDir = skillDirOf(casesPath);
  const skillMdPath = join(skillDir, "SKILL.md");
  const md = host.readFile(skillMdPath);
  return { casesPath, skillDir, skillMdPath: md === undefined ? undefined : skillMdPath, skillMdName: md === undefined ? undefined : frontMatterName(md) };
}

/** The Skill directory of a case file: the folder above `tests/` (or the file's own folder). */
export function skillDirOf(casesPath: string): string {
  const dir = dirname(casesPath);
  return basename(dir) === "tests" ? dirname(dir) : dir;
}

function fsPath(uri: string): string | undefined {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(uri) || /^[a-z]:[\\/]/i.test(uri)) return uri; // a plain path
  return diskPath(uri);
}

/** The `name:` of a Markdown file's YAML front matter (between the leading `---` lines). */
export function frontMatterName(md: string): string | undefined {
  const m = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(\r?\n|$)/.exec(md);
  if (!m) return undefined;
  try {
    const fm = parseDocument(m[1], { schema: "failsafe" }).toJS() as unknown;
    const name = fm && typeof fm === "object" ? (fm as Record<string, unknown>).name : undefined;
    return typeof name === "string" && name.trim() ? name.trim() : undefined;
  } catch {
    return undefined;
  }
}
