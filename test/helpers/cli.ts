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
  const code = await run(args, (s) => (out += s), (s) => (err += s), { stdoutIsTTY: false, stderrIsTTY: false, env: {}, ...env });
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
