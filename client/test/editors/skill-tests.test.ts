import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { ROOT } from "../../scripts/paths";
import { closeEditor, openEditor, type EditorSession } from "./editor-session";
import { RunDir } from "./run-dir";
import { UI_TIMEOUT, Workbench } from "./workbench";
import { waitForFile } from "./wait";

/**
 * Skill cases in the Test Explorer, driven through code-server's web UI as a Skill author would: the example Skill's
 * case file is a test with its cases by type; Run asks for the agent command (the repository's fake agent), states
 * that earlier responses are replaced, marks each case passed or failed and opens the Skill Test Report.
 */

const run = new RunDir("skill-tests");
const FAKE_AGENT = `"${process.execPath}" "${join(ROOT, "test", "fixtures", "skill-agent", "fake-agent.js")}"`;
let editor: EditorSession | undefined;
let workspace: string;
let page: Page;
let wb: Workbench;

before(async () => {
  workspace = run.workspace();
  editor = await openEditor(run.path, workspace);
  ({ page, wb } = editor);
});

after(async () => {
  await closeEditor(editor);
  run.finish();
});

/** A step: its screenshot after it; a failed one also keeps the Testing view's HTML and the logs. */
const step = (name: string, body: () => Promise<void>) =>
  run.step(page, name, body, async () => {
    const tree = await page
      ?.locator(".test-explorer")
      .first()
      .innerHTML({ timeout: 1000 })
      .catch(() => "");
    if (tree) writeFileSync(join(run.path, `${name}-test-explorer.html`), tree);
  });

/** The Testing view, from its icon in the activity bar. */
async function showTesting(): Promise<void> {
  // Its icon toggles the view: clicked only when the view is not shown.
  if (!(await page.locator(".test-explorer").first().isVisible()))
    await page.locator('.activitybar .action-label[aria-label^="Testing"]').first().click({ timeout: UI_TIMEOUT });
  await page.locator(".test-explorer").first().waitFor({ timeout: UI_TIMEOUT });
}

/** Expands a row of the Test Explorer (a click could land on the hover of the row above: the keyboard instead). */
async function expand(item: ReturnType<typeof row>): Promise<void> {
  await page.mouse.move(900, 700);
  if ((await item.getAttribute("aria-expanded")) === "true") return;
  await item.click();
  await page.keyboard.press("ArrowRight");
  // The list re-renders its rows: the row is looked up again each time.
  const until = Date.now() + UI_TIMEOUT;
  while ((await item.getAttribute("aria-expanded")) !== "true") {
    if (Date.now() > until) throw new Error(`the row ${await item.innerText()} did not expand`);
    await new Promise((next) => setTimeout(next, 100));
  }
}

/** The Test Explorer's row of an item, by its label. */
function row(label: string) {
  // A label is followed by its description (a case's title, a file's path) in the same element: "trigger" must not
  // match "trigger_001".
  const start = new RegExp(`^${label.replace(/[./]/g, "\\$&")}(?![_\\d])`);
  return page.locator(".test-explorer .monaco-list-row", { has: page.locator(".label", { hasText: start }) }).first();
}

test("1. the example Skill's case file is a test, its cases below it grouped by type", () =>
  step("1-test-explorer", async () => {
    await showTesting();
    // Named by its Skill once read, its path beside.
    const file = page.locator(".test-explorer .monaco-list-row", { hasText: "skills/refund-helper/tests/skill_cases.yaml" }).first();
    await file.waitFor({ timeout: UI_TIMEOUT });
    await expand(file); // expanding it reads its cases from the server
    await row("refund-helper").waitFor({ timeout: UI_TIMEOUT });
    for (const type of ["trigger", "plan", "contract", "edge", "failure"]) await row(type).waitFor({ timeout: UI_TIMEOUT });
    const groups = (await page.locator(".test-explorer .monaco-list-row[aria-level='2'] .label").allInnerTexts()).map((t) => t.trim());
    assert.deepEqual(groups, ["trigger", "plan", "contract", "edge", "failure"], "the types in the file's order");
    await expand(row("trigger"));
    await row("trigger_001").waitFor({ timeout: UI_TIMEOUT });
    await row("trigger_002").waitFor({ timeout: UI_TIMEOUT });
  }));

