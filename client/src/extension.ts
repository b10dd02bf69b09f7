import type * as vscode from "vscode";
import { start, stop } from "./activate";
import { createLanguageClient } from "./language-client";
import { SkillTests } from "./skill-tests";

/** The extension in Node (package.json "main"): the server runs as a Node process beside the editor, and Skill tests run agents. */
export function activate(context: vscode.ExtensionContext): Promise<void> {
  return start(context, {
    createClient: (options) => createLanguageClient(context, options),
    skillTests: (client, reports) => new SkillTests(context, client, reports),
    web: false,
  });
}

export function deactivate(): Promise<void> {
  return stop();
}
