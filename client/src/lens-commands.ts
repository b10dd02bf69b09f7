import * as vscode from "vscode";
import type { BaseLanguageClient as LanguageClient, Middleware } from "vscode-languageclient";
import type * as lsp from "vscode-languageclient";
import { Commands, ServerCommands } from "../../shared/src";

/**
 * The server's lenses name commands it executes itself (for clients with no UI of their own); here they are mapped
 * to VS Code's: its references peek, and the choice to copy or run an input set's command line.
 */
export function lensMiddleware(client: () => LanguageClient): Middleware {
  return {
    provideCodeLenses: async (document, token, next) => {
      const lenses = await next(document, token);
      return lenses?.map((lens) => {
        const command = lens.command && toEditorCommand(client(), lens.command);
        return command ? new vscode.CodeLens(lens.range, command) : lens;
      });
    },
  };
}

function toEditorCommand(client: LanguageClient, command: vscode.Command): vscode.Command | undefined {
  const args = command.arguments ?? [];
  if (command.command === ServerCommands.showReferences) {
    const [uri, position, locations] = args as [string, lsp.Position, lsp.Location[]];
    const p2c = client.protocol2CodeConverter;
    return {
      title: command.title,
      command: "editor.action.showReferences",
      arguments: [vscode.Uri.parse(uri), p2c.asPosition(position), locations.map((l) => p2c.asLocation(l))],
    };
  }
  if (command.command === ServerCommands.runInputSet) return { title: command.title, command: Commands.offerInputSetRun, arguments: args };
  return undefined;
}
