import * as vscode from "vscode";
import { LanguageClient, type LanguageClientOptions, type ServerOptions, TransportKind } from "vscode-languageclient/node";

export { RED_HAT_YAML } from "./activate";

/** The language client in Node: the bundled server (dist/server.js) over node IPC. */
export function createLanguageClient(context: vscode.ExtensionContext, clientOptions: LanguageClientOptions): LanguageClient {
  const module = context.asAbsolutePath("dist/server.js");
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ["--nolazy", "--inspect=6009"] } },
  };
  return new LanguageClient("packlint", "AgentClash", serverOptions, clientOptions);
}
