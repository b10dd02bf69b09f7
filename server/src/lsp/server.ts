import {
  CancellationToken,
  CodeActionKind,
  Connection,
  DidChangeConfigurationNotification,
  ErrorCodes,
  InitializeError,
  InitializeResult,
  LSPErrorCodes,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
} from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { DocumentKindParams, DocumentKindResult, PacklintSettings, Requests, resolveSettings, SETTINGS_SECTION } from "../../../shared/src";
import { toLspDiagnostic } from "./convert";
import { DocumentKinds } from "./document-kinds";
import { DocumentSession, languages } from "./languages";
import { assetResolver, workspaceFoldersOf } from "./asset-links";
import { changeProblem, paramsProblem } from "./params";

/** What handlers answer: the service's results are LSP's JSON shapes under the service's own structural types. */
type LspJson = any;

/** Wires the language service to an LSP connection: documents, settings, diagnostics and every feature request. */
export function startServer(connection: Connection): void {
  const documents = new TextDocuments({
    create: TextDocument.create,
    update(doc, changes, version) {
      const problem = changeProblem(changes, version);
      if (problem) throw new Error(problem); // logged by the connection; the document stays as it was
      return TextDocument.update(doc, changes, version);
    },
  });
  let settings: PacklintSettings = resolveSettings(undefined);
  let kinds = new DocumentKinds(settings);
  let pullDiagnostics = false;
  let configurationRequests = false;
  let refreshDiagnostics = false;
  /** initialize was received: before it, requests are answered ServerNotInitialized (LSP). */
  let initialized = false;
  /** shutdown was received: after it, requests are answered InvalidRequest (LSP). */
  let shutDown = false;
  /** Asset links are made only for files inside these folders. */
  let workspaceFolders: string[] = [];

  // ---- one session (model) per document version ----
  // Keyed by version and text: a client may reopen a document or send a change without a new version number.
  const sessions = new Map<string, { version: number; text: string; session: DocumentSession | undefined }>();
  const sessionOf = (doc: TextDocument): DocumentSession | undefined => {
    const cached = sessions.get(doc.uri);
    if (cached?.version === doc.version && cached.text === doc.getText()) return cached.session;
    const kind = kinds.kindOf(doc.uri, doc.languageId, doc.getText());
    const language = kind && languages[kind];
    const session = language ? language(doc.getText(), doc.uri) : undefined;
    sessions.set(doc.uri, { version: doc.version, text: doc.getText(), session });
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
  function guard<P, R>(name: string, empty: R, fn: (params: P) => R | ResponseError<void>) {
    return async (params: P, token: CancellationToken): Promise<LspJson> => {
      if (!initialized) return new ResponseError(ErrorCodes.ServerNotInitialized, `${name}: the server is not initialized`);
      if (shutDown) return new ResponseError(ErrorCodes.InvalidRequest, `${name}: the server is shut down`);
      const problem = paramsProblem(name, params);
      if (problem) return new ResponseError(ErrorCodes.InvalidParams, problem);
      await new Promise((resolve) => setImmediate(resolve));
      if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, `${name} cancelled`);
      try {
        const result = fn(params);
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

  const diagnosticsOf = (doc: TextDocument) => {
    const session = sessionOf(doc);
    return session ? session.diagnostics({ rules: settings.rules }).map((d) => toLspDiagnostic(doc.uri, d)) : [];
  };

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

  const schedule = (uri: string, delay = settings.diagnosticsDebounceMs) => {
    if (pullDiagnostics || shutDown) return;
    clearTimeout(timers.get(uri));
    timers.set(uri, setTimeout(() => publish(uri), delay));
  };

  const revalidateAll = () => {
    sessions.clear();
    if (pullDiagnostics) {
      if (refreshDiagnostics) void connection.languages.diagnostics.refresh();
    } else for (const doc of documents.all()) schedule(doc.uri, 0);
  };

  documents.onDidChangeContent((e) => schedule(e.document.uri)); // fired on open too
  documents.onDidClose((e) =>
    safely("close", () => {
      const uri = e.document.uri;
      clearTimeout(timers.get(uri));
      timers.delete(uri);
      sessions.delete(uri);
      if (!pullDiagnostics && published.delete(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
    }),
  );

  connection.languages.diagnostics.on(
    guard("diagnostics", { kind: "full" as const, items: [] as ReturnType<typeof diagnosticsOf> }, (params) => {
      const doc = documents.get(params.textDocument.uri);
      return { kind: "full" as const, items: doc ? diagnosticsOf(doc) : [] };
    }),
  );

  // ---- settings ----
  const loadSettings = async (fallback?: unknown) => {
    let raw = fallback;
    if (configurationRequests) {
      try {
        raw = await connection.workspace.getConfiguration(SETTINGS_SECTION);
      } catch (e) {
        log("configuration", e);
      }
    }
    settings = resolveSettings(raw);
    kinds = new DocumentKinds(settings);
    revalidateAll();
  };

  connection.onInitialize((params): InitializeResult | ResponseError<InitializeError> => {
    if (initialized) return new ResponseError(ErrorCodes.InvalidRequest, "initialize was already received", { retry: false });
    initialized = true;
    workspaceFolders = workspaceFoldersOf(params);
    // Notifications before initialize are dropped (LSP): the documents are listened to from now on.
    documents.listen(connection);
    const caps = params?.capabilities ?? {};
    pullDiagnostics = !!caps.textDocument?.diagnostic;
    configurationRequests = !!caps.workspace?.configuration;
    refreshDiagnostics = !!caps.workspace?.diagnostics?.refreshSupport;
    settings = resolveSettings(params?.initializationOptions);
    kinds = new DocumentKinds(settings);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        completionProvider: { triggerCharacters: [":", " ", "-", "."], resolveProvider: false },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        documentHighlightProvider: true,
        renameProvider: { prepareProvider: true },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        codeLensProvider: { resolveProvider: false },
        documentLinkProvider: { resolveProvider: false },
        diagnosticProvider: pullDiagnostics ? { interFileDependencies: false, workspaceDiagnostics: false } : undefined,
      },
      serverInfo: { name: "packlint-language-server" },
    };
  });

  connection.onInitialized(() => {
    if (configurationRequests) {
      void connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION }).catch(() => undefined);
      void loadSettings();
    }
  });

  connection.onDidChangeConfiguration((params) => {
    const pushed = (params.settings as Record<string, unknown> | null)?.[SETTINGS_SECTION];
    void loadSettings(pushed ?? undefined);
  });

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
  connection.onPrepareRename(guard("prepareRename", null, (p) => at(p.textDocument.uri, (s) => s.prepareRename?.(p.position), null)));
  connection.onRenameRequest(
    guard("rename", null, (p) => {
      const result = at(p.textDocument.uri, (s) => s.rename?.(p.position, p.newName), null);
      if (result && "error" in result) return new ResponseError(ErrorCodes.InvalidRequest, result.error);
      return result?.edit ?? null;
    }),
  );
  connection.onCodeAction(
    guard("codeAction", [], (p) => {
      if (p.context.only && !p.context.only.some((k) => CodeActionKind.QuickFix.startsWith(k))) return [];
      const uri = p.textDocument.uri;
      const actions = at(uri, (s) => s.codeActions?.(p.range, { rules: settings.rules }), []);
      return actions.map((a) => ({ ...a, diagnostics: a.diagnostics?.map((d) => toLspDiagnostic(uri, d)) }));
    }),
  );
  connection.onDocumentSymbol(guard("documentSymbol", [], (p) => at(p.textDocument.uri, (s) => s.symbols?.(), [])));
  connection.onFoldingRanges(guard("foldingRange", [], (p) => at(p.textDocument.uri, (s) => s.folding?.(), [])));
  connection.onCodeLens(guard("codeLens", [], (p) => at(p.textDocument.uri, (s) => s.lenses?.(), [])));
  connection.onDocumentLinks(guard("documentLink", [], (p) => at(p.textDocument.uri, (s) => s.links?.(assetResolver(p.textDocument.uri, workspaceFolders)), [])));

  connection.onRequest(
    Requests.documentKind,
    guard<DocumentKindParams, DocumentKindResult>("documentKind", { kind: null }, (p) => {
      const doc = documents.get(p?.uri);
      return { kind: (doc && kinds.kindOf(doc.uri, doc.languageId, doc.getText())) ?? null };
    }),
  );

  connection.onShutdown(() => {
    shutDown = true;
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  });

  connection.listen();
}
