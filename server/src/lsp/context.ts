import type { Connection, TextDocuments } from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { DocumentSession } from "../service";
import type { ExtrasNotice } from "./extras-notice";
import type { Lifecycle } from "./lifecycle";
import type { OpenDiagnostics } from "./open-diagnostics";
import type { Sessions } from "./sessions";
import type { Workspace } from "./workspace";

/** What request handlers share: the connection, the open documents and their sessions, the workspace. */
export interface ServerContext {
  readonly connection: Connection;
  readonly documents: TextDocuments<TextDocument>;
  readonly sessions: Sessions;
  readonly workspace: Workspace;
  readonly lifecycle: Lifecycle;
  readonly diagnostics: OpenDiagnostics;
  readonly extras: ExtrasNotice;
}

/** The session of an open document; undefined when it is not open or not ours. */
export function sessionFor(ctx: ServerContext, uri: string): DocumentSession | undefined {
  const doc = ctx.documents.get(uri);
  return doc ? ctx.sessions.of(doc) : undefined;
}
