import picomatch from "picomatch";
import { URI } from "vscode-uri";
import { looksLikePack } from "../service";
import type { DocumentKind, PacklintSettings } from "../../../shared/src";

/** Decides which document kind (if any) the server serves for a document: by glob settings, then by content. */
export class DocumentKinds {
  private packs: (path: string) => boolean;
  private skillCases: (path: string) => boolean;

  constructor(private settings: PacklintSettings) {
    this.packs = matcher(settings.packGlobs);
    this.skillCases = matcher(settings.skillCaseGlobs);
  }

  kindOf(uri: string, languageId: string, text: string): DocumentKind | undefined {
    const path = pathOf(uri);
    if (this.skillCases(path)) return "skill-cases";
    if (this.packs(path)) return "challenge-pack";
    const yamlFile = /\.ya?ml$/i.test(path) || /yaml/i.test(languageId);
    if (this.settings.sniffContent && yamlFile && looksLikePack(text)) return "challenge-pack";
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
