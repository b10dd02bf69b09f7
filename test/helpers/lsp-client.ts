import { ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import type { ClientCapabilities, ProtocolConnection, PublishDiagnosticsParams } from "vscode-languageserver/node";

/**
 * The client side: vscode-languageserver-protocol (over vscode-jsonrpc). Its 3.18 package is reachable only
 * through package "exports", which this project's classic module resolution does not read at compile time
 * (Node does at run time); it is typed by the same protocol API that vscode-languageserver re-exports.
 */
export const protocol: typeof import("vscode-languageserver/node") = require("vscode-languageserver-protocol/node");
const { InitializeRequest, InitializedNotification, LogMessageNotification, PublishDiagnosticsNotification, ShutdownRequest, ExitNotification } = protocol;

const ROOT = join(__dirname, "..", "..", "..");
export const BIN = join(ROOT, "out", "server", "src", "lsp", "bin.js");

/** Upper bound of every wait in protocol tests: they wait for an event, never for a fixed time. */
export const WAIT_MS = 10_000;

/** The real server, spawned over stdio, and a JSON-RPC connection to it that records its notifications. */
export class ServerProcess {
  readonly published: PublishDiagnosticsParams[] = [];
  readonly logs: string[] = [];
  /** The server's answer to initialize (its capabilities). */
  initializeResult?: { capabilities: { codeActionProvider?: unknown } };
  /** Everything the server wrote (to see answers to raw messages). */
  private raw = Buffer.alloc(0);
  private waiters: (() => void)[] = [];

  private constructor(
    readonly proc: ChildProcess,
    readonly conn: ProtocolConnection,
  ) {
    conn.onNotification(PublishDiagnosticsNotification.type, (p: PublishDiagnosticsParams) => {
      this.published.push(p);
      this.wake();
    });
    conn.onNotification(LogMessageNotification.type, (p: { message: string }) => {
      this.logs.push(p.message);
      this.wake();
    });
    proc.stdout!.on("data", (chunk: Buffer) => {
      this.raw = Buffer.concat([this.raw, chunk]);
      this.wake();
    });
    conn.listen();
  }

  /** The messages the server wrote so far, parsed from its raw output. */
  rawMessages(): { id?: unknown; result?: unknown; error?: { code: number; message: string } }[] {
    const out = [];
    let at = 0;
    for (;;) {
      const headerEnd = this.raw.indexOf("\r\n\r\n", at);
      const length = headerEnd < 0 ? undefined : /Content-Length: (\d+)/i.exec(this.raw.subarray(at, headerEnd).toString("ascii"))?.[1];
      if (length === undefined) break;
      const start = headerEnd + 4;
      const end = start + Number(length);
      if (end > this.raw.length) break;
      out.push(JSON.parse(this.raw.subarray(start, end).toString("utf8")));
      at = end;
    }
    return out;
  }

  /** Writes JSON-RPC messages to the server in a single write, framed as LSP does. */
  writeRaw(...messages: object[]): void {
    const framed = messages.map((m) => {
      const body = JSON.stringify({ jsonrpc: "2.0", ...m });
      return `Content-Length: ${Buffer.byteLength(body, "utf8")}\r\n\r\n${body}`;
    });
    this.proc.stdin!.write(framed.join(""));
  }

  /**
   * `workspaceFolders`: folder URIs sent in `initialize` (none by default). `setup` installs the client's
   * handlers (server-to-client requests such as workspace/configuration) before anything is sent. `command`: the
   * server to start (by default this checkout's compiled server, under this Node), `--stdio` appended. `params`:
   * more of initialize's params (`trace`, say).
   */
  static async start(
    initializationOptions: unknown,
    capabilities: ClientCapabilities = {},
    workspaceFolders: string[] | null = null,
    setup: (conn: ProtocolConnection) => void = () => undefined,
    command: { argv: string[]; cwd?: string; env?: NodeJS.ProcessEnv } = { argv: [process.execPath, BIN] },
    params: object = {},
  ): Promise<ServerProcess> {
    const [exe, ...args] = command.argv;
    const proc = spawn(exe, [...args, "--stdio"], { cwd: command.cwd ?? ROOT, env: command.env ?? process.env, stdio: ["pipe", "pipe", "pipe"] });
    const conn = protocol.createProtocolConnection(new protocol.StreamMessageReader(proc.stdout!), new protocol.StreamMessageWriter(proc.stdin!));
    const server = new ServerProcess(proc, conn);
    setup(conn);
    server.initializeResult = await bounded(
      conn.sendRequest(InitializeRequest.type, {
        processId: process.pid,
        rootUri: null,
        capabilities,
        initializationOptions,
        workspaceFolders: workspaceFolders && workspaceFolders.map((uri, i) => ({ uri, name: `folder${i}` })),
        ...params,
      }),
      "initialize",
    );
    await conn.sendNotification(InitializedNotification.type, {});
    return server;
  }

  /** Re-checks every waitFor (call it from your own handlers). */
  wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Resolves with the first value `probe` finds, re-checking on every notification; fails after WAIT_MS. */
  waitFor<T>(what: string, probe: () => T | undefined): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), WAIT_MS);
      const check = () => {
        const v = probe();
        if (v !== undefined) {
          clearTimeout(timer);
          resolve(v);
        } else this.waiters.push(check);
      };
      check();
    });
  }

  /** The first diagnostics published for `uri` at `version` (after `from` publications). */
  diagnosticsFor(uri: string, version: number | undefined, from = 0): Promise<PublishDiagnosticsParams> {
    return this.waitFor(`diagnostics of ${uri}@${version}`, () => this.published.slice(from).find((p) => p.uri === uri && p.version === version));
  }

  /** shutdown, exit, and the process's exit code. */
  async stop(): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) => this.proc.once("exit", (code) => resolve(code)));
    await bounded(this.conn.sendRequest(ShutdownRequest.type), "shutdown");
    await this.conn.sendNotification(ExitNotification.type);
    const code = await bounded(exited, "exit");
    this.conn.dispose();
    return code;
  }

  kill(): void {
    if (this.proc.exitCode === null) this.proc.kill();
  }
}

export function bounded<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), WAIT_MS))),
  ]);
}
