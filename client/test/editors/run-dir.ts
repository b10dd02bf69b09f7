import { cpSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { ROOT } from "../../scripts/paths";

/** Test artifacts of the real-editor suites, one folder each. */
export const RESULTS = join(ROOT, "test-results", "editors");

/**
 * A suite's folder under test-results/editors/: its screenshots stay; its scratch folder `run/` (profiles,
 * extensions, code-server and VS Code logs) is kept only when the suite failed.
 */
export class RunDir {
  readonly results: string;
  readonly path: string;
  private failed = false;

  constructor(name: string) {
    this.results = join(RESULTS, name);
    rmSync(this.results, { recursive: true, force: true });
    this.path = join(this.results, "run");
    mkdirSync(this.path, { recursive: true });
  }

  /** A copy of the repository's examples/ to open as the workspace (tests edit and save files in it). */
  workspace(): string {
    const ws = join(this.path, "workspace");
    cpSync(join(ROOT, "examples"), ws, { recursive: true });
    return ws;
  }

  screenshot(name: string): string {
    return join(this.results, `${name}.png`);
  }

  fail(): void {
    this.failed = true;
  }

  /**
   * One scenario step on `page`: a screenshot after it; a failed one also leaves a `-FAILED` screenshot (and what
   * `onFail` saves) and keeps the run's logs.
   */
  async step(page: Page | undefined, name: string, body: () => Promise<void>, onFail?: () => Promise<void>): Promise<void> {
    try {
      await body();
    } catch (e) {
      this.fail();
      await page?.screenshot({ path: this.screenshot(`${name}-FAILED`) }).catch(() => undefined);
      await onFail?.();
      throw e;
    } finally {
      await page?.screenshot({ path: this.screenshot(name) }).catch(() => undefined);
    }
  }

  /** Removes the scratch folder after a green run; says where it is after a red one. */
  finish(): void {
    if (this.failed) console.error(`kept ${this.path} (code-server log, VS Code logs, browser profile) for the failure`);
    else rmSync(this.path, { recursive: true, force: true });
  }
}
