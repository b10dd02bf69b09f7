/** Names shared by the server and its clients: commands and custom requests. */

export const Commands = {
  /** Shows reference locations (arguments: uri, position, locations — LSP JSON). Code lenses use it; the client implements it. */
  showReferences: "packlint.showReferences",
} as const;

export const Requests = {
  /** `{ uri }` → `{ kind: DocumentKind | null }`: what the server makes of an open document. */
  documentKind: "packlint/documentKind",
} as const;

/** The document kinds the server serves. */
export type DocumentKind = "challenge-pack" | "skill-cases";

export interface DocumentKindParams {
  uri: string;
}

export interface DocumentKindResult {
  kind: DocumentKind | null;
}
