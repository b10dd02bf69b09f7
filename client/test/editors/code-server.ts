import { ChildProcess, execFile, spawn } from "node:child_process";
import { createWriteStream, mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { need } from "./tools";

const run = promisify(execFile);

/** User settings that keep the workbench deterministic: no welcome page, tips, update checks or suggestions while typing. */
const SETTINGS = {
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "extensions.ignoreRecommendations": true,
  "extensions.autoUpdate": false,
  "extensions.autoCheckUpdates": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "editor.quickSuggestions": { other: "off", comments: "off", strings: "off" },
  "editor.hover.delay": 100,
  "files.autoSave": "off",
  "security.workspace.trust.enabled": false,
  "window.restoreWindows": "none",
  // The workspace is a scratch copy inside this repository's clone: no "open the parent repository?" prompt.
  "git.enabled": false,
  "git.openRepositoryInParentFolders": "never",
};

/**
 * A code-server (VS Code 1.100.3's server and web workbench) on a free loopback port, with its own user-data,
 * extensions and XDG folders inside `dir`, so nothing lands in $HOME and runs never share state.
 */
export class CodeServer {
  private constructor(
    readonly proc: ChildProcess,
    readonly port: number,
    readonly dir: string,
    private readonly exited: Promise<void>,
  ) {}

  static paths(dir: string) {
    return { userData: join(dir, "user-data"), extensions: join(dir, "extensions"), xdg: join(dir, "xdg"), log: join(dir, "code-server.log") };
  }

  /** `code-server --install-extension`, into the extensions folder the server of `dir` will use. */
  static async installExtension(dir: string, vsix: string): Promise<string> {
    const p = CodeServer.paths(dir);
    const { stdout } = await run(need("codeServer"), ["--user-data-dir", p.userData, "--extensions-dir", p.extensions, "--install-extension", vsix], {
      env: env(dir),
      timeout: 120_000,
    });
    if (!/successfully installed/.test(stdout)) throw new Error(`installing ${vsix} failed:\n${stdout}`);
    return stdout;
  }

  static async listExtensions(dir: string): Promise<string[]> {
    const p = CodeServer.paths(dir);
    const { stdout } = await run(
      need("codeServer"),
      ["--user-data-dir", p.userData, "--extensions-dir", p.extensions, "--list-extensions", "--show-versions"],
      {
        env: env(dir),
        timeout: 120_000,
      },
    );
    return stdout.split("\n").filter((l) => /^[\w-]+\.[\w-]+@/.test(l));
  }

  /** `settings` are added to the user settings (e.g. `remote.extensionKind`). */
  static async start(dir: string, workspace: string, extraEnv: Record<string, string> = {}, settings: Record<string, unknown> = {}): Promise<CodeServer> {
    const p = CodeServer.paths(dir);
    mkdirSync(join(p.userData, "User"), { recursive: true });
    mkdirSync(p.extensions, { recursive: true });
    writeFileSync(join(p.userData, "User", "settings.json"), JSON.stringify({ ...SETTINGS, ...settings }, null, 2));
    const port = await freePort();
    const log = createWriteStream(p.log);
    const proc = spawn(
      need("codeServer"),
      [
        "--bind-addr",
        `127.0.0.1:${port}`,
        "--auth",
        "none",
        "--disable-telemetry",
        "--disable-update-check",
        "--disable-workspace-trust",
        "--user-data-dir",
        p.userData,
        "--extensions-dir",
        p.extensions,
        workspace,
      ],
      { env: { ...env(dir), ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] },
    );
    proc.stdout!.pipe(log);
    proc.stderr!.pipe(log);
    const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
    const server = new CodeServer(proc, port, dir, exited);
    await server.healthy();
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Polls /healthz until code-server answers (about a second after the spawn). */
  private async healthy(timeoutMs = 60_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      if (this.proc.exitCode !== null) throw new Error(`code-server exited with ${this.proc.exitCode}; see ${CodeServer.paths(this.dir).log}`);
      try {
        const res = await fetch(`${this.url}/healthz`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > until) throw new Error(`code-server did not answer /healthz within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** SIGTERM, then SIGKILL if it lingers. */
  async stop(): Promise<void> {
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return;
    this.proc.kill("SIGTERM");
    const timer = setTimeout(() => this.proc.kill("SIGKILL"), 10_000);
    await this.exited;
    clearTimeout(timer);
  }
}

/** code-server writes its config and logs under XDG folders (even for --version): keep them in the run's folder. */
function env(dir: string): NodeJS.ProcessEnv {
  const xdg = CodeServer.paths(dir).xdg;
  return { ...process.env, XDG_CONFIG_HOME: join(xdg, "config"), XDG_DATA_HOME: join(xdg, "data"), XDG_CACHE_HOME: join(xdg, "cache") };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}
