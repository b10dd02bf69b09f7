import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { URI } from "vscode-uri";
import type { DocumentKind } from "../../../shared/src";
import type { DocumentKinds } from "./document-kinds";

/** Folders never searched, as on the command line: dependencies, build output and dot-folders. */
const SKIP_DIRS = new Set(["node_modules", "out", "dist"]);

/** More files than any workspace of packs has; past it the search stops rather than stall the server. */
export const MAX_FILES = 5000;

export interface WorkspaceFile {
  uri: string;
  text: string;
  kind: DocumentKind;
}

/**
 * The packs and case files below some folders, in a stable order, by the same rules as open documents
 * (the settings' globs, then the content of other YAML files). Unreadable entries are skipped.
 */
export function findWorkspaceFiles(folders: string[], kinds: DocumentKinds, limit = MAX_FILES): WorkspaceFile[] {
  const out: WorkspaceFile[] = [];
  const seen = new Set<string>();
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch {
      return;
    }
    for (const entry of entries) {
      if (out.length >= limit) return;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith(".")) walk(path);
        continue;
      }
      if (!entry.isFile()) continue;
      const uri = URI.file(path).toString();
      if (seen.has(uri)) continue;
      seen.add(uri);
      const byName = kinds.kindOf(uri, "", "");
      if (!byName && !/\.ya?ml$/i.test(entry.name)) continue;
      let text: string;
      try {
        text = readFileSync(path, "utf8");
      } catch {
        continue;
      }
      const kind = byName ?? kinds.kindOf(uri, "yaml", text);
      if (kind) out.push({ uri, text, kind });
    }
  };
  for (const folder of folders) walk(folder);
  return out;
}
