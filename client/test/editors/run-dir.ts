import { cpSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
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

  /** Removes the scratch folder after a green run; says where it is after a red one. */
  finish(): void {
    if (this.failed) console.error(`kept ${this.path} (code-server log, VS Code logs, browser profile) for the failure`);
    else rmSync(this.path, { recursive: true, force: true });
  }
}
