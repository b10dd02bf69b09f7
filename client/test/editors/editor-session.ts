import type { BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { CodeServer } from "./code-server";
import { need } from "./tools";
import { Workbench } from "./workbench";

/** The packaged .vsix in a code-server of its own, opened on a workspace in headless Chromium. */
export interface EditorSession {
  server: CodeServer;
  browser: { context: BrowserContext; page: Page };
  page: Page;
  wb: Workbench;
}

/** Installs the .vsix into a fresh profile under `dir`, starts code-server (with `settings`) and opens `workspace`. */
export async function openEditor(dir: string, workspace: string, settings: Record<string, unknown> = {}): Promise<EditorSession> {
  await CodeServer.installExtension(dir, need("vsix"));
  const server = await CodeServer.start(dir, workspace, {}, settings);
  try {
    const browser = await launchBrowser(dir);
    const wb = new Workbench(browser.page);
    await wb.open(server.url, workspace);
    return { server, browser, page: browser.page, wb };
  } catch (e) {
    await server.stop();
    throw e;
  }
}

export async function closeEditor(session: EditorSession | undefined): Promise<void> {
  await session?.browser.context.close();
  await session?.server.stop();
}
