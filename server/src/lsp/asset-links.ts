import { statSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";
import { URI } from "vscode-uri";

/**
 * Resolves asset paths as written in a pack (relative to the pack's folder) to the URIs of files that exist.
 * Only for packs on disk; absolute paths are not followed.
 */
export function assetResolver(documentUri: string): (path: string) => string | undefined {
  let dir: string | undefined;
  try {
    const uri = URI.parse(documentUri);
    if (uri.scheme === "file") dir = dirname(uri.fsPath);
  } catch {
    dir = undefined;
  }
  return (path) => {
    if (!dir || path.includes("\0") || isAbsolute(path)) return undefined;
    const file = resolve(dir, path);
    try {
      return statSync(file).isFile() ? URI.file(file).toString() : undefined;
    } catch {
      return undefined;
    }
  };
}
