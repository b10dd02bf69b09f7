import { join, resolve } from "node:path";

/** The repository root and the extension's folder, from this module's place in client/out/client/scripts/. */
export const ROOT = resolve(__dirname, "..", "..", "..", "..");
export const CLIENT_DIR = join(ROOT, "client");

/** Where `npm run package` writes the .vsix. */
export function vsixPath(version: string): string {
  return join(ROOT, "dist", `packlint-${version}.vsix`);
}
