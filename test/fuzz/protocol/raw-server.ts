import { ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";

export const ROOT = join(__dirname, "..", "..", "..", "..");
export const SERVER_BIN = join(ROOT, "out", "server", "src", "lsp", "bin.js");

/** A JSON-RPC message as the server wrote it. */
export interface Incoming {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
}

/**
 * The real language server over stdio, spoken to byte by byte: the fuzzer writes anything (valid messages,
 * malformed frames, junk) and reads what comes back. Requests the server sends to the client are answered
 * by `answerServer`; everything the server wrote is kept in order.
 */
export class RawServer {
  readonly received: Incoming[] = [];
  /** Problems with the server's own output (it must always write well-formed frames). */
  readonly outputProblems: string[] = [];
  stderr = "";
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private buffer = Buffer.alloc(0);
  private waiters: (() => void)[] = [];

  private constructor(
    readonly proc: ChildProcess,
    private readonly answerServer: (m: Incoming) => unknown,
  ) {
    proc.stdout!.on("data", (chunk: Buffer) => this.onData(chunk));
    proc.stderr!.on("data", (chunk: Buffer) => (this.stderr += chunk.toString("utf8")));
    proc.on("exit", (code, signal) => {
      this.exit = { code, signal };
      this.wake();
    });
    // A server that died makes writes fail with EPIPE: the checks report the exit, not the pipe.
    proc.stdin!.on("error", () => undefined);
  }

  /** Spawns the server; `nodeArgs` go before the script (e.g. `--require` a preload), `env` adds to the environment. */
  static start(opts: { nodeArgs?: string[]; env?: NodeJS.ProcessEnv; answerServer?: (m: Incoming) => unknown } = {}): RawServer {
    const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), SERVER_BIN, "--stdio"], {
      cwd: ROOT,
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, ...opts.env },
    });
    return new RawServer(proc, opts.answerServer ?? (() => null));
  }

  get alive(): boolean {
    return this.exit === undefined;
  }

  /** Writes bytes as they are (a frame, several, or junk) in one write. */
  writeBytes(bytes: Buffer | string): void {
    if (this.alive) this.proc.stdin!.write(bytes);
  }

  /** Frames a message (an object, or any JSON text) as LSP does. */
  static frame(message: object | string): Buffer {
    const body = Buffer.from(typeof message === "string" ? message : JSON.stringify(message), "utf8");
    return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, "ascii"), body]);
  }

  send(...messages: (object | string)[]): void {
    this.writeBytes(Buffer.concat(messages.map((m) => RawServer.frame(m))));
  }

  /** Resolves when `probe` holds (re-checked on every message and on exit), or rejects after `ms`. */
  waitFor(what: string, ms: number, probe: () => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
      const check = () => {
        if (probe()) {
          clearTimeout(timer);
          resolve();
        } else this.waiters.push(check);
      };
      check();
    });
  }

  responseTo(id: number | string): Incoming | undefined {
    return this.received.find((m) => m.id === id && m.method === undefined);
  }

  kill(): void {
    if (this.alive) this.proc.kill("SIGKILL");
  }

  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf("\r\n\r\n");
      if (end < 0) break;
      const header = this.buffer.subarray(0, end).toString("ascii");
      const m = /^Content-Length: (\d+)$/im.exec(header);
      if (!m) {
        this.outputProblems.push(`a header without Content-Length: ${JSON.stringify(header.slice(0, 200))}`);
        this.buffer = Buffer.alloc(0);
        break;
      }
      const length = Number(m[1]);
      if (this.buffer.length < end + 4 + length) break;
      const body = this.buffer.subarray(end + 4, end + 4 + length).toString("utf8");
      this.buffer = this.buffer.subarray(end + 4 + length);
      let message: Incoming;
      try {
        message = JSON.parse(body) as Incoming;
      } catch {
        this.outputProblems.push(`a body that is not JSON: ${JSON.stringify(body.slice(0, 200))}`);
        continue;
      }
      this.received.push(message);
      // A request from the server (it has an id and a method): answer it, as a client must.
      if (message.method !== undefined && message.id !== undefined) {
        this.send({ jsonrpc: "2.0", id: message.id, result: this.answerServer(message) ?? null });
      }
    }
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
