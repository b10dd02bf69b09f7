import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { run, type RunEnv } from "../../server/src/cli/packlint";

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

/** Runs the CLI in-process, not on a terminal unless the test says so, with an empty environment. */
export async function cli(args: string[], env: Partial<RunEnv> = {}): Promise<CliResult> {
  let out = "";
  let err = "";
  const code = await run(
    args,
    (s) => (out += s),
    (s) => (err += s),
    { stdoutIsTTY: false, stderrIsTTY: false, env: {}, ...env },
  );
  return { code, out, err };
}

/** A temporary folder holding these files (paths relative to it, folders created as needed), removed at exit. */
export function tempTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "packlint-test-"));
  process.on("exit", () => rmSync(root, { recursive: true, force: true }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** The file the helper packs' version asset names (`assets/policy.pdf`, relative to the pack). */
export const PACK_ASSET = "assets/policy.pdf";

/**
 * A temporary folder as tempTree, plus the asset file the helper packs name beside every `.yaml`/`.yml`
 * file, so that only the test's own problems are reported (not asset-file-missing).
 */
export function packTree(files: Record<string, string>): string {
  const withAssets: Record<string, string> = { ...files };
  for (const path of Object.keys(files)) {
    if (!/\.ya?ml$/.test(path)) continue;
    const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/") + 1) : "";
    withAssets[`${dir}${PACK_ASSET}`] ??= "%PDF-1.4\n";
  }
  return tempTree(withAssets);
}
