import { createConnection, ProposedFeatures } from "vscode-languageserver/node";
import { startServer } from "./server";

/** Entry point: the transport (`--stdio`, `--node-ipc`, `--socket=N`) comes from the command line. */
export function main(): void {
  startServer(createConnection(ProposedFeatures.all));
}
