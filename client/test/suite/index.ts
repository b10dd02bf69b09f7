import { writeFileSync } from "node:fs";
import { join } from "node:path";
import Mocha from "mocha";

/**
 * The extension tests' entry point, in the shape `@vscode/test-electron` and VS Code's `extensionTestsPath` expect:
 * `run()` resolves when every test passed. When PACKLINT_TEST_RESULTS names a file, the counts are written there
 * too, so that a driver can tell a suite that ran from one that did not.
 */
export function run(): Promise<void> {
  const mocha = new Mocha({ ui: "tdd", color: false, timeout: 60_000, reporter: "spec" });
  for (const file of ["scenarios.test.js", "commands.test.js"]) mocha.addFile(join(__dirname, file));
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const out = process.env.PACKLINT_TEST_RESULTS;
      const { tests = 0, passes = 0, failures: failed = 0, pending = 0 } = runner.stats ?? {};
      if (out) writeFileSync(out, JSON.stringify({ tests, passes, failures: failed, pending }));
      if (failures > 0) reject(new Error(`${failures} extension test(s) failed`));
      else if (passes === 0) reject(new Error("no extension test ran"));
      else resolve();
    });
  });
}
