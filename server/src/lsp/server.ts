import {
  Connection,
  DiagnosticServerCancellationData,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  DocumentDiagnosticParams,
  DocumentDiagnosticReport,
  ErrorCodes,
  InitializeError,
  InitializeResult,
  ResponseError,
} from "vscode-languageserver/node";
import { SETTINGS_SECTION } from "../../../shared/src";
import { ClientSupport, clientSupport, serverCapabilities } from "./client-capabilities";
import type { ServerContext } from "./context";
import { registerCustomRequests } from "./custom-requests";
import { ExtrasNotice } from "./extras-notice";
import { Foreground } from "./foreground";
import { IndexPause } from "./index-pause";
import { registerEditorRequests } from "./editor-requests";
import { registerFeatureRequests } from "./feature-requests";
import { registerServerCommands } from "./server-commands";
import { servingNote } from "./serving-log";
import { packageVersion } from "../workspace/package-version";
import { IndexProgress } from "./index-progress";
import { RUNTIME } from "./runtime";
import { Lifecycle } from "./lifecycle";
import { OpenDiagnostics } from "./open-diagnostics";
import { openDocuments } from "./open-documents";
import { workspaceFolders } from "./params";
import { PendingChanges } from "./pending-changes";
import { PullDiagnostics } from "./pull-diagnostics";
import { PushDiagnostics } from "./push-diagnostics";
import { Sessions } from "./sessions";
import { SettingsSync } from "./settings-sync";
import { Workspace } from "./workspace";

/**
 * Wires the language service to an LSP connection: the open documents and their sessions, settings, the
 * workspace, diagnostics (pushed or pulled) and every request. `foreground` is told by the transport of every
 * message read and dispatched (main.ts): the workspace index works only while nothing waits.
 */
