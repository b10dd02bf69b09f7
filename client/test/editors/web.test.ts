import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { ROOT } from "../../scripts/paths";
import { closeEditor, openEditor, type EditorSession } from "./editor-session";
import { RunDir } from "./run-dir";
import { UI_TIMEOUT, Workbench } from "./workbench";
import { waitForFile } from "./wait";

/**
 * The extension as vscode.dev and github.dev run it: the packaged .vsix in code-server with `remote.extensionKind`
 * set to `["web"]` for it, so its `browser` entry runs in the workbench's Web Worker extension host and its server in a
 * Web Worker of its own, reading the workspace through `workspace.fs` (nothing of Node). Driven through the UI in
 * headless Chromium, offline. The same workspace in the desktop (Node) extension host first, for the comparison.
 */

const run = new RunDir("web");
const EXTENSION = "agentclash.packlint";

type Host = EditorSession & { workspace: string };

/** One code-server with its own profile and copy of the workspace; `web`: our extension in the web worker host. */
async function startHost(name: string, web: boolean): Promise<Host> {
  const dir = join(run.path, name);
  const workspace = join(dir, "workspace");
  cpSync(join(ROOT, "examples"), workspace, { recursive: true });
  // A Skill case file naming an input file that is not there: its warning needs the Skill folder read through workspace.fs.
  const cases = join(workspace, "skills", "refund-helper", "tests", "skill_cases.yaml");
  writeFileSync(cases, readFileSync(cases, "utf8").replace("references/refund-policy.md", "references/refund-polcy.md"));
  const editor = await openEditor(dir, workspace, web ? { "remote.extensionKind": { [EXTENSION]: ["web"] } } : {});
  return { ...editor, workspace };
}

let web: Host | undefined;
let page: Page;
let wb: Workbench;
/** What the desktop host showed, for the comparison. */
let desktop: { validated: string; problems: string[] } | undefined;

const runCommand = (p: Page, title: string) => new Workbench(p).runCommand(title);

/** The output channel's line that says where the server runs. */
async function serverStarted(p: Page, where: RegExp): Promise<void> {
  await runCommand(p, "AgentClash: Show the Language Server's Output");
  await p.locator(".panel .view-lines", { hasText: where }).first().waitFor({ timeout: UI_TIMEOUT });
}

/** broken.pack.yaml's Problems rows and the Validate All Packs summary: what the two hosts must agree on. */
async function verdicts(host: Host): Promise<{ validated: string; problems: string[] }> {
  const p = host.browser.page;
  await host.wb.openFile("broken.pack.yaml");
  await host.wb.statusItem("Pack: 8 errors").waitFor({ timeout: UI_TIMEOUT });
  await runCommand(p, "AgentClash: Validate All Packs in the Workspace");
  const toast = p.locator(".notification-toast", { hasText: /^Validated \d+ files/ }).first();
  await toast.waitFor({ timeout: UI_TIMEOUT });
  const validated = (await toast.locator(".notification-list-item-message").innerText()).trim();
  await runCommand(p, "View: Toggle Maximized Panel");
  const rows = p.locator(".markers-panel .monaco-list-row", { hasText: "version.number must be greater than 0" });
  await rows.first().waitFor({ timeout: UI_TIMEOUT });
  const problems = (await p.locator(".markers-panel .monaco-list-row").allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim());
  await runCommand(p, "View: Toggle Maximized Panel");
  return { validated, problems };
}

