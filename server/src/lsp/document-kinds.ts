import { URI } from "vscode-uri";
import { LanguageIds, type DocumentKind, type KindReason } from "../../../shared/src";
import type { FileKinds } from "../workspace/file-kinds";

/**
 * Decides which document kind (if any) the server serves for a document: by the editor's language mode,
 * then by the rule the CLI applies too (FileKinds: globs, then content).
 */
export class DocumentKinds {
  /** `files`: the kinds of the document's folder (its settings and the project's `packs` globs, Project.kindsWith). */
  constructor(private readonly files: FileKinds) {}

  kindOf(uri: string, languageId: string, text: string): DocumentKind | undefined {
    return this.classify(uri, languageId, text)?.kind;
  }

  /** The kind and why: the editor's language mode is one of ours, a glob matched the path, or (for YAML) the content. */
  classify(uri: string, languageId: string, text: string): { kind: DocumentKind; by: KindReason } | undefined {
    if (languageId === LanguageIds.pack) return { kind: "challenge-pack", by: "language" };
    if (languageId === LanguageIds.skillCases) return { kind: "skill-cases", by: "language" };
    const path = pathOf(uri);
    const byName = this.files.byName(path, fsPathOf(uri));
    if (byName) return { kind: byName, by: "glob" };
    const yamlFile = /\.ya?ml$/i.test(path) || /yaml/i.test(languageId);
    const byContent = yamlFile ? this.files.byContent(text) : undefined;
    return byContent && { kind: byContent, by: "content" };
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
