import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { need } from "./tools";

/** Headless Debian Chromium with a fresh profile inside `dir`; its crash reports and caches stay there too. */
export async function launchBrowser(dir: string): Promise<{ context: BrowserContext; page: Page }> {
  const profile = join(dir, "browser-profile");
  mkdirSync(profile, { recursive: true });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: need("chromium"),
    headless: true,
    viewport: { width: 1400, height: 900 },
    env: { ...process.env, XDG_CONFIG_HOME: join(dir, "browser-xdg", "config"), XDG_CACHE_HOME: join(dir, "browser-xdg", "cache") } as Record<string, string>,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}
