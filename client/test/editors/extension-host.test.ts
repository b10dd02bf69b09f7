import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { format } from "node:util";
import type { BrowserContext } from "playwright-core";
import { ROOT } from "../../scripts/paths";
import { launchBrowser } from "./browser";
import { CodeServer } from "./code-server";
import { RunDir } from "./run-dir";
import { need } from "./tools";

/**
 * The extension tests (client/test/suite, mocha, the `run()` shape @vscode/test-electron runs) inside code-server's
 * real Node extension host: the workbench loads the packaged extension as the extension under development and
 * `require()`s the tests, as the desktop CLI flags --extensionDevelopmentPath/--extensionTestsPath do, and reports
 * the outcome through window.codeAutomationExit.
 */

const EXPECTED_TESTS = 11; // 4 scenarios + 7 command tests; a suite that ran fewer did not run as written
const EXIT_TIMEOUT_MS = 180_000;

const run = new RunDir("extension-host");
let server: CodeServer | undefined;
let browser: { context: BrowserContext } | undefined;

after(async () => {
  await browser?.context.close();
  await server?.stop();
  run.finish();
});

test("extension tests pass in code-server's extension host, against the packaged extension", async () => {
  try {
    const workspace = run.workspace();
    // Unpack the .vsix the way VS Code installs it, into a folder of its own; code-server itself starts with none.
    const unpacked = join(run.path, "unpacked");
    await CodeServer.installExtension(unpacked, need("vsix"));
    const extension = join(CodeServer.paths(unpacked).extensions, "agentclash.packlint-0.1.0");
    assert.ok(existsSync(join(extension, "dist", "extension.js")), `the .vsix unpacks to ${extension}`);

    const results = join(run.path, "mocha-results.json");
    server = await CodeServer.start(run.path, workspace, { PACKLINT_TEST_RESULTS: results });
    browser = await launchBrowser(run.path);
    const page = browser.context.pages()[0];
    const lines: string[] = [];
    page.on("console", async (msg) => {
      // The extension host's console arrives as ('%c INFO', 'color: …', format, …args).
      const args = await Promise.all(msg.args().map((a) => a.jsonValue().catch(() => "")));
      if (typeof args[0] === "string" && args[0].startsWith("%c")) {
        const line = format(...(args.slice(2) as [unknown, ...unknown[]]));
        lines.push(line);
        console.log(`  [extension host] ${line}`);
      }
    });
    let timer: NodeJS.Timeout | undefined;
    const exit = new Promise<number>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no codeAutomationExit within ${EXIT_TIMEOUT_MS} ms`)), EXIT_TIMEOUT_MS);
      void page.exposeFunction("codeAutomationExit", (code: number) => resolve(code));
    });
    const remote = (path: string) => `vscode-remote://127.0.0.1:${server!.port}${path}`;
    const payload = [
      ["extensionDevelopmentPath", remote(extension)],
      ["extensionTestsPath", remote(join(ROOT, "client", "out", "client", "test", "suite", "index.js"))],
    ];
    await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
    const code = await exit.finally(() => clearTimeout(timer));
    await page.screenshot({ path: run.screenshot("extension-host") }).catch(() => undefined);

    assert.equal(code, 0, `the extension tests failed:\n${lines.join("\n")}`);
    assert.ok(existsSync(results), "the tests wrote their counts");
    const counts = JSON.parse(readFileSync(results, "utf8")) as { tests: number; passes: number; failures: number };
    assert.deepEqual(counts, { tests: EXPECTED_TESTS, passes: EXPECTED_TESTS, failures: 0, pending: 0 });
  } catch (e) {
    run.fail();
    throw e;
  }
});
