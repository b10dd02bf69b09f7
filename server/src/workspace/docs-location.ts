import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The file: URL of the docs/rules/ pages shipped with packlint, the default target of the diagnostics' links:
 * beside the bundled server in the VS Code extension (dist/docs/rules), at the package root when run from npm
 * (this file compiles to out/server/src/workspace/).
 */
export function packagedRulesDocs(dir = __dirname): string {
  const candidates = [join(dir, "docs", "rules"), join(dir, "..", "..", "..", "..", "docs", "rules")];
  const found = candidates.find((c) => existsSync(join(c, "README.md"))) ?? candidates[1];
  return pathToFileURL(found).href + "/";
}
