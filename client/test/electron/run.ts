import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runTests } from "@vscode/test-electron";
import { ROOT } from "../../scripts/paths";

/**
 * `npm run test:electron`: the extension tests (client/test/suite) in VS Code desktop through @vscode/test-electron,
 * on a machine that can download VS Code (or with VSCODE_EXECUTABLE naming an installed one). The same suite runs
 * inside code-server's extension host in `npm test`; this is the desktop route for machines that have one.
 */
async function main(): Promise<number> {
  const scratch = mkdtempSync(join(tmpdir(), "packlint-electron-"));
  try {
    const workspace = join(scratch, "workspace");
    cpSync(join(ROOT, "examples"), workspace, { recursive: true });
    const results = join(scratch, "mocha-results.json");
    await runTests({
      vscodeExecutablePath: process.env.VSCODE_EXECUTABLE || undefined,
      extensionDevelopmentPath: join(ROOT, "client"),
      extensionTestsPath: join(ROOT, "client", "out", "client", "test", "suite", "index.js"),
      extensionTestsEnv: { PACKLINT_TEST_RESULTS: results },
      launchArgs: [workspace, "--disable-extensions", "--disable-workspace-trust", "--user-data-dir", join(scratch, "user-data")],
    });
    if (!existsSync(results)) throw new Error("the extension tests did not report their counts: they did not run");
    const counts = JSON.parse(readFileSync(results, "utf8")) as { tests: number; passes: number; failures: number };
    console.log(`VS Code desktop: ${counts.passes} passed, ${counts.failures} failed`);
    return counts.failures === 0 && counts.passes > 0 ? 0 : 1;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  (code) => (process.exitCode = code),
  (e: unknown) => {
    console.error(`test:electron did not run the extension tests: ${e instanceof Error ? e.message : e}`);
    process.exitCode = 1;
  },
);
