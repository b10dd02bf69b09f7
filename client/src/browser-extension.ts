import * as vscode from "vscode";
import { BrowserMessageReader, BrowserMessageWriter, LanguageClient } from "vscode-languageclient/browser";
import { start, stop } from "./activate";

/**
 * The extension in a browser (package.json "browser": vscode.dev, github.dev): the server runs in a Web Worker
 * (dist/server-web.js) and reads the workspace through this client (file-requests.ts).
 */
export function activate(context: vscode.ExtensionContext): Promise<void> {
  return start(context, {
    // A new worker at each start (Restart the Language Server ends the last one). Its transports are made here: the
    // web extension host's Worker is a wrapper, so the client's own `instanceof Worker` test would not know it.
    createClient: (options) =>
      new LanguageClient(
        "packlint",
        "AgentClash",
        async () => {
          const worker = new Worker(await serverScript(context));
          return { reader: new BrowserMessageReader(worker), writer: new BrowserMessageWriter(worker) };
        },
        options,
      ),
    web: true,
  });
}

/**
 * The URL the server's worker starts from. An extension served over http(s) (vscode.dev, github.dev) starts it from
 * its own URL; one installed on a remote (code-server, VS Code's serve-web) has a `vscode-remote:` URL, from which the
 * web extension host starts no worker, so its script is read through `workspace.fs` and started from a blob.
 */
async function serverScript(context: vscode.ExtensionContext): Promise<string> {
  const main = vscode.Uri.joinPath(context.extensionUri, "dist", "server-web.js");
  if (main.scheme !== "vscode-remote") return main.toString(true);
  const script = await vscode.workspace.fs.readFile(main);
  return URL.createObjectURL(new Blob([new Uint8Array(script)], { type: "application/javascript" }));
}

export function deactivate(): Promise<void> {
  return stop();
}
