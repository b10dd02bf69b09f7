import * as vscode from "vscode";
import { DocumentSelector, LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from "vscode-languageclient/node";
import { LanguageIds, SETTINGS_SECTION } from "../../shared/src";
import { lensMiddleware } from "./lens-commands";

/** The Red Hat YAML extension serves every document in `yaml` mode; with it installed, those are left to it. */
export const RED_HAT_YAML = "redhat.vscode-yaml";

/**
 * The language client: the bundled server over node IPC. Our own language modes are always served; plain `yaml`
 * documents too (the server keeps those that look like packs), unless the Red Hat YAML extension serves them
 * already, with the schema this extension contributes, so that nothing shows twice.
 */
export function createLanguageClient(context: vscode.ExtensionContext, output: vscode.LogOutputChannel): LanguageClient {
  const module = context.asAbsolutePath("dist/server.js");
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ["--nolazy", "--inspect=6009"] } },
  };
  const languages: string[] = [LanguageIds.pack, LanguageIds.skillCases];
  if (!vscode.extensions.getExtension(RED_HAT_YAML)) languages.push("yaml");
  const documentSelector: DocumentSelector = languages.flatMap((language) => [
    { scheme: "file", language },
    { scheme: "untitled", language },
  ]);
  const clientOptions: LanguageClientOptions = {
    documentSelector,
    outputChannel: output,
    initializationOptions: vscode.workspace.getConfiguration(SETTINGS_SECTION),
    middleware: lensMiddleware(() => client),
  };
  const client = new LanguageClient("packlint", "AgentClash", serverOptions, clientOptions);
  return client;
}
