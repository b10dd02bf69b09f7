import type { Locator, Page } from "playwright-core";

/** Every wait is for UI state, bounded by this; the recipe's runs never came close (first diagnostic at about 10 s). */
export const UI_TIMEOUT = 60_000;

/** The VS Code 1.100.3 workbench in a page: the selectors below are its DOM (code-server is pinned for that reason). */
export class Workbench {
  constructor(readonly page: Page) {}

  async open(url: string, folder: string): Promise<void> {
    await this.page.goto(`${url}/?folder=${encodeURIComponent(folder)}`);
    await this.page.locator(".monaco-workbench").waitFor({ timeout: UI_TIMEOUT });
  }

  /** Opens a top-level file of the workspace from the Explorer and waits for its editor. */
  async openFile(name: string): Promise<Locator> {
    await this.page.locator(".explorer-folders-view .monaco-list-row", { hasText: name }).first().click({ timeout: UI_TIMEOUT });
    await this.page.locator(".tabs-container .tab.active", { hasText: name }).waitFor({ timeout: UI_TIMEOUT });
    const editor = this.page.locator(".editor-instance .monaco-editor").first();
    await editor.locator(".view-lines").waitFor({ timeout: UI_TIMEOUT });
    return editor;
  }

  /** Go to Line/Column (Ctrl+G) with 1-based numbers, as the status bar shows them. */
  async goTo(line: number, column: number): Promise<void> {
    const input = this.page.locator(".quick-input-widget input");
    // The quick input can close again at once when focus moves (a tab's hover, a late notification): a few tries.
    for (let attempt = 1; ; attempt++) {
      // Focus the editor through its tab: a click in the text could land on a code lens and run it.
      await this.page.locator(".tabs-container .tab.active").first().click();
      await this.page.mouse.move(0, 0); // no tab hover left over the editor
      await this.page.keyboard.press("Control+G");
      try {
        await input.waitFor({ timeout: UI_TIMEOUT / 4 });
        await input.fill(`:${line}:${column}`, { timeout: UI_TIMEOUT / 4 });
        await input.press("Enter", { timeout: UI_TIMEOUT / 4 });
        break;
      } catch (e) {
        if (attempt >= 3) throw e;
        await this.page.keyboard.press("Escape");
      }
    }
    await this.page.locator(".statusbar-item", { hasText: `Ln ${line}, Col ${column}` }).waitFor({ timeout: UI_TIMEOUT });
  }

  /** Runs a command from the palette (F1) by its title. */
  async runCommand(title: string): Promise<void> {
    await this.page.keyboard.press("F1");
    const input = this.page.locator(".quick-input-widget input");
    await input.waitFor({ timeout: UI_TIMEOUT });
    await input.fill(`>${title}`);
    await this.page.locator(".quick-input-widget .monaco-list-row", { hasText: title }).first().waitFor({ timeout: UI_TIMEOUT });
    await input.press("Enter");
  }

  statusItem(text: string | RegExp): Locator {
    return this.page.locator("footer .statusbar-item", { hasText: text });
  }
}
