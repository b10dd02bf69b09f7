import type * as vscode from "vscode";
import { start, stop } from "./activate";
import { createLanguageClient } from "./language-client";

/** The extension in Node (package.json "main"): the server runs as a Node process beside the editor. */
export function activate(context: vscode.ExtensionContext): Promise<void> {
  return start(context, { createClient: (options) => createLanguageClient(context, options), web: false });
}

export function deactivate(): Promise<void> {
  return stop();
}
