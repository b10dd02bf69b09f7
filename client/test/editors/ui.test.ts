import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { ROOT } from "../../scripts/paths";
import { CodeServer } from "./code-server";
import { closeEditor, openEditor, type EditorSession } from "./editor-session";
import { RunDir } from "./run-dir";
import { UI_TIMEOUT, Workbench } from "./workbench";
import { waitForFile } from "./wait";

/**
 * The packaged .vsix in a clean code-server, driven through VS Code's web UI in headless Chromium, as a pack
 * author would use it. Each scenario waits on what the UI shows and saves a screenshot to test-results/.
 */

const run = new RunDir("ui");
let editor: EditorSession | undefined;
let wb: Workbench;
let workspace: string;
let page: Page;

before(async () => {
  workspace = run.workspace();
  editor = await openEditor(run.path, workspace);
  ({ page, wb } = editor);
});

after(async () => {
  await closeEditor(editor);
  run.finish();
});

/** A step: its screenshot after it, and the logs kept when it fails. */
const step = (name: string, body: () => Promise<void>) => run.step(page, name, body);

test("the .vsix installs into a clean code-server, with the schema `packlint schema` prints", async () => {
  assert.deepEqual(await CodeServer.listExtensions(run.path), ["agentclash.packlint@0.1.0"]);
  const installed = readFileSync(join(CodeServer.paths(run.path).extensions, "agentclash.packlint-0.1.0", "dist", "pack.schema.json"), "utf8");
  const printed = execFileSync(process.execPath, [join(ROOT, "out", "server", "src", "cli", "bin.js"), "schema"], { encoding: "utf8", maxBuffer: 64 << 20 });
  assert.equal(installed, printed);
});

test("1. a broken pack shows a squiggle and a Problems entry with the reference's message at its line", () =>
  step("1-diagnostics", async () => {
    await wb.openFile("broken.pack.yaml");
    await page.locator(".editor-instance .monaco-editor .squiggly-error").first().waitFor({ timeout: UI_TIMEOUT });
    await wb.statusItem("Pack: 8 errors").waitFor({ timeout: UI_TIMEOUT });
    await page.keyboard.press("Control+Shift+M");
    const row = page.locator(".markers-panel .monaco-list-row", { hasText: "version.number must be greater than 0" });
    await row.waitFor({ timeout: UI_TIMEOUT });
    const text = await row.innerText();
    assert.deepEqual(text.split("\n"), ["version.number must be greater than 0", "agentclash", "version-number-positive", "[Ln 8, Col 11]"]);
  }));

test("2. Ctrl+Space on a challenge_key value lists the declared challenges; accepting one writes it", () =>
  step("2-completion", async () => {
    await wb.goTo(55, 24); // input_sets[1].cases[0].challenge_key: Refund window question
    await page.keyboard.press("Control+Space");
    const rows = page.locator(".editor-widget.suggest-widget .monaco-list-row");
    await rows.first().waitFor({ timeout: UI_TIMEOUT });
    const labels = (await rows.allInnerTexts()).map((t) => t.split("\n")[0]);
    assert.deepEqual(labels, ["refund-question", "billing-question"]);
    await page.screenshot({ path: run.screenshot("2-completion-list") });
    await rows.filter({ hasText: "refund-question" }).click();
    await page.locator(".editor-widget.suggest-widget.visible").waitFor({ state: "hidden", timeout: UI_TIMEOUT });
    await page.keyboard.press("Control+S");
    const saved = await waitForFile(join(workspace, "broken.pack.yaml"), (t) => t.split("\n")[54] === "      - challenge_key: refund-question");
    assert.equal(saved.split("\n")[54], "      - challenge_key: refund-question");
    await wb.statusItem("Pack: 7 errors").waitFor({ timeout: UI_TIMEOUT });
  }));

test("3. the legacy `items` quick fix rewrites the file as expected", () =>
  step("3-quick-fix", async () => {
    await wb.openFile("legacy-items.pack.yaml");
    await wb.statusItem("Pack: valid").waitFor({ timeout: UI_TIMEOUT });
    await wb.goTo(30, 6); // items:
    await page.keyboard.press("Control+.");
    // The preferred fix comes focused; Enter applies it, as a person would.
    const fix = page.locator(".action-widget .monaco-list-row.focused", { hasText: 'Convert legacy `items` to `cases` in input set "refund-question-full"' });
    await fix.waitFor({ timeout: UI_TIMEOUT });
    await page.screenshot({ path: run.screenshot("3-quick-fix-menu") });
    await page.keyboard.press("Enter");
    await page.locator(".action-widget").waitFor({ state: "hidden", timeout: UI_TIMEOUT });
    await page.keyboard.press("Control+S");
    const expected = readFileSync(join(ROOT, "client", "test", "fixtures", "legacy-items.converted.pack.yaml"), "utf8");
    const saved = await waitForFile(join(workspace, "legacy-items.pack.yaml"), (t) => t === expected);
    assert.equal(saved, expected);
  }));

