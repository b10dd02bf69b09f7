import {
  CancellationToken,
  CodeActionKind,
  Connection,
  DiagnosticServerCancellationData,
  DocumentDiagnosticParams,
  DocumentDiagnosticReport,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  InitializeError,
  InitializeResult,
  LSPErrorCodes,
  MessageType,
  ResponseError,
  ShowMessageNotification,
  TextDocuments,
  TextDocumentSyncKind,
} from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import {
  Commands,
  ConvertLegacyItemsResult,
  DocumentKindParams,
  DocumentKindResult,
  DocumentStatus,
  PacklintSettings,
  Requests,
  resolveSettings,
  SETTINGS_SECTION,
  SkillText,
  UriParams,
  WorkspaceValidation,
} from "../../../shared/src";
import { toLspDiagnostic } from "./convert";
import { findings, finishDiagnostics } from "../workspace/file-check";
import { packagedRulesDocs } from "../workspace/docs-location";
import { IndexProgress } from "./index-progress";
import { DocumentKind, DocumentSession, languages } from "../service/languages";
import { Workspace } from "./workspace";
import { PendingChanges } from "./pending-changes";
import { PullDiagnostics } from "./pull-diagnostics";
import { ExtrasPlan, extrasPlan, limitOutline } from "../service/large-files";
import { CONVERT_LEGACY, FIX_ALL } from "../service/features/actions";
import { changeProblem, clampedChange, openProblem, paramsProblem, workspaceFolders } from "./params";