export function startServer(connection: Connection, foreground = new Foreground()): void {
  foreground.trace = (message) => connection.tracer.log(message);
  const lifecycle = new Lifecycle(connection, foreground);
  const log = lifecycle.log.bind(lifecycle);
  const safely = lifecycle.safely.bind(lifecycle);
  let client: ClientSupport = clientSupport(undefined);

  const pending = new PendingChanges();
  const documents = openDocuments(pending);
  const sessions = new Sessions(pending, {
    kindOf: (doc) => workspace.scopes.kindsFor(doc.uri).kindOf(doc.uri, doc.languageId, doc.getText()),
    skillHost: (uri) => workspace.scopes.skillHost(uri),
    log,
    built: (uri) => connection.tracer.log(`built model ${uri}`),
  });
  const diagnostics = new OpenDiagnostics(
    documents,
    sessions,
    () => workspace.scopes,
    (uri, kind, text) => workspace.indexedSummary(uri, kind, text),
  );

  const push = new PushDiagnostics({
    debounceMs: (uri) => workspace.scopes.settingsFor(uri).diagnosticsDebounceMs,
    current: (uri) => {
      const doc = documents.get(uri);
      return doc && { version: doc.version, diagnostics: () => diagnostics.lsp(doc), served: !!sessions.kindOf(doc) };
    },
    versionNow: (uri) => documents.get(uri)?.version,
    send: (uri, version, found) => void connection.sendDiagnostics({ uri, version, diagnostics: found }),
    safely,
    hold: () => foreground.hold(),
  });
  const pulls = new PullDiagnostics({
    debounceMs: (uri) => workspace.scopes.settingsFor(uri).diagnosticsDebounceMs,
    canRefresh: () => client.refreshDiagnostics,
    refresh: () => void connection.languages.diagnostics.refresh(),
  });
  const schedule = (uri: string, delay?: number) => {
    if (!client.pullDiagnostics && !lifecycle.shutDown) push.schedule(uri, delay);
  };

  /** Open documents are checked again (after a change of settings, configs or files on disk). */
  const recheckOpen = (settingsChanged: boolean) => {
    if (settingsChanged) sessions.settingsChanged();
    if (client.pullDiagnostics) {
      if (client.refreshDiagnostics) void connection.languages.diagnostics.refresh();
    } else for (const doc of documents.all()) schedule(doc.uri);
  };
  /** Settings or configs changed: everything is checked again and the index rebuilt (globs may have changed; files published from disk follow it). */
  const revalidateAll = () => {
    recheckOpen(true);
    // The document kinds may have changed, and with them the tokens and hints; the hints may have been switched.
    if (client.inlayHintRefresh) void connection.languages.inlayHint.refresh().catch(() => undefined);
    if (client.semanticTokensRefresh) connection.languages.semanticTokens.refresh();
    void workspace.rebuild();
  };

  const workspace: Workspace = new Workspace({
    isOpen: (uri) => !!documents.get(uri),
    openDiagnostics: (uri) => diagnostics.openService(uri),
    openSymbols: () =>
      documents.all().flatMap((doc) => {
        const symbols = sessions.of(doc)?.keySymbols?.();
        return symbols ? [{ uri: doc.uri, symbols }] : [];
      }),
    publish: (uri, found) => void connection.sendDiagnostics({ uri, diagnostics: found.map((d) => diagnostics.toLsp(uri, d)) }),
    diskChanged: () => {
      sessions.diskChanged();
      recheckOpen(false);
    },
    configChanged: () => revalidateAll(),
    progress: () => new IndexProgress(() => connection.window.createWorkDoneProgress()),
    log,
    warn: (message) => connection.console.warn(message),
    session: (uri, kind, text) => sessions.forText(documents.get(uri), kind, text),
    idle: () => foreground.idle(),
    aside: (wait) => foreground.aside(wait),
    trace: (message) => connection.tracer.log(message),
    info: (message) => connection.console.info(message),
  });
  const indexPause = new IndexPause(workspace.workerGate, (message) => connection.tracer.log(message));
  foreground.onChange = (busy, awaitingIndex) => indexPause.update(busy, awaitingIndex);
  const setFolders = (folders: { uri: string; name: string }[]) => {
    workspace.scopes.setFolders(folders);
    const shown = workspace.scopes.folderList().map((f) => (f.path ? `${f.name} (${f.path})` : `${f.name} (${f.uri}: not on disk, nothing is read)`));
    connection.console.info(
      shown.length ? `workspace folders: ${shown.join(", ")}` : "no workspace folder: open files are served, nothing on disk is looked at",
    );
  };
  const settings = new SettingsSync(connection, () => workspace.scopes, revalidateAll, log);
  const extras = new ExtrasNotice(connection);
  const ctx: ServerContext = { connection, documents, sessions, workspace, lifecycle, diagnostics, extras };

  // A document just opened is diagnosed at once; edits wait for the debounce (onDidChangeContent fires on open too).
  const opened = new Set<string>();
  documents.onDidOpen((e) =>
    safely("open", () => {
      opened.add(e.document.uri);
      connection.console.info(servingNote(workspace.scopes, e.document.uri, e.document.languageId, e.document.getText()));
      // A pulling client keeps pulled and pushed diagnostics apart: an opened file's disk results would show twice.
      if (client.pullDiagnostics) workspace.opened(e.document.uri);
    }),
  );
  documents.onDidChangeContent((e) => {
    const justOpened = opened.delete(e.document.uri);
    if (client.pullDiagnostics && !justOpened) pulls.changed(e.document.uri);
    schedule(e.document.uri, justOpened ? 0 : undefined);
  });
  documents.onDidClose((e) =>
    safely("close", () => {
      const uri = e.document.uri;
      sessions.forget(uri);
      extras.forget(uri);
      editor.forget(uri);
      pulls.closed(uri);
      const wasPublished = push.closed(uri);
      if (workspace.hasDiskDiagnostics(uri))
        workspace.closed(uri); // back to what the file on disk says
      else if (!client.pullDiagnostics && wasPublished) void connection.sendDiagnostics({ uri, diagnostics: [] });
    }),
  );

  connection.languages.diagnostics.on(
    lifecycle.guard<DocumentDiagnosticParams, DocumentDiagnosticReport, DiagnosticServerCancellationData>(
      "diagnostics",
      { kind: "full", items: [] },
      (params, token) =>
        pulls.pull(
          params.textDocument.uri,
          params.previousResultId,
          () => {
            const doc = documents.get(params.textDocument.uri);
            return doc ? diagnostics.lsp(doc) : [];
          },
          token,
        ),
    ),
  );

  connection.onInitialize((params): InitializeResult | ResponseError<InitializeError> => {
    if (lifecycle.initialized) return new ResponseError(ErrorCodes.InvalidRequest, "initialize was already received", { retry: false });
    lifecycle.initialized = true;
    // Notifications before initialize are dropped (LSP): the documents are listened to from now on.
    documents.listen(connection);
    client = clientSupport(params);
    settings.asks = client.configurationRequests;
    settings.initial(params?.initializationOptions);
    connection.console.info(
      `packlint-language-server ${packageVersion()} started (${RUNTIME}${params?.clientInfo?.name ? `, client: ${params.clientInfo.name}` : ""})`,
    );
    setFolders(params?.workspaceFolders ? workspaceFolders(params.workspaceFolders) : workspaceFolders([{ uri: params?.rootUri }]));
    return { capabilities: serverCapabilities(client), serverInfo: { name: "packlint-language-server" } };
  });

  connection.onInitialized(() => {
    if (client.watchedFilesRegistration) {
      // Every file: packs and configs, and the files packs name (their asset checks follow the disk).
      void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: "**/*" }] }).catch(() => undefined);
    }
    if (client.workspaceFoldersRequests) {
      connection.workspace.onDidChangeWorkspaceFolders((e) =>
        safely("workspace folders", () => {
          const removed = new Set(workspaceFolders(e?.removed).map((f) => f.uri));
          const kept = workspace.scopes.folderList().filter((f) => !removed.has(f.uri));
          setFolders([...kept, ...workspaceFolders(e?.added).filter((f) => !kept.some((k) => k.uri === f.uri))]);
          // Rebuilt at once, so requests that follow see the new folders; again once their settings are in.
          void workspace.rebuild();
          void settings.load();
        }),
      );
    }
    if (client.configurationRequests) {
      void connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION }).catch(() => undefined);
      void settings.load();
    } else void workspace.rebuild();
  });

  connection.onDidChangeConfiguration((params) => settings.pushedChange(params.settings));
  connection.onDidChangeWatchedFiles((params) =>
    safely("file watching", () => void workspace.filesChanged(Array.isArray(params?.changes) ? params.changes : []).catch((e) => log("file watching", e))),
  );

  registerFeatureRequests(ctx);
  const editor = registerEditorRequests(ctx);
  registerCustomRequests(ctx);
  registerServerCommands(ctx, { showDocument: () => client.showDocument });

  connection.onShutdown(() => {
    lifecycle.shutDown = true;
    indexPause.dispose();
    workspace.stop();
    push.dispose();
    pulls.dispose();
  });

  connection.listen();
}
