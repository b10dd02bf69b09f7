import { ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createMessageConnection, MessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";

/** One published diagnostics notification, as the benchmark sees it. */
interface Published {
  uri: string;
  version?: number;
  count: number;
  at: number;
}

/**
 * The benchmark's LSP client: one implementation for every server it drives (ours and the peer), over the
 * server's real stdio protocol. It measures the time from a notification it sends to the diagnostics it gets.
 */
export class BenchClient {
  private readonly published: Published[] = [];
  /** `$/progress` tokens begun and not ended (our server's index builds; a superseded build ends its own). */
  private readonly progress = new Set<unknown>();
  private waiters: (() => void)[] = [];
  private stderr = "";

  private constructor(
    private readonly proc: ChildProcess,
    private readonly conn: MessageConnection,
  ) {
    conn.onNotification("textDocument/publishDiagnostics", (p: { uri: string; version?: number; diagnostics: unknown[] }) => {
      this.published.push({ uri: p.uri, version: p.version, count: p.diagnostics.length, at: performance.now() });
      for (const w of this.waiters.splice(0)) w();
    });
    // Servers ask for configuration and register capabilities; answer as a minimal editor would.
    conn.onRequest("workspace/configuration", (p: { items: { section?: string }[] }) => p.items.map((i) => this.settings[i.section ?? ""] ?? null));
    conn.onRequest("client/registerCapability", () => null);
    conn.onRequest("window/workDoneProgress/create", () => null);
    conn.onNotification("$/progress", (p: { token: unknown; value?: { kind?: string } }) => {
      if (p.value?.kind === "begin") this.progress.add(p.token);
      if (p.value?.kind === "end") this.progress.delete(p.token);
    });
    conn.onNotification(() => undefined);
    proc.stderr?.on("data", (d: Buffer) => (this.stderr = (this.stderr + d.toString()).slice(-4000)));
    conn.listen();
  }

  private settings: Record<string, unknown> = {};

  /** Whether work the server reports progress of (our index build) is under way. */
  get busy(): boolean {
    return this.progress.size > 0;
  }

  /**
   * Spawns `command args` and completes the initialize handshake. `settings` holds each configuration section
   * (answered to workspace/configuration and pushed once); `initializationOptions` is sent as is.
   */
  static async start(
    command: string,
    args: string[],
    options: { settings: Record<string, unknown>; initializationOptions?: unknown; rootUri: string },
  ): Promise<BenchClient> {
    const { settings, initializationOptions, rootUri } = options;
    const proc = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
    const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
    const client = new BenchClient(proc, conn);
    client.settings = settings;
    await conn.sendRequest("initialize", {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: "bench" }],
      capabilities: {
        workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } },
        window: { workDoneProgress: true },
        textDocument: {
          synchronization: { dynamicRegistration: false, didSave: false },
          publishDiagnostics: { relatedInformation: true, versionSupport: true },
          completion: { completionItem: { snippetSupport: true } },
          hover: { contentFormat: ["markdown", "plaintext"] },
        },
      },
      initializationOptions,
    });
    await conn.sendNotification("initialized", {});
    await conn.sendNotification("workspace/didChangeConfiguration", { settings });
    // Let the server take its settings (a configuration round trip) before any document is opened.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return client;
  }

  /**
   * Diagnostics for `uri` published after `since` (performance.now()), for `version` when the server says which
   * version it diagnosed; rejects after `timeoutMs`.
   */
  async diagnosticsAfter(uri: string, since: number, version: number, timeoutMs: number): Promise<Published> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.published.find((p) => p.uri === uri && p.at >= since && (p.version === undefined || p.version === version));
      if (found) return found;
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`no diagnostics for ${uri} within ${timeoutMs} ms${this.stderr ? `; server stderr: ${this.stderr}` : ""}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Opens a document and measures the time to its first diagnostics. */
  async open(uri: string, text: string, timeoutMs: number): Promise<number> {
    const start = performance.now();
    await this.conn.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "yaml", version: 1, text } });
    return (await this.diagnosticsAfter(uri, start, 1, timeoutMs)).at - start;
  }

  /** Sends one incremental change and measures the time to the diagnostics that follow it. */
  async change(
    uri: string,
    version: number,
    change: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; text: string },
    timeoutMs: number,
  ): Promise<number> {
    const start = performance.now();
    await this.conn.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [change] });
    return (await this.diagnosticsAfter(uri, start, version, timeoutMs)).at - start;
  }

  async close(uri: string): Promise<void> {
    await this.conn.sendNotification("textDocument/didClose", { textDocument: { uri } });
  }

  async request<R>(method: string, params: unknown): Promise<R> {
    return this.conn.sendRequest(method, params) as Promise<R>;
  }

  /** The server's peak resident memory so far (VmHWM), in MB; undefined where /proc is not available. */
  peakRssMb(): number | undefined {
    try {
      const status = readFileSync(`/proc/${this.proc.pid}/status`, "utf8");
      const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
      return kb === undefined ? undefined : Number(kb) / 1024;
    } catch {
      return undefined;
    }
  }

  /** Shuts the server down (and kills it if it does not exit in time). */
  async stop(): Promise<void> {
    try {
      await Promise.race([this.conn.sendRequest("shutdown"), new Promise((r) => setTimeout(r, 5000))]);
      await this.conn.sendNotification("exit");
    } catch {
      // the server may already be gone
    }
    const exited = new Promise<void>((resolve) => this.proc.once("exit", () => resolve()));
    const timer = setTimeout(() => this.proc.kill(), 5000);
    if (this.proc.exitCode === null) await exited;
    clearTimeout(timer);
    this.conn.dispose();
  }
}
