import type { Diagnostic, TextDocuments } from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { PackDiagnostic, DocumentKind, Levelled } from "../service";
import { findings, finishFile, internalError, type FileSummary } from "../workspace/file-check";
import { packagedRulesDocs } from "../workspace/docs-location";
import { appliedDocsBaseUrl } from "../workspace/project-config";
import { toLspDiagnostic } from "./convert";
import type { Sessions } from "./sessions";
import type { WorkspaceScopes } from "./workspace-scopes";

/**
 * The workspace index's summary of a text, when the index analysed this very text as this kind and the kind's
 * findings depend on the text alone: then the summary's findings are the model's.
 */
export type IndexedSummary = (uri: string, kind: DocumentKind, text: string) => FileSummary | undefined;

/**
 * The diagnostics of open documents, from their current session, in the service's form and the protocol's. A
 * document opened with a text the workspace index analysed gets its first diagnostics from the index's summary
 * (rule levels and the asset check applied now, as for any session), and its model is built right after, for
 * the features.
 */
export class OpenDiagnostics {
  /** Asked at first use: in a browser the client tells where the docs are when the server is initialized. */
  private packagedDocs?: string;

  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    private readonly sessions: Sessions,
    private readonly scopes: () => WorkspaceScopes,
    private readonly indexed: IndexedSummary = () => undefined,
  ) {}

  /** An open document's findings at its folder's and config's rule levels, its asset paths checked on disk; undefined when it is not ours. */
  service(doc: TextDocument): PackDiagnostic[] | undefined {
    return this.levelled(doc)?.diagnostics;
  }

  /** service(), with the errors the rule levels silenced (the document is not valid while it has any). */
  levelled(doc: TextDocument): Levelled | undefined {
    const scopes = this.scopes();
    const early = this.fromIndex(doc);
    if (early) return finishFile(early, scopes.fileScope(doc.uri));
    const session = this.sessions.of(doc);
    if (!session) return undefined;
    let found: Parameters<typeof finishFile>[0];
    try {
      found = findings(session, doc.getText(), scopes.encodingDiagnostics(doc.uri, doc.getText()));
    } catch (e) {
      // A check that throws is this document's alone: one `internal-error` diagnostic says so.
      found = { diagnostics: [internalError(e)], assets: [] };
    }
    return finishFile(found, scopes.fileScope(doc.uri));
  }

  lsp(doc: TextDocument): Diagnostic[] {
    return (this.service(doc) ?? []).map((d) => this.toLsp(doc.uri, d));
  }

  /**
   * One diagnostic in the protocol's form, its code linked to the rule's page under the folder's docs base: the
   * editor's setting, else the project config's `docsBaseUrl`, else the pages installed with the server.
   */
  toLsp(uri: string, d: PackDiagnostic): Diagnostic {
    const scopes = this.scopes();
    return toLspDiagnostic(
      uri,
      d,
      scopes.settingsFor(uri).docsBaseUrl || appliedDocsBaseUrl(scopes.configFor(uri)) || (this.packagedDocs ??= packagedRulesDocs()),
    );
  }

  /** The index's summary of the document's text while the document has no model yet; its model is then built soon after. */
  private fromIndex(doc: TextDocument): FileSummary | undefined {
    if (this.sessions.existing(doc)) return undefined;
    const kind = this.sessions.kindOf(doc);
    const summary = kind && this.indexed(doc.uri, kind, doc.getText());
    if (!summary) return undefined;
    setImmediate(() => {
      try {
        if (this.documents.get(doc.uri) === doc) this.sessions.of(doc);
      } catch {
        // the first request that needs the model builds it again, and reports what went wrong
      }
    });
    return summary;
  }

  openService(uri: string): Levelled | undefined {
    const doc = this.documents.get(uri);
    return doc && this.levelled(doc);
  }
}
