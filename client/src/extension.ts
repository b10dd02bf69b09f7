import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";
import { registerCommands } from "./commands";
import { createLanguageClient } from "./language-client";
import { offerLanguageMode } from "./language-mode";
import { REPORT_SCHEME, Reports } from "./reports";
import { SkillTests } from "./skill-tests";
import { PackStatusBar } from "./status-bar";

let client: LanguageClient | undefined;

/** Starts the bundled language server and wires the editor-only pieces: commands, status bar, language-mode offers. */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel("AgentClash", { log: true });
  context.subscriptions.push(output);
  client = createLanguageClient(context, output);
  const reports = new Reports();
  context.subscriptions.push(reports, vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, reports));
  const skillTests = new SkillTests(context, client, reports);
  context.subscriptions.push(skillTests);
  registerCommands(context, client, output, reports, skillTests);
  const status = new PackStatusBar(client);
  context.subscriptions.push(status);
  await client.start();
  offerLanguageMode(context, client);
  status.update();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
