import { LSPErrorCodes, ResponseError } from "vscode-languageserver/node";
import { ServerCommands } from "../../../shared/src";
import { type DocumentSession, limitOutline, suppressionActions } from "../service";
import { type ServerContext, sessionFor } from "./context";

/** The standard LSP feature requests, each answered by the document's session. */
export function registerFeatureRequests(ctx: ServerContext): void {
  const { connection, lifecycle, workspace } = ctx;
  const guard = lifecycle.guard.bind(lifecycle);
  const at = <R>(uri: string, f: (s: DocumentSession) => R | undefined, empty: R): R => {
    const session = sessionFor(ctx, uri);
    return session ? (f(session) ?? empty) : empty;
  };
  const extras = (uri: string) => {
    const doc = ctx.documents.get(uri);
    return ctx.extras.plan(uri, doc?.getText().length ?? 0, workspace.scopes.settingsFor(uri));
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
      // Suppression comments are applied with the file's levels (file-check.ts), so their fixes come from its diagnostics.
      const doc = ctx.documents.get(uri);
      const all = doc ? [...actions, ...suppressionActions(ctx.diagnostics.service(doc) ?? [], p.range, uri, only)] : actions;
      return all.map((a) => ({ ...a, diagnostics: a.diagnostics?.map((d) => ctx.diagnostics.toLsp(uri, d)) }));
    }),
  );
  // The extras, which a large pack gets cut (with a notice, once per document); never the diagnostics.
  connection.onDocumentSymbol(
    guard("documentSymbol", [], (p) =>
      limitOutline(
        at(p.textDocument.uri, (s) => s.symbols?.(), []),
        extras(p.textDocument.uri).maxOutlineItems,
      ),
    ),
  );
  connection.onFoldingRanges(guard("foldingRange", [], (p) => at(p.textDocument.uri, (s) => s.folding?.(extras(p.textDocument.uri).maxOutlineItems), [])));
  connection.onCodeLens(
    guard("codeLens", [], (p) => (extras(p.textDocument.uri).codeLenses ? at(p.textDocument.uri, (s) => s.lenses?.(ServerCommands), []) : [])),
  );
  connection.onDocumentLinks(
    guard("documentLink", [], (p) =>
      extras(p.textDocument.uri).documentLinks ? at(p.textDocument.uri, (s) => s.links?.(workspace.scopes.linkResolver(p.textDocument.uri)), []) : [],
    ),
  );
  connection.onWorkspaceSymbol(guard("workspaceSymbol", [], (p, token) => workspace.symbols(p?.query, token)));
}
