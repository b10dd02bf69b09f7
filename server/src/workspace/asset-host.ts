import { dirname, resolve } from "node:path";
import { diskUri, isLocalPath, type AssetFiles } from "../service";
import type { ConfinedFiles } from "./confined-files";

/**
 * The asset check's view of the disk for one pack file: paths relative to the pack's folder, looked up
 * only inside the workspace (`files`; the pack's own folder when the pack lies outside it). `show` prints a
 * resolved path in messages (the CLI: relative to its working directory; the server: absolute).
 */
export function assetFilesFor(files: ConfinedFiles, packPath: string, show: (path: string) => string = (p) => p): AssetFiles {
  const confined = files.forFile(packPath);
  const dir = dirname(resolve(packPath));
  const cache = new Map<string, ReturnType<AssetFiles>>();
  return (written) => {
    let found = cache.get(written);
    if (found) return found;
    if (!isLocalPath(written)) found = { state: "unchecked" };
    else {
      const at = confined.lookup(dir, written);
      if (at.state === "file") found = { state: "file", target: diskUri(at.path) };
      else if (at.state === "directory") found = { state: "directory" };
      else if (at.state === "missing") found = { state: "missing", shown: show(at.path) };
      else found = { state: "outside", reason: at.reason, shown: show(at.path) };
    }
    cache.set(written, found);
    return found;
  };
}
