import type { Diagnostic, TextDocuments } from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { PackDiagnostic } from "../service";
import { findings, finishDiagnostics, internalError } from "../workspace/file-check";
import { packagedRulesDocs } from "../workspace/docs-location";
import { toLspDiagnostic } from "./convert";
import type { Sessions } from "./sessions";
import type { WorkspaceScopes } from "./workspace-scopes";

/** The diagnostics of open documents, from their current session, in the service's form and the protocol's. */
export class OpenDiagnostics {
  private readonly packagedDocs = packagedRulesDocs();

  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    private readonly sessions: Sessions,
    private readonly scopes: () => WorkspaceScopes,
  ) {}

  /** An open document's findings at its folder's and config's rule levels, its asset paths checked on disk; undefined when it is not ours. */
  service(doc: TextDocument): PackDiagnostic[] | undefined {
    const session = this.sessions.of(doc);
    if (!session) return undefined;
    const scopes = this.scopes();
    let found: Parameters<typeof finishDiagnostics>[0];
    try {
      found = findings(session, scopes.encodingDiagnostics(doc.uri, doc.getText()));
    } catch (e) {
      // A check that throws is this document's alone: one `internal-error` diagnostic says so.
      found = { diagnostics: [internalError(e)], assets: [] };
    }
    return finishDiagnostics(found, scopes.fileScope(doc.uri));
  }

  lsp(doc: TextDocument): Diagnostic[] {
    return (this.service(doc) ?? []).map((d) => this.toLsp(doc.uri, d));
  }

  /** One diagnostic in the protocol's form, its code linked to the rule's page under the folder's docs base. */
  toLsp(uri: string, d: PackDiagnostic): Diagnostic {
    return toLspDiagnostic(uri, d, this.scopes().settingsFor(uri).docsBaseUrl || this.packagedDocs);
  }

  openService(uri: string): PackDiagnostic[] | undefined {
    const doc = this.documents.get(uri);
    return doc && this.service(doc);
  }
}
