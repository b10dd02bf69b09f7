import { dirname } from "node:path";
import { URI } from "vscode-uri";
import { confinedPath } from "../service/util/confine";

/**
 * Resolves asset paths as written in a pack (relative to the pack's folder) to the URIs of files that exist inside
 * the workspace folders (the pack's own folder when the client gave none). Absolute paths, paths leading out of the
 * workspace and symbolic links pointing out of it give no link, and nothing outside is touched.
 */
export function assetResolver(documentUri: string, workspaceFolders: readonly string[]): (path: string) => string | undefined {
  let dir: string | undefined;
  try {
    const uri = URI.parse(documentUri);
    if (uri.scheme === "file") dir = dirname(uri.fsPath);
  } catch {
    dir = undefined;
  }
  const roots = workspaceFolders.length ? workspaceFolders : dir ? [dir] : [];
  return (path) => {
    const file = dir ? confinedPath(dir, path, roots) : undefined;
    return file ? URI.file(file).toString() : undefined;
  };
}

/** The folders of the workspace, as file-system paths, from initialize's params (folders, else the root). */
export function workspaceFoldersOf(params: { workspaceFolders?: unknown; rootUri?: unknown; rootPath?: unknown } | null | undefined): string[] {
  const paths: string[] = [];
  const add = (uri: unknown) => {
    if (typeof uri !== "string") return;
    try {
      const u = URI.parse(uri);
      if (u.scheme === "file") paths.push(u.fsPath);
    } catch {
      // not a URI: no folder
    }
  };
  if (Array.isArray(params?.workspaceFolders)) for (const f of params!.workspaceFolders) add((f as { uri?: unknown } | null)?.uri);
  if (paths.length === 0) add(params?.rootUri);
  if (paths.length === 0 && typeof params?.rootPath === "string") paths.push(params.rootPath);
  return paths;
}
