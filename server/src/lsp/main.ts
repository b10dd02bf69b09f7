import { format } from "node:util";
import { ConnectionOptions, createConnection, ErrorCodes, Message, ProposedFeatures, StreamMessageWriter } from "vscode-languageserver/node";
import { commandLineAnswer } from "./command-line";
import { Foreground } from "./foreground";
import { FrameGuard } from "./frame-guard";
import { startServer } from "./server";

const TRANSPORTS = /^--(stdio|node-ipc|socket=|pipe=)/;

/**
 * Entry point: the transport (`--stdio`, `--node-ipc`, `--socket=N`, `--pipe=NAME`) comes from the command
 * line; without one, stdio (`npx` keeps a bare `--stdio` for itself, so it may never reach us). `--help` and
 * `--version` are answered on stdout instead (exit 0).
 */
export function main(): void {
  const args = process.argv.slice(2);
  const answer = commandLineAnswer(args);
  if (answer !== undefined) {
    process.stdout.write(answer);
    return;
  }
  const stdio = !args.some((a) => TRANSPORTS.test(a)) || args.includes("--stdio");
  const foreground = new Foreground();
  // Messages are seen as they are read where the transport lets us (stdio, IPC); elsewhere when dispatched.
  const readHooked = stdio || args.includes("--node-ipc");
  const options: ConnectionOptions = {
    messageStrategy: {
      handleMessage: (message, next) => {
        if (!readHooked) foreground.arrived(message);
        try {
          next(message);
        } finally {
          foreground.dispatched(message);
        }
      },
    },
  };
  if (args.includes("--node-ipc")) process.on("message", (message) => foreground.arrived(message as Message));
  const connection = stdio ? stdioConnection(foreground, options) : createConnection(ProposedFeatures.all, options);
  // A promise rejected where nobody waits (a background task) would end the process: it is logged instead.
  process.on("unhandledRejection", (e) =>
    connection.console.error(`packlint: an unhandled rejection: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`),
  );
  startServer(connection, foreground);
}

/**
 * stdio through a FrameGuard: malformed frames and messages are skipped and answered with a JSON-RPC error (id
 * null, as JSON-RPC asks when no id can be read) instead of leaving the reader stuck or the request unanswered.
 */
function stdioConnection(foreground: Foreground, options: ConnectionOptions) {
  const writer = new StreamMessageWriter(process.stdout);
  const input = process.stdin.pipe(
    new FrameGuard(
      (p) => {
        connection.console.error(p.message);
        if (p.answer === false) return;
        const code =
          p.kind === "params" ? ErrorCodes.InvalidParams : p.kind === "message" || p.kind === "request" ? ErrorCodes.InvalidRequest : ErrorCodes.ParseError;
        void writer.write({ jsonrpc: "2.0", id: p.id ?? null, error: { code, message: p.message } } as never).catch(() => undefined);
      },
      (message) => foreground.arrived(message as Message),
      (partial) => foreground.reading(partial),
    ),
  );
  // Given an input stream, the library exits when it ends (as for --stdio). The writer is one object for the
  // library and the parse errors above (the library accepts a MessageWriter in place of a stream at run time; its
  // typings only declare both streams or both reader and writer). Console is not patched as for --stdio: anything
  // written to stdout besides the protocol would corrupt it, so it goes to the client's log.
  const connection = createConnection(ProposedFeatures.all, input, writer as unknown as NodeJS.WritableStream, options);
  for (const level of ["log", "info", "warn", "error"] as const) {
    console[level] = (...args: unknown[]) => connection.console[level](format(...args));
  }
  return connection;
}
