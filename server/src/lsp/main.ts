import { createConnection, ProposedFeatures } from "vscode-languageserver/node";
import { startServer } from "./server";

const TRANSPORTS = /^--(stdio|node-ipc|socket=|pipe=)/;

/**
 * Entry point: the transport (`--stdio`, `--node-ipc`, `--socket=N`, `--pipe=NAME`) comes from the command
 * line; without one, stdio (`npx` keeps a bare `--stdio` for itself, so it may never reach us).
 */
export function main(): void {
  if (!process.argv.slice(2).some((a) => TRANSPORTS.test(a))) process.argv.push("--stdio");
  startServer(createConnection(ProposedFeatures.all));
}
