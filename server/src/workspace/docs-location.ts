import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Where the docs/rules/ pages shipped with packlint are, from the running code's own folder `dir`: beside the
 * bundled server in the VS Code extension (dist/ → dist/docs/rules), one folder up from the npm package's bundles
 * (lib/ → docs/rules, a devDependency or a global install alike), or at the repository root for the compiled
 * sources (out/server/src/workspace/). The first that holds the pages wins; none: the npm package's place.
 */
export function rulesDocsFolder(dir = __dirname): string {
  const candidates = [join(dir, "docs", "rules"), join(dir, "..", "docs", "rules"), join(dir, "..", "..", "..", "..", "docs", "rules")];
  return candidates.find((c) => existsSync(join(c, "README.md"))) ?? candidates[1];
}

/** The file: URL of those pages (ending in `/`), the default target of the diagnostics' links. */
export function packagedRulesDocs(dir = __dirname): string {
  return pathToFileURL(rulesDocsFolder(dir)).href + "/";
}