before(async () => {
  // The desktop extension host first, on its own copy: what the web host must match.
  const node = await startHost("desktop", false);
  try {
    desktop = await verdicts(node);
    await serverStarted(node.browser.page, /started\s\(Node\sv\d+/);
  } catch (e) {
    run.fail();
    await node.browser.page.screenshot({ path: run.screenshot("0-desktop-FAILED") }).catch(() => undefined);
    throw e;
  } finally {
    await closeEditor(node);
  }
  web = await startHost("web", true);
  page = web.browser.page;
  wb = web.wb;
});

after(async () => {
  await closeEditor(web);
  run.finish();
});

/** A step: its screenshot after it, and the logs kept when it fails. */
const step = (name: string, body: () => Promise<void>) => run.step(page, name, body);

test("1. the server runs in a Web Worker of the browser (its log says so), not in Node", () =>
  step("1-web-worker", async () => {
    await wb.openFile("valid.pack.yaml");
    await serverStarted(page, /packlint-language-server\s\d+\.\d+\.\d+\sstarted\s\(a\sWeb\sWorker\sof\sthe\sbrowser/);
    assert.equal(await page.locator(".panel .view-lines", { hasText: /started\s\(Node/ }).count(), 0);
  }));

test("2. a broken pack: a diagnostic at its line, and the same verdicts as in the desktop extension host", () =>
  step("2-diagnostics", async () => {
    const found = await verdicts(web!);
    assert.ok(
      found.problems.some((row) => row.includes("version.number must be greater than 0") && row.includes("[Ln 8, Col 11]")),
      found.problems.join("\n"),
    );
    assert.deepEqual(found, desktop);
  }));

test("3. Ctrl+Space on a challenge_key value lists the declared challenges", () =>
  step("3-completion", async () => {
    await wb.openFile("broken.pack.yaml");
    await wb.goTo(55, 24);
    await page.keyboard.press("Control+Space");
    const rows = page.locator(".editor-widget.suggest-widget .monaco-list-row");
    await rows.first().waitFor({ timeout: UI_TIMEOUT });
    assert.deepEqual(
      (await rows.allInnerTexts()).map((t) => t.split("\n")[0]),
      ["refund-question", "billing-question"],
    );
    await page.keyboard.press("Escape");
  }));

test("4. hover on a challenge_key value shows the challenge's title", () =>
  step("4-hover", async () => {
    await wb.goTo(36, 26);
    await page.keyboard.press("Control+K");
    await page.keyboard.press("Control+I");
    const hover = page.locator(".monaco-hover:not(.hidden)", { hasText: "challenge refund-question" });
    await hover.waitFor({ timeout: UI_TIMEOUT });
    assert.match(await hover.innerText(), /title: Refund window question/);
    await page.keyboard.press("Escape");
  }));

test("5. the legacy `items` quick fix rewrites the file as expected", () =>
  step("5-quick-fix", async () => {
    await wb.openFile("legacy-items.pack.yaml");
    await wb.statusItem("Pack: valid").waitFor({ timeout: UI_TIMEOUT });
    await wb.goTo(30, 6);
    await page.keyboard.press("Control+.");
    const fix = page.locator(".action-widget .monaco-list-row.focused", { hasText: 'Convert legacy `items` to `cases` in input set "refund-question-full"' });
    await fix.waitFor({ timeout: UI_TIMEOUT });
    await page.keyboard.press("Enter");
    await page.locator(".action-widget").waitFor({ state: "hidden", timeout: UI_TIMEOUT });
    await page.keyboard.press("Control+S");
    const expected = readFileSync(join(ROOT, "client", "test", "fixtures", "legacy-items.converted.pack.yaml"), "utf8");
    assert.equal(await waitForFile(join(web!.workspace, "legacy-items.pack.yaml"), (t) => t === expected), expected);
  }));

test("6. an asset path is resolved through workspace.fs: the pack is valid and its path is a link", () =>
  step("6-asset-link", async () => {
    await wb.openFile("valid.pack.yaml");
    await wb.statusItem("Pack: valid").waitFor({ timeout: UI_TIMEOUT });
    await wb.goTo(14, 13);
    // A document link exists only where the server found the file in the workspace (read through the client).
    await page.locator(".view-line .detected-link", { hasText: "assets/policy.pdf" }).first().waitFor({ timeout: UI_TIMEOUT });
  }));

test("7. a Skill case file: a missing input file is reported, read through workspace.fs; Run Skill Test is not offered", () =>
  step("7-skill-cases", async () => {
    await page.keyboard.press("Control+P");
    const input = page.locator(".quick-input-widget input");
    await input.waitFor({ timeout: UI_TIMEOUT });
    await input.fill("skill_cases.yaml");
    await page.locator(".quick-input-widget .monaco-list-row", { hasText: "skill_cases.yaml" }).first().waitFor({ timeout: UI_TIMEOUT });
    await input.press("Enter");
    await page.locator(".tabs-container .tab.active", { hasText: "skill_cases.yaml" }).waitFor({ timeout: UI_TIMEOUT });
    await page.keyboard.press("Control+Shift+M");
    const row = page.locator(".markers-panel .monaco-list-row", { hasText: "does not exist in the Skill directory" });
    await row.waitFor({ timeout: UI_TIMEOUT });
    assert.match((await row.innerText()).replace(/\s+/g, " "), /references\/refund-polcy\.md.*skill-input-file-missing.*\[Ln 56, Col 11\]/);
    await page.keyboard.press("F1");
    const palette = page.locator(".quick-input-widget input");
    await palette.fill(">Skill");
    await page.locator(".quick-input-widget .monaco-list-row", { hasText: "Skill: Dry-Run Prompts" }).first().waitFor({ timeout: UI_TIMEOUT });
    assert.equal(await page.locator(".quick-input-widget .monaco-list-row", { hasText: "Run Skill Test" }).count(), 0);
    await page.keyboard.press("Escape");
  }));
