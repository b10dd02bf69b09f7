import { existsSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { ROOT, vsixPath } from "../../scripts/paths";

/**
 * What the real-editor tests drive, and where: code-server from tools/code-server (npm, pinned), Debian's Chromium
 * and Neovim. Each can be pointed elsewhere by an environment variable (PACKLINT_CODE_SERVER: the `code-server`
 * of another npm install of code-server 4.100.3, e.g. one shared by several clones). A missing tool fails the suite with what
 * is missing and how to install it: these tests are never skipped.
 */
export const SETUP_HINT =
  "run `npm run setup:editors` (Debian chromium, neovim, ripgrep and libkrb5-dev, then code-server 4.100.3 into tools/code-server), as .ci/run does";

export const CODE_SERVER_VERSION = "4.100.3";

export const tools = {
  codeServer: process.env.PACKLINT_CODE_SERVER ?? join(ROOT, "tools", "code-server", "node_modules", ".bin", "code-server"),
  chromium: process.env.PACKLINT_CHROMIUM ?? "/usr/bin/chromium",
  nvim: process.env.PACKLINT_NVIM ?? "/usr/bin/nvim",
};

/** The path of a tool, or an error naming it and the setup step. */
export function need(what: keyof typeof tools | "vsix"): string {
  const path = what === "vsix" ? packagedVsix() : tools[what];
  if (!existsSync(path)) {
    const hint = what === "vsix" ? "run `npm run package` first" : SETUP_HINT;
    throw new Error(`real-editor tests: ${what} is missing (${path}); ${hint}`);
  }
  return path;
}

export function packagedVsix(): string {
  const version = (JSON.parse(readFileSync(join(ROOT, "client", "package.json"), "utf8")) as { version: string }).version;
  return vsixPath(version);
}

/** code-server's own copy of VS Code (its built-in extensions and node modules), beside its entry point out/node/entry.js. */
export function vscodeDir(): string {
  return join(dirname(realpathSync(need("codeServer"))), "..", "..", "lib", "vscode");
}
