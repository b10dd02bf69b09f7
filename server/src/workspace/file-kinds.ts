import picomatch from "picomatch";
import { looksLikePack, type DocumentKind, looksLikeSkillCases } from "../service";
import type { PacklintSettings } from "../../../shared/src";

/** The settings that decide kinds; the CLI uses their defaults. */
export type KindSettings = Pick<PacklintSettings, "packGlobs" | "skillCaseGlobs" | "sniffContent">;

/**
 * Which files are challenge packs and which are Skill Testing case files: one rule for the CLI and the editor.
 * By name first: the case-file globs, then the pack globs, then a project config's `packs` globs (given as
 * `projectPack`, which takes a file path). Else, for YAML, by content: two of the top-level keys `pack:`, `version:`,
 * `challenges:` and `input_sets:` make a pack (however the root mapping is written: `looksLikePack`), a top-level `skill:`
 * with `cases:` a case file (unless sniffing is off).
 */
export class FileKinds {
  private readonly packs: (path: string) => boolean;
  private readonly skillCases: (path: string) => boolean;

  constructor(
    private readonly settings: KindSettings,
    private readonly projectPack: (fsPath: string) => boolean = () => false,
  ) {
    this.packs = matcher(settings.packGlobs);
    this.skillCases = matcher(settings.skillCaseGlobs);
  }

  /** The kind by name: `path` with forward slashes (a URI's path) for the globs, `fsPath` (a file on disk) for the project config's. */
  byName(path: string, fsPath?: string): DocumentKind | undefined {
    if (this.skillCases(path)) return "skill-cases";
    if (this.packs(path)) return "challenge-pack";
    if (fsPath !== undefined && this.projectPack(fsPath)) return "challenge-pack";
    return undefined;
  }

  /** The kind of a YAML file by its content. */
  byContent(text: string): DocumentKind | undefined {
    if (!this.settings.sniffContent) return undefined;
    if (looksLikePack(text)) return "challenge-pack";
    if (looksLikeSkillCases(text)) return "skill-cases";
    return undefined;
  }
}

function matcher(globs: string[]): (path: string) => boolean {
  try {
    return globs.length ? picomatch(globs, { dot: true }) : () => false;
  } catch {
    return () => false; // a malformed glob in the settings matches nothing rather than breaking the server
  }
}