test("2. Run asks for the agent command once, states the responses it replaces, marks each case and opens the report", () =>
  step("2-run", async () => {
    const before = readFileSync(join(workspace, "skills/refund-helper/tests/tmp/response/trigger_002.md"), "utf8");
    await wb.runCommand("Test: Run All Tests");
    // The agent command is empty: asked for, and kept in the workspace settings.
    const input = page.locator(".quick-input-widget input");
    await page.locator(".quick-input-widget", { hasText: "the agent command" }).waitFor({ timeout: UI_TIMEOUT });
    await input.fill(FAKE_AGENT);
    await input.press("Enter");
    // The confirmation says which answers are replaced before anything runs.
    const confirm = page.locator(".quick-input-widget", { hasText: "Run 6 Skill cases of refund-helper? It replaces 6 earlier responses." });
    await confirm.waitFor({ timeout: UI_TIMEOUT });
    await page.screenshot({ path: run.screenshot("2-run-confirmation") });
    assert.equal(readFileSync(join(workspace, "skills/refund-helper/tests/tmp/response/trigger_002.md"), "utf8"), before, "nothing ran before the answer");
    await input.press("Enter"); // the first item, Run

    // The report opens in the preview once the run ends.
    await page.locator(".tabs-container .tab", { hasText: "Skill Test Report.md" }).first().waitFor({ timeout: UI_TIMEOUT });
    const rendered = page.frameLocator("iframe.webview.ready").frameLocator("iframe#active-frame").locator("h2", { hasText: "Skill Test Report" });
    await rendered.first().waitFor({ timeout: UI_TIMEOUT });
    const report = readFileSync(join(workspace, "skills/refund-helper/tests/tmp/skill-test-report.md"), "utf8");
    assert.match(report, /- Overall: FAIL\n/);
    assert.match(report, /- Response Source: agent: .*fake-agent\.js"\n/);

    // Each case is marked with its result in the Test Explorer.
    await showTesting();
    const mark = async (label: string, state: "passed" | "failed") =>
      row(label)
        .locator(`.codicon-testing-${state}-icon`)
        .first()
        .waitFor({ timeout: UI_TIMEOUT })
        .catch(async (e: Error) => {
          throw new Error(`${label} is not marked ${state}: ${await row(label).innerHTML()}\n${e.message}`);
        });
    await mark("trigger_001", "passed");
    await mark("trigger_002", "failed");
    const saved = await waitForFile(join(workspace, ".vscode", "settings.json"), (t) => t.includes("fake-agent.js"));
    assert.equal((JSON.parse(saved) as Record<string, string>)["packlint.skill.agentCommand"], FAKE_AGENT);
    assert.ok(existsSync(join(workspace, "skills/refund-helper/tests/tmp/raw_response/trigger_002.md")));
  }));

test("3. a failed case's message is its score and findings, at the case's line", () =>
  step("3-failure-message", async () => {
    // The Test Results panel lists each case with its message, and shows the whole message of the one selected.
    const result = page.locator(".monaco-list-row", { hasText: "trigger_002: FAIL, score 0/100" }).first();
    await result.waitFor({ timeout: UI_TIMEOUT });
    await result.click();
    // The editor writes spaces as no-break spaces: `\s` matches both.
    await page
      .locator(".panel .view-lines", {
        hasText: /trigger_002:\sFAIL,\sscore\s0\/100[^]*selects\s"refund-helper",\swhich\sexpected\.skill\.should_not_use\sforbids/,
      })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    // The case file's gutter marks trigger_002 failed at its own line ("  - id: trigger_002"), next to its message.
    await page.locator(".tabs-container .tab", { hasText: "skill_cases.yaml" }).first().click();
    await page.keyboard.press("Control+G");
    const goTo = page.locator(".quick-input-widget input");
    await goTo.waitFor({ timeout: UI_TIMEOUT });
    await goTo.fill(":30:3");
    await goTo.press("Enter");
    await page.locator("footer .statusbar-item", { hasText: "Ln 30, Col 3" }).waitFor({ timeout: UI_TIMEOUT });
    const editor = page.locator(".editor-instance").first();
    const glyph = editor.locator(".codicon-testing-failed-icon").first();
    await glyph.waitFor({ timeout: UI_TIMEOUT });
    const [mark, number] = [await glyph.boundingBox(), await editor.locator(".line-numbers", { hasText: /^30$/ }).first().boundingBox()];
    assert.ok(mark && number && Math.abs(mark.y + mark.height / 2 - (number.y + number.height / 2)) < number.height / 2, "the failed mark is on line 30");
  }));
