import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { closeEditor, openEditor, type EditorSession } from "./editor-session";
import { RunDir } from "./run-dir";
import { UI_TIMEOUT, Workbench } from "./workbench";

/**
 * Issue 33's rough edges of a pack author's first hour, in the packaged .vsix in code-server: the outline's
 * sections as siblings (breadcrumbs), hover on a value, completion that offers only the keys that fit, the rest of
 * the document after a tab, and the input-set report rendered as tables (read from the preview's DOM). Each
 * scenario saves a screenshot to test-results/editors/first-hour/.
 */

const run = new RunDir("first-hour");
let editor: EditorSession | undefined;
let wb: Workbench;
let page: Page;

before(async () => {
  const workspace = run.workspace();
  // The valid example with a tab at the start of line 30 (under the first challenge).
  const lines = readFileSync(join(workspace, "valid.pack.yaml"), "utf8").split("\n");
  lines[29] = "\t" + lines[29];
  writeFileSync(join(workspace, "tabbed.pack.yaml"), lines.join("\n"));
  editor = await openEditor(run.path, workspace);
  ({ page, wb } = editor);
});

after(async () => {
  await closeEditor(editor);
  run.finish();
});

/** A step: its screenshot after it, and the logs kept when it fails. */
const step = (name: string, body: () => Promise<void>) => run.step(page, name, body);

/** The breadcrumbs' symbol part: the items after the file's name. */
async function breadcrumbSymbols(file: string): Promise<string[]> {
  const items = (await page.locator(".breadcrumbs-control .monaco-breadcrumb-item").allInnerTexts()).map((t) => t.trim());
  return items.slice(items.indexOf(file) + 1);
}

test("1. breadcrumbs and the Outline view show the top-level sections as siblings, not `pack` above every section", () =>
  step("1-outline-breadcrumbs", async () => {
    await wb.openFile("valid.pack.yaml");
    await wb.statusItem("Pack: valid").waitFor({ timeout: UI_TIMEOUT });
    await wb.goTo(47, 20); // input_sets[0].cases[0].case_key
    await page.locator(".breadcrumbs-control .monaco-breadcrumb-item", { hasText: "refund-window-basic" }).waitFor({ timeout: UI_TIMEOUT });
    assert.deepEqual(await breadcrumbSymbols("valid.pack.yaml"), ["input_sets", "refund-question-smoke", "refund-window-basic"]);
    // The Outline view: `pack` and `version` are both on its first level (it shows as many rows as fit).
    await page.locator(".pane-header", { hasText: /outline/i }).click();
    await page.locator(".monaco-list-row[aria-level='1']", { hasText: "version" }).first().waitFor({ timeout: UI_TIMEOUT });
    const rows = await page.locator(".pane-body .monaco-list-row[aria-level='1'] .monaco-highlighted-label").allInnerTexts();
    assert.deepEqual(
      rows
        .map((r) => r.trim())
        .filter((r) => ["pack", "version", "challenges", "input_sets"].includes(r))
        .slice(0, 2),
      ["pack", "version"],
    );
    await page.screenshot({ path: run.screenshot("1-outline-view") });
  }));

test("2. hover on a value documents the value", () =>
  step("2-value-hover", async () => {
    await wb.goTo(10, 20); // execution_mode: native
    await page.keyboard.press("Control+K");
    await page.keyboard.press("Control+I");
    const hover = page.locator(".monaco-hover:not(.hidden)", { hasText: "a value of execution_mode" });
    await hover.waitFor({ timeout: UI_TIMEOUT });
    const text = await hover.innerText();
    assert.match(text, /^native · a value of execution_mode/);
    assert.match(text, /The agent runs natively/);
    await page.keyboard.press("Escape");
  }));

test("3. the input-set report renders as tables in the Markdown preview", () =>
  step("3-report-tables", async () => {
    await wb.runCommand("AgentClash: Input-Set Report");
    const frame = page.frameLocator("iframe.webview.ready").frameLocator("iframe#active-frame");
    await frame.locator("table").first().waitFor({ timeout: UI_TIMEOUT });
    assert.equal(await frame.locator("table").count(), 4, "two input sets, a table of facts and one of cases each");
    const headers = await frame.locator("table").nth(1).locator("th").allInnerTexts();
    assert.deepEqual(
      headers.map((h) => h.trim()),
      ["Case", "Payload summary", "Inputs", "Expectations", "Reason"],
    );
    const firstCase = await frame.locator("table").nth(1).locator("tbody tr").first().locator("td").allInnerTexts();
    assert.equal(firstCase[0].trim(), "refund-window-basic");
    assert.equal(firstCase[2].trim(), "prompt (text)");
    assert.equal(await frame.locator("h3").first().innerText(), "Input set refund-question-smoke");
  }));

test("4. after a tab at line 30 the rest of the pack keeps its lenses; none claims 0 cases", () =>
  step("4-syntax-recovery", async () => {
    await wb.openFile("tabbed.pack.yaml");
    await wb.statusItem("Pack: 1 error").waitFor({ timeout: UI_TIMEOUT });
    const lenses = page.locator(".editor-instance .monaco-editor .codelens-decoration");
    await lenses.filter({ hasText: "1 case in 1 input set" }).first().waitFor({ timeout: UI_TIMEOUT });
    const titles = (await lenses.allInnerTexts()).join("\n");
    assert.ok(!/\b0 cases\b/.test(titles), titles);
    assert.match(titles, /1 case\b/);
  }));

test("5. completion in a case of a native pack offers neither user_simulator nor the legacy item_key", () =>
  step("5-completion-filter", async () => {
    await wb.runCommand("View: Close All Editor Groups");
    await wb.openFile("valid.pack.yaml");
    await wb.goTo(47, 37); // the end of `case_key: refund-window-basic`
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Control+Space");
    const rows = page.locator(".editor-widget.suggest-widget .monaco-list-row");
    await rows.first().waitFor({ timeout: UI_TIMEOUT });
    const labels = (await rows.allInnerTexts()).map((t) => t.split("\n")[0].trim());
    assert.ok(labels.includes("artifacts"), labels.join(", "));
    assert.ok(!labels.includes("user_simulator") && !labels.includes("item_key"), labels.join(", "));
    await page.screenshot({ path: run.screenshot("5-completion-list") });
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+Z");
  }));