/** Wires the language service to an LSP connection: documents, settings, diagnostics and every feature request. */
export function startServer(connection: Connection): void {
  // The content changes of each document since its session's version, for incremental updates of the model.
  const pending = new PendingChanges();
  const documents = new TextDocuments({
    create: (uri, languageId, version, text) => {
      const problem = openProblem(uri, version, text);
      if (problem) throw new Error(problem); // logged by the connection; the document is not opened
      return TextDocument.create(uri, languageId, version, text);
    },
    update: (doc, changes, version) => {
      const problem = changeProblem(changes, version);
      if (problem) throw new Error(problem); // logged by the connection; the document stays as it was
      const from = doc.version;
      // One at a time: each change's range is in the text the previous ones left, and is clamped to it.
      const applied = changes.map((change) => {
        const clamped = clampedChange(doc, change);
        TextDocument.update(doc, [clamped], version);
        return clamped;
      });
      pending.record(doc.uri, from, version, applied);
      return doc;
    },
  });
  let pullDiagnostics = false;
  let configurationRequests = false;
  let refreshDiagnostics = false;
  let workspaceFoldersRequests = false;
  let watchedFilesRegistration = false;
  /** The settings the client pushed last (initializationOptions, then didChangeConfiguration), for clients that are not asked. */
  let pushedSettings: unknown;
  /** initialize was received: before it, requests are answered ServerNotInitialized (LSP). */
  let initialized = false;
  /** shutdown was received: after it, requests are answered InvalidRequest (LSP). */
  let shutDown = false;

  // ---- one session (model) per document version ----
  // Keyed by version and text: a client may reopen a document or send a change without a new version number.
  const sessions = new Map<string, { version: number; text: string; kind: DocumentKind | undefined; settings: number; session: DocumentSession | undefined }>();
  /** Bumped when settings or configs change: a session built before is kept only if its document keeps its kind. */
  let settingsEpoch = 0;
  const sessionOf = (doc: TextDocument): DocumentSession | undefined => {
    const cached = sessions.get(doc.uri);
    const sameText = cached?.version === doc.version && cached.text === doc.getText();
    if (sameText && cached.settings === settingsEpoch) return cached.session;
    const kind = workspace.scopes.kindsFor(doc.uri).kindOf(doc.uri, doc.languageId, doc.getText());
    // Kinds that read files beside their text (whose place the settings may move) are built again.
    if (sameText && cached.kind === kind && (!kind || languages[kind].textOnly)) {
      cached.settings = settingsEpoch;
      return cached.session;
    }
    const language = kind && languages[kind];
    const changes = pending.take(doc.uri, cached?.version, doc.version);
    let session: DocumentSession | undefined;
    // The previous version's session turns into this one's when the document kept its kind.
    if (language && changes && cached?.session?.update && cached.kind === kind && cached.version !== doc.version) {
      try {
        session = cached.session.update(changes, doc.version);
      } catch (e) {
        log("incremental update", e);
      }
    }
    session ??= language ? language.open(doc.getText(), doc.uri, { skillHost: workspace.scopes.skillHost(doc.uri) }) : undefined;
    sessions.set(doc.uri, { version: doc.version, text: doc.getText(), kind, settings: settingsEpoch, session });
    return session;
  };
  const sessionFor = (uri: string) => {
    const doc = documents.get(uri);
    return doc ? sessionOf(doc) : undefined;
  };

  const log = (what: string, e: unknown) => connection.console.error(`packlint: ${what} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);

  /**
   * Every request handler: yields once so a `$/cancelRequest` that is already queued is seen, answers a
   * cancelled request with RequestCancelled, and turns an exception into a logged, empty answer.
   */
  function guard<P, R, E = void>(name: string, empty: R, fn: (params: P, token: CancellationToken) => R | ResponseError<E> | Promise<R | ResponseError<E>>) {
    return async (params: P, token: CancellationToken): Promise<R | ResponseError<E>> => {
      if (!initialized) return new ResponseError(ErrorCodes.ServerNotInitialized, `${name}: the server is not initialized`);
      if (shutDown) return new ResponseError(ErrorCodes.InvalidRequest, `${name}: the server is shut down`);
      const problem = paramsProblem(name, params);
      if (problem) return new ResponseError(ErrorCodes.InvalidParams, problem);
      await new Promise((resolve) => setImmediate(resolve));
      if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, `${name} cancelled`);
      try {
        const result = await fn(params, token);
        if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, `${name} cancelled`);
        return result;
      } catch (e) {
        log(name, e);
        return empty;
      }
    };
  }

  /** Runs a notification handler, logging instead of throwing. */
  const safely = (name: string, fn: () => void) => {
    try {
      fn();
    } catch (e) {
      log(name, e);
    }
  };

  // ---- diagnostics: pushed after a debounce, or pulled by the client ----
  const timers = new Map<string, NodeJS.Timeout>();
  const published = new Set<string>();

  /** An open document's diagnostics: its findings at its folder's and config's rule levels, and its asset paths checked on disk. */
  const serviceDiagnosticsOf = (doc: TextDocument) => {
    const session = sessionOf(doc);
    if (!session) return undefined;
    const found = findings(session, workspace.scopes.encodingDiagnostics(doc.uri, doc.getText()));
    return finishDiagnostics(found, workspace.scopes.fileScope(doc.uri));
  };
  const packagedDocs = packagedRulesDocs();
  const docsBase = (uri: string) => workspace.scopes.settingsFor(uri).docsBaseUrl || packagedDocs;
  const diagnosticsOf = (doc: TextDocument) => (serviceDiagnosticsOf(doc) ?? []).map((d) => toLspDiagnostic(doc.uri, d, docsBase(doc.uri)));

  const publish = (uri: string) => {
    timers.delete(uri);
    safely("diagnostics", () => {
      const doc = documents.get(uri);
      if (!doc) return;
      const version = doc.version;
      const diagnostics = diagnosticsOf(doc);
      if (documents.get(uri)?.version !== version) return; // never publish for a version that is gone
      if (diagnostics.length === 0 && !published.has(uri) && !sessionOf(doc)) return;
      published.add(uri);
      void connection.sendDiagnostics({ uri, version, diagnostics });
    });
  };

  const schedule = (uri: string, delay = workspace.scopes.settingsFor(uri).diagnosticsDebounceMs) => {
    if (pullDiagnostics || shutDown) return;
    clearTimeout(timers.get(uri));
    timers.set(uri, setTimeout(() => publish(uri), delay));
  };

  /** Open documents are checked again (after a change of settings, configs or files on disk). */
  const recheckOpen = (settingsChanged: boolean) => {
    if (settingsChanged) settingsEpoch++;
    if (pullDiagnostics) {
      if (refreshDiagnostics) void connection.languages.diagnostics.refresh();
    } else for (const doc of documents.all()) schedule(doc.uri);
  };

  /** Settings or configs changed: everything is checked again and the index rebuilt (globs may have changed; files published from disk follow it). */
  const revalidateAll = () => {
    recheckOpen(true);
    void workspace.rebuild();
  };

  // ---- the workspace: folders, settings and configs per file, the index, files published from disk ----
  const workspace: Workspace = new Workspace({
    isOpen: (uri) => !!documents.get(uri),
    openDiagnostics: (uri) => {
      const doc = documents.get(uri);
      return doc && serviceDiagnosticsOf(doc);
    },
    openSymbols: () =>
      documents.all().flatMap((doc) => {
        const symbols = sessionOf(doc)?.keySymbols?.();
        return symbols ? [{ uri: doc.uri, symbols }] : [];
      }),
    publish: (uri, diagnostics) => void connection.sendDiagnostics({ uri, diagnostics: diagnostics.map((d) => toLspDiagnostic(uri, d, docsBase(uri))) }),
    diskChanged: () => {
      // Kinds that read files beside their text read them when their model is built: those are built again.
      for (const [uri, cached] of sessions) if (cached.kind && !languages[cached.kind].textOnly) sessions.delete(uri);
      recheckOpen(false);
    },
    configChanged: () => revalidateAll(),
    progress: () => new IndexProgress(() => connection.window.createWorkDoneProgress()),
    log,
    warn: (message) => connection.console.warn(message),
  });

  // A document just opened is diagnosed at once; edits wait for the debounce (onDidChangeContent fires on open too).
  const opened = new Set<string>();
  documents.onDidOpen((e) =>
    safely("open", () => {
      opened.add(e.document.uri);
      // A pulling client keeps pulled and pushed diagnostics apart: an opened file's disk results would show twice.
      if (pullDiagnostics) workspace.opened(e.document.uri);
    }),
  );
  documents.onDidChangeContent((e) => {
    const justOpened = opened.delete(e.document.uri);
    if (pullDiagnostics && !justOpened) pulls.changed(e.document.uri);
    schedule(e.document.uri, justOpened ? 0 : undefined);
  });
  documents.onDidClose((e) =>
    safely("close", () => {
      const uri = e.document.uri;
      clearTimeout(timers.get(uri));
      timers.delete(uri);
      sessions.delete(uri);
      pending.forget(uri);
      noticed.delete(uri);
      pulls.closed(uri);
      const wasPublished = published.delete(uri);
      if (workspace.hasDiskDiagnostics(uri)) workspace.closed(uri); // back to what the file on disk says
      else if (!pullDiagnostics && wasPublished) void connection.sendDiagnostics({ uri, diagnostics: [] });
    }),
  );

  const pulls = new PullDiagnostics({
    debounceMs: (uri) => workspace.scopes.settingsFor(uri).diagnosticsDebounceMs,
    canRefresh: () => refreshDiagnostics,
    refresh: () => void connection.languages.diagnostics.refresh(),
  });
  connection.languages.diagnostics.on(
    guard<DocumentDiagnosticParams, DocumentDiagnosticReport, DiagnosticServerCancellationData>("diagnostics", { kind: "full", items: [] }, (params, token) =>
      pulls.pull(
        params.textDocument.uri,
        params.previousResultId,
        () => {
          const doc = documents.get(params.textDocument.uri);
          return doc ? diagnosticsOf(doc) : [];
        },
        token,
      ),
    ),
  );

  // ---- settings: one set per workspace folder (workspace/configuration with scopeUri), and one without ----
  const loadSettings = (fallback?: unknown) => readSettings(fallback).catch((e) => log("settings", e)); // never an unhandled rejection
  const readSettings = async (fallback?: unknown) => {
    const folders = workspace.scopes.folderList();
    let global: PacklintSettings = resolveSettings(fallback);
    const perFolder = new Map<string, PacklintSettings>();
    if (configurationRequests) {
      try {
        const items = [{ section: SETTINGS_SECTION }, ...folders.map((f) => ({ section: SETTINGS_SECTION, scopeUri: f.uri }))];
        const values: unknown[] = await connection.workspace.getConfiguration(items);
        global = resolveSettings(values?.[0]);
        folders.forEach((f, i) => perFolder.set(f.uri, resolveSettings(values?.[i + 1])));
      } catch (e) {
        log("configuration", e);
      }
    }
    workspace.scopes.setSettings(global, perFolder);
    revalidateAll();
  };

  connection.onInitialize((params): InitializeResult | ResponseError<InitializeError> => {
    if (initialized) return new ResponseError(ErrorCodes.InvalidRequest, "initialize was already received", { retry: false });
    initialized = true;
    // Notifications before initialize are dropped (LSP): the documents are listened to from now on.
    documents.listen(connection);
    const caps = params?.capabilities ?? {};
    pullDiagnostics = !!caps.textDocument?.diagnostic;
    configurationRequests = !!caps.workspace?.configuration;
    refreshDiagnostics = !!caps.workspace?.diagnostics?.refreshSupport;
    pushedSettings = params?.initializationOptions;
    workspace.scopes.setSettings(resolveSettings(pushedSettings));
    workspaceFoldersRequests = !!caps.workspace?.workspaceFolders;
    watchedFilesRegistration = !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    workspace.scopes.setFolders(params?.workspaceFolders ? workspaceFolders(params.workspaceFolders) : workspaceFolders([{ uri: params?.rootUri }]));
    return {
      capabilities: {
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
        documentLinkProvider: { resolveProvider: false },
        workspaceSymbolProvider: true,
        diagnosticProvider: pullDiagnostics ? { interFileDependencies: false, workspaceDiagnostics: false } : undefined,
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: "packlint-language-server" },
    };
  });

  connection.onInitialized(() => {
    if (watchedFilesRegistration) {
      // Every file: packs and configs, and the files packs name (their asset checks follow the disk).
      void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: "**/*" }] }).catch(() => undefined);
    }
    if (workspaceFoldersRequests) {
      connection.workspace.onDidChangeWorkspaceFolders((e) =>
        safely("workspace folders", () => {
          const removed = new Set(workspaceFolders(e?.removed).map((f) => f.uri));
          const kept = workspace.scopes.folderList().filter((f) => !removed.has(f.uri));
          workspace.scopes.setFolders([...kept, ...workspaceFolders(e?.added).filter((f) => !kept.some((k) => k.uri === f.uri))]);
          // Rebuilt at once, so requests that follow see the new folders; again once their settings are in.
          void workspace.rebuild();
          void loadSettings(pushedSettings);
        }),
      );
    }
    if (configurationRequests) {
      void connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION }).catch(() => undefined);
      void loadSettings();
    } else void workspace.rebuild();
  });

  connection.onDidChangeConfiguration((params) => {
    const pushed = (params.settings as Record<string, unknown> | null)?.[SETTINGS_SECTION];
    if (pushed !== undefined && pushed !== null) pushedSettings = pushed;
    void loadSettings(pushed ?? undefined);
  });

  connection.onDidChangeWatchedFiles((params) => safely("file watching", () => workspace.filesChanged(Array.isArray(params?.changes) ? params.changes : [])));

  // ---- features ----
  const at = <R>(uri: string, f: (s: DocumentSession) => R | undefined, empty: R): R => {
    const session = sessionFor(uri);
    return session ? f(session) ?? empty : empty;
  };

  connection.onCompletion(guard("completion", null, (p) => at(p.textDocument.uri, (s) => s.completion?.(p.position), null)));
  connection.onHover(guard("hover", null, (p) => at(p.textDocument.uri, (s) => s.hover?.(p.position), null)));
  connection.onDefinition(guard("definition", [], (p) => at(p.textDocument.uri, (s) => s.definition?.(p.position), [])));
  connection.onReferences(guard("references", [], (p) => at(p.textDocument.uri, (s) => s.references?.(p.position, p.context.includeDeclaration), [])));
  connection.onDocumentHighlight(guard("documentHighlight", [], (p) => at(p.textDocument.uri, (s) => s.highlights?.(p.position), [])));
  // A refused rename is a request that failed for a reason the user should read (RequestFailed), not a bad request.
  connection.onPrepareRename(
    guard("prepareRename", null, (p) => {
      const result = at(p.textDocument.uri, (s) => s.prepareRename?.(p.position), null);
      return result && "error" in result ? new ResponseError(LSPErrorCodes.RequestFailed, result.error) : result;
    }),
  );
  connection.onRenameRequest(
    guard("rename", null, (p) => {
      const result = at(p.textDocument.uri, (s) => s.rename?.(p.position, p.newName), null);
      if (result && "error" in result) return new ResponseError(LSPErrorCodes.RequestFailed, result.error);
      return result?.edit ?? null;
    }),
  );
  connection.onCodeAction(
    guard("codeAction", [], (p) => {
      const uri = p.textDocument.uri;
      const only = p.context.only ?? undefined;
      const actions = at(uri, (s) => s.codeActions?.(p.range, { rules: workspace.scopes.rulesFor(uri) }, only), []);
      return actions.map((a) => ({ ...a, diagnostics: a.diagnostics?.map((d) => toLspDiagnostic(uri, d, docsBase(uri))) }));
    }),
  );
  // ---- extras, which a large pack gets cut (with a notice, once per document); never the diagnostics ----
  const noticed = new Set<string>();
  const extras = (uri: string): ExtrasPlan => {
    const plan = extrasPlan(documents.get(uri)?.getText().length ?? 0, workspace.scopes.settingsFor(uri));
    if (plan.notice && !noticed.has(uri)) {
      noticed.add(uri);
      connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message: plan.notice }).catch(() => undefined);
    }
    return plan;
  };
  connection.onDocumentSymbol(
    guard("documentSymbol", [], (p) => limitOutline(at(p.textDocument.uri, (s) => s.symbols?.(), []), extras(p.textDocument.uri).maxOutlineItems)),
  );
  connection.onFoldingRanges(guard("foldingRange", [], (p) => at(p.textDocument.uri, (s) => s.folding?.(extras(p.textDocument.uri).maxOutlineItems), [])));
  connection.onCodeLens(guard("codeLens", [], (p) => (extras(p.textDocument.uri).codeLenses ? at(p.textDocument.uri, (s) => s.lenses?.(Commands), []) : [])));
  connection.onDocumentLinks(
    guard("documentLink", [], (p) =>
      extras(p.textDocument.uri).documentLinks ? at(p.textDocument.uri, (s) => s.links?.(workspace.scopes.linkResolver(p.textDocument.uri)), []) : [],
    ),
  );
  connection.onWorkspaceSymbol(guard("workspaceSymbol", [], (p) => workspace.symbols(p?.query)));

  // ---- custom requests (the VS Code extension's commands) ----
  connection.onRequest(
    Requests.documentKind,
    guard<DocumentKindParams, DocumentKindResult>("documentKind", { kind: null }, (p) => {
      const doc = documents.get(p?.uri);
      const text = doc?.getText() ?? (typeof p?.text === "string" ? p.text : undefined);
      const found = text === undefined ? undefined : workspace.scopes.kindsFor(p.uri).classify(p.uri, doc?.languageId ?? "yaml", text);
      return found ? { kind: found.kind, by: found.by } : { kind: null };
    }),
  );

  connection.onRequest(
    Requests.status,
    guard<UriParams, DocumentStatus>("status", { kind: null, errors: 0, warnings: 0 }, (p) => {
      const doc = documents.get(p?.uri);
      const kind = (doc && workspace.scopes.kindsFor(doc.uri).kindOf(doc.uri, doc.languageId, doc.getText())) ?? null;
      const found = doc ? diagnosticsOf(doc) : [];
      const count = (severity: number) => found.filter((d) => d.severity === severity).length;
      return { kind, errors: count(1), warnings: count(2) };
    }),
  );

  connection.onRequest(
    Requests.validateWorkspace,
    guard<unknown, WorkspaceValidation>("validateWorkspace", { files: 0, filesWithErrors: 0, errors: 0, warnings: 0 }, () => workspace.validate()),
  );

  connection.onRequest(
    Requests.convertLegacyItems,
    guard<UriParams, ConvertLegacyItemsResult>("convertLegacyItems", { changes: 0, applied: false }, async (p) => {
      const edit = sessionFor(p?.uri)?.convertLegacyItems?.();
      if (!edit) return { changes: 0, applied: false };
      const changes = Object.values(edit.changes).reduce((n, edits) => n + edits.length, 0);
      const result = await connection.workspace.applyEdit({ label: "Convert legacy items to cases", edit });
      return { changes, applied: result.applied };
    }),
  );

  const skillText = (name: string, make: (s: DocumentSession) => SkillText | undefined) =>
    guard<UriParams, SkillText>(name, { markdown: null, error: `${name} failed` }, (p) => {
      const session = sessionFor(p?.uri);
      return (session && make(session)) ?? { markdown: null, error: "The document is not an open Skill Testing case file (tests/skill_cases.yaml)." };
    });
  connection.onRequest(Requests.skillPrompts, skillText("skillPrompts", (s) => (s.prompts ? { markdown: s.prompts() } : undefined)));
  connection.onRequest(
    Requests.skillReport,
    skillText("skillReport", (s) => {
      if (!s.report) return undefined;
      const r = s.report();
      return r ? { markdown: r.markdown, overall: r.overall } : { markdown: null, error: "The case file is not saved in a folder, so it has no responses to read." };
    }),
  );

  connection.onRequest(
    Requests.inputSetReport,
    guard<UriParams, SkillText>("inputSetReport", { markdown: null, error: "inputSetReport failed" }, (p) => {
      const report = sessionFor(p?.uri)?.inputSetReport?.();
      return report === undefined ? { markdown: null, error: "The document is not an open challenge pack." } : { markdown: report };
    }),
  );

  connection.onShutdown(() => {
    shutDown = true;
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    pulls.dispose();
  });

  connection.listen();
}
