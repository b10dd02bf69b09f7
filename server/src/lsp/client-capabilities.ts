import { ServerCommands } from "../../../shared/src";
import { CodeActionKind, type InitializeParams, type ServerCapabilities, TextDocumentSyncKind } from "vscode-languageserver/node";
import { CONVERT_LEGACY, FIX_ALL } from "../service";
import { SEMANTIC_TOKENS_PROVIDER } from "./editor-requests";

/** What the client said it can do, as far as the server's behaviour depends on it. */
export interface ClientSupport {
  pullDiagnostics: boolean;
  configurationRequests: boolean;
  refreshDiagnostics: boolean;
  workspaceFoldersRequests: boolean;
  watchedFilesRegistration: boolean;
  showDocument: boolean;
  /** workspace/inlayHint/refresh and workspace/semanticTokens/refresh: asked again when settings change. */
  inlayHintRefresh: boolean;
  semanticTokensRefresh: boolean;
}

export function clientSupport(params: InitializeParams | undefined): ClientSupport {
  const caps = params?.capabilities ?? {};
  return {
    pullDiagnostics: !!caps.textDocument?.diagnostic,
    configurationRequests: !!caps.workspace?.configuration,
    refreshDiagnostics: !!caps.workspace?.diagnostics?.refreshSupport,
    workspaceFoldersRequests: !!caps.workspace?.workspaceFolders,
    watchedFilesRegistration: !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration,
    showDocument: !!caps.window?.showDocument?.support,
    inlayHintRefresh: !!caps.workspace?.inlayHint?.refreshSupport,
    semanticTokensRefresh: !!caps.workspace?.semanticTokens?.refreshSupport,
  };
}

export function serverCapabilities(client: ClientSupport): ServerCapabilities {
  return {
    textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
    completionProvider: { triggerCharacters: [":", " ", "-", "."], resolveProvider: false },
    hoverProvider: true,
    definitionProvider: true,
    referencesProvider: true,
    documentHighlightProvider: true,
    renameProvider: { prepareProvider: true },
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL, CONVERT_LEGACY] },
    documentSymbolProvider: true,
    foldingRangeProvider: true,
    codeLensProvider: { resolveProvider: false },
    executeCommandProvider: { commands: Object.values(ServerCommands) },
    documentLinkProvider: { resolveProvider: false },
    workspaceSymbolProvider: true,
    semanticTokensProvider: SEMANTIC_TOKENS_PROVIDER,
    selectionRangeProvider: true,
    inlayHintProvider: { resolveProvider: false },
    diagnosticProvider: client.pullDiagnostics ? { interFileDependencies: false, workspaceDiagnostics: false } : undefined,
    workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
  };
}
