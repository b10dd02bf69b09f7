import { URI, Utils } from "vscode-uri";
import type { DocumentKind, KindReason } from "../../../shared/src";
import { MAX_CHECKED_LENGTH, megabytes } from "../service";
import { fsPath, type WorkspaceScopes } from "./workspace-scopes";

const KIND: Record<DocumentKind, string> = { "challenge-pack": "a challenge pack", "skill-cases": "a Skill Testing case file" };
const BY: Record<KindReason, string> = {
  language: "its language mode",
  glob: "its name (a glob of packlint.packGlobs, packlint.skillCaseGlobs or a config's `packs`)",
  content: "its content",
};
const NO_GLOB = "its name matches no glob (packlint.packGlobs, packlint.skillCaseGlobs, a config's `packs`)";

/**
 * One line for the log when a document is opened: what the server serves it as and why, or why it does not serve it
 * (the kind could not be decided, and from what), and what limits apply to it (too large, ignored by a config).
 */
export function servingNote(scopes: WorkspaceScopes, uri: string, languageId: string, text: string): string {
  const name = displayName(uri);
  const found = scopes.kindsFor(uri).classify(uri, languageId, text);
  const path = fsPath(uri);
  if (!found) {
    const yaml = /\.ya?ml$/i.test(URI.parse(uri).path) || /yaml/i.test(languageId);
    const why = !yaml
      ? `it is not YAML and ${NO_GLOB}`
      : !scopes.settingsFor(uri).sniffContent
        ? `${NO_GLOB}, and content sniffing is off (packlint.sniffContent)`
        : `${NO_GLOB}, and its content has neither a top-level \`pack:\` with \`challenges:\` or \`input_sets:\` nor a top-level \`skill:\` with \`cases:\``;
    return `not serving ${name}: ${why}`;
  }
  const notes: string[] = [];
  if (text.length > MAX_CHECKED_LENGTH)
    notes.push(`it is ${megabytes(text.length)}, over the ${megabytes(MAX_CHECKED_LENGTH)} checked in full: only its YAML syntax is checked`);
  if (path && scopes.ignored(path)) notes.push("a config's `ignore` leaves it out of workspace checks");
  if (!scopes.folderOf(uri)) notes.push("it is outside every workspace folder: nothing on disk is checked for it");
  return `serving ${name} as ${KIND[found.kind]}, by ${BY[found.by]}${notes.length ? `; ${notes.join("; ")}` : ""}`;
}

function displayName(uri: string): string {
  try {
    const u = URI.parse(uri);
    return u.scheme === "file" ? u.fsPath : u.scheme === "untitled" ? Utils.basename(u) || uri : uri;
  } catch {
    return uri;
  }
}