test("4. hover on a challenge_key value shows the challenge's title", () =>
  step("4-hover", async () => {
    await wb.openFile("broken.pack.yaml");
    await wb.goTo(36, 26); // input_sets[0].cases[0].challenge_key: refund-question
    await page.keyboard.press("Control+K");
    await page.keyboard.press("Control+I");
    const hover = page.locator(".monaco-hover:not(.hidden)", { hasText: "challenge refund-question" });
    await hover.waitFor({ timeout: UI_TIMEOUT });
    assert.match(await hover.innerText(), /title: Refund window question/);
  }));

test("5. the input-set report opens read-only in the Markdown preview, in one tab however often it runs", () =>
  step("5-input-set-report-preview", async () => {
    await wb.openFile("valid.pack.yaml");
    await wb.runCommand("AgentClash: Input-Set Report");
    const tab = page.locator(".tabs-container .tab", { hasText: "Input-Set Report.md" });
    await tab.first().waitFor({ timeout: UI_TIMEOUT });
    // The rendered report, inside the preview's webview frames.
    const rendered = page.frameLocator("iframe.webview.ready").frameLocator("iframe#active-frame").locator("h1, h2").first();
    await rendered.waitFor({ timeout: UI_TIMEOUT });
    await page.locator(".tabs-container .tab", { hasText: "valid.pack.yaml" }).first().click();
    await wb.runCommand("AgentClash: Input-Set Report");
    await page.locator(".tabs-container .tab.active", { hasText: "Input-Set Report.md" }).waitFor({ timeout: UI_TIMEOUT });
    assert.equal(await tab.count(), 1, "one tab after two runs");
    assert.equal(await page.locator(".tabs-container .tab.dirty").count(), 0, "nothing to save");
  }));

test("6. the output channel tells what the server did: its start, folders, index totals, what each file is served as", () =>
  step("6-output-log", async () => {
    await wb.runCommand("AgentClash: Show the Language Server's Output");
    await wb.runCommand("View: Toggle Maximized Panel"); // every line in view: the editor renders only those
    const log = page.locator(".output-view, .panel .monaco-editor .view-lines").first();
    await log.waitFor({ timeout: UI_TIMEOUT });
    // The editor writes spaces as no-break spaces and wraps long lines: `\s` matches both.
    for (const text of [
      /packlint-language-server\s\d+\.\d+\.\d+\sstarted/,
      /workspace\sfolders:\s/,
      /indexed\s4\sfiles\s\(3\spacks,\s1\sSkill\scase\sfile\)\sin\s\d+\sms/,
      /serving\s\S*valid\.pack\.yaml\sas\sa\s+challenge\spack/,
    ]) {
      await page.locator(".panel .view-lines", { hasText: text }).first().waitFor({ timeout: UI_TIMEOUT });
    }
  }));

/** The colour the editor paints a piece of text in, on the view line that holds `line`. */
async function colourOf(line: RegExp, text: string | RegExp): Promise<string> {
  const span = page.locator(".view-line", { hasText: line }).first().locator("span > span", { hasText: text }).first();
  await span.waitFor({ timeout: UI_TIMEOUT });
  return span.evaluate((el) => getComputedStyle(el).color);
}

for (const theme of ["Light Modern", "Dark Modern"]) {
  test(`7. ${theme}: semantic colours set \`input:\` apart from plain values; an inlay hint names the challenge`, () =>
    step(`7-semantic-${theme.split(" ")[0].toLowerCase()}`, async () => {
      if (await page.locator(".part.panel.basepanel").isVisible()) await wb.runCommand("View: Toggle Panel Visibility"); // left maximized by 6
      await page.locator(".monaco-editor .view-lines").first().click(); // the keyboard goes to the workbench again
      await wb.runCommand("View: Close All Editor Groups"); // the report's group from 5
      await page.keyboard.press("Control+K");
      await page.keyboard.press("Control+T"); // Preferences: Color Theme
      const picker = page.locator(".quick-input-widget .quick-input-box input");
      await picker.waitFor({ timeout: UI_TIMEOUT });
      await picker.fill(theme);
      await page.locator(".quick-input-widget .monaco-list-row", { hasText: theme }).first().waitFor({ timeout: UI_TIMEOUT });
      await picker.press("Enter");
      await page.locator(`.monaco-workbench.${theme.startsWith("Light") ? "vs" : "vs-dark"}`).waitFor({ timeout: UI_TIMEOUT });
      await wb.openFile("valid.pack.yaml");
      await wb.goTo(46, 1);
      // The challenge's title after `challenge_key: refund-question` is the server's inlay hint, not text of the file.
      await page
        .locator(".view-line", { hasText: /challenge_key:\s*refund-question\s*Refund\swindow\squestion/ })
        .first()
        .waitFor({ timeout: UI_TIMEOUT });
      await wb.goTo(58, 1);
      const prefix = await colourOf(/source:\s*input:prompt/, /^input:?$/);
      const plain = await colourOf(/account_tier:\s*standard/, "standard");
      assert.notEqual(prefix, plain, `input: is painted ${prefix}, plain values ${plain}`);
    }));
}
