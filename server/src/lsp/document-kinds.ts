import picomatch from "picomatch";
import { URI } from "vscode-uri";
import { looksLikePack } from "../service";
import { LanguageIds, type DocumentKind, type KindReason, type PacklintSettings } from "../../../shared/src";

/**
 * Decides which document kind (if any) the server serves for a document: by glob settings (and the project
 * config's `packs` globs, given as `projectPack`, which takes a file path), then by content.
 */
export class DocumentKinds {
  private packs: (path: string) => boolean;
  private skillCases: (path: string) => boolean;

  constructor(
    private settings: PacklintSettings,
    private readonly projectPack: (fsPath: string) => boolean = () => false,
  ) {
    this.packs = matcher(settings.packGlobs);
    this.skillCases = matcher(settings.skillCaseGlobs);
  }

  kindOf(uri: string, languageId: string, text: string): DocumentKind | undefined {
    return this.classify(uri, languageId, text)?.kind;
  }

  /** The kind and why: the editor's language mode is one of ours, a glob matched the path, or (for YAML) the content looks like a pack. */
  classify(uri: string, languageId: string, text: string): { kind: DocumentKind; by: KindReason } | undefined {
    if (languageId === LanguageIds.pack) return { kind: "challenge-pack", by: "language" };
    if (languageId === LanguageIds.skillCases) return { kind: "skill-cases", by: "language" };
    const path = pathOf(uri);
    if (this.skillCases(path)) return { kind: "skill-cases", by: "glob" };
    if (this.packs(path)) return { kind: "challenge-pack", by: "glob" };
    const file = fsPathOf(uri);
    if (file && this.projectPack(file)) return { kind: "challenge-pack", by: "glob" };
    const yamlFile = /\.ya?ml$/i.test(path) || /yaml/i.test(languageId);
    if (this.settings.sniffContent && yamlFile && looksLikePack(text)) return { kind: "challenge-pack", by: "content" };
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

/** The path a glob is matched against: the URI's path (forward slashes), whatever its scheme. */
function pathOf(uri: string): string {
  try {
    return URI.parse(uri).path;
  } catch {
    return uri;
  }
}

function fsPathOf(uri: string): string | undefined {
  try {
    const u = URI.parse(uri);
    return u.scheme === "file" ? u.fsPath : undefined;
  } catch {
    return undefined;
  }
}
