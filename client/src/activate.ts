import * as vscode from "vscode";
import type { BaseLanguageClient, LanguageClientOptions } from "vscode-languageclient";
import { LanguageIds, SETTINGS_SECTION } from "../../shared/src";
import { registerCommands } from "./commands";
import { answerFileRequests } from "./file-requests";
import { offerLanguageMode } from "./language-mode";
import { lensMiddleware } from "./lens-commands";
import { REPORT_SCHEME, Reports } from "./reports";
import type { SkillTests } from "./skill-tests";
import { PackStatusBar } from "./status-bar";

/** The Red Hat YAML extension serves every document in `yaml` mode; with it installed, those are left to it. */
export const RED_HAT_YAML = "redhat.vscode-yaml";

/** The platform's part: the language client (the server over Node IPC, or in a Web Worker) and what the platform allows. */
export interface Platform {
  createClient(options: LanguageClientOptions): BaseLanguageClient;
  /** The Test Explorer's Skill cases, where processes can start (Node); undefined in a browser. */
  skillTests?(client: BaseLanguageClient, reports: Reports): SkillTests;
  /** In a browser (vscode.dev, github.dev): no processes, documents of any scheme, files through `workspace.fs`. */
  web: boolean;
}

let client: BaseLanguageClient | undefined;

/**
 * The extension's start, the same for both entries (extension.ts in Node, browser-extension.ts in a browser): starts
 * the language server and wires the editor-only pieces: commands, status bar, language-mode offers.
 */
export async function start(context: vscode.ExtensionContext, platform: Platform): Promise<void> {
  const output = vscode.window.createOutputChannel("AgentClash", { log: true });
  context.subscriptions.push(output);
  const started = platform.createClient(clientOptions(context, output, platform.web, () => started));
  client = started;
  if (platform.web) answerFileRequests(context, started);
  const reports = new Reports();
  context.subscriptions.push(reports, vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, reports));
  const skillTests = platform.skillTests?.(started, reports);
  if (skillTests) context.subscriptions.push(skillTests);
  registerCommands(context, started, output, reports, skillTests, platform.web);
  const status = new PackStatusBar(started);
  context.subscriptions.push(status);
  await started.start();
  offerLanguageMode(context, started);
  status.update();
}

export async function stop(): Promise<void> {
  await client?.stop();
  client = undefined;
}

function settings(): Record<string, unknown> {
  return JSON.parse(JSON.stringify(vscode.workspace.getConfiguration(SETTINGS_SECTION))) as Record<string, unknown>;
}

/**
 * Our own language modes are always served; plain `yaml` documents too (the server keeps those that look like
 * packs), unless the Red Hat YAML extension serves them already, with the schema this extension contributes, so
 * that nothing shows twice. In Node, files and untitled documents; in a browser, every scheme (vscode-vfs: …).
 */
function clientOptions(
  context: vscode.ExtensionContext,
  output: vscode.LogOutputChannel,
  web: boolean,
  client: () => BaseLanguageClient,
): LanguageClientOptions {
  const docs = vscode.Uri.joinPath(context.extensionUri, "dist", "docs", "rules");
  const languages: string[] = [LanguageIds.pack, LanguageIds.skillCases];
  if (!vscode.extensions.getExtension(RED_HAT_YAML)) languages.push("yaml");
  return {
    documentSelector: languages.flatMap((language) =>
      web
        ? [{ language }]
        : [
            { scheme: "file", language },
            { scheme: "untitled", language },
          ],
    ),
    outputChannel: output,
    // The settings (as data: a worker's messages carry no functions); in a browser also where the rule pages are
    // (the server in its worker cannot see the extension's files).
    initializationOptions: web ? { ...settings(), packagedRulesDocs: docs.toString(true) } : vscode.workspace.getConfiguration(SETTINGS_SECTION),
    middleware: lensMiddleware(client),
  };
}
