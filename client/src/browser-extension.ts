import * as vscode from "vscode";
import { LanguageClient } from "vscode-languageclient/browser";
import { start, stop } from "./activate";

/**
 * The extension in a browser (package.json "browser": vscode.dev, github.dev): the server runs in a Web Worker
 * (dist/server-web.js) and reads the workspace through this client (file-requests.ts).
 */
export function activate(context: vscode.ExtensionContext): Promise<void> {
  return start(context, {
    createClient: (options) => {
      const main = vscode.Uri.joinPath(context.extensionUri, "dist", "server-web.js");
      // A new worker at each start (Restart the Language Server ends the last one).
      return new LanguageClient("packlint", "packlint", () => Promise.resolve(new Worker(main.toString(true))), options);
    },
    web: true,
  });
}

export function deactivate(): Promise<void> {
  return stop();
}
