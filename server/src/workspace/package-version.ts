import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** The npm package's name (package.json "name"); the commands it installs are `packlint` and `packlint-language-server`. */
const PACKAGE_NAME = "agentclash-packlint";

/**
 * packlint's version, from the package.json above this module: the npm package's (in the source tree, its build
 * output or its bundle in lib/), or the VS Code extension's (the bundled server in its dist/).
 */
export function packageVersion(from = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; publisher?: string; version?: string };
      const ours = pkg.name === PACKAGE_NAME || (pkg.name === "packlint" && pkg.publisher === "agentclash");
      if (ours && pkg.version) return pkg.version;
    } catch {
      // not here; look further up
    }
    if (dirname(dir) === dir) return "unknown";
  }
}
