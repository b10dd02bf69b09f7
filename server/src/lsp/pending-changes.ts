import type { TextDocumentContentChangeEvent } from "vscode-languageserver-textdocument";
import { pushAll } from "../service";

/** Beyond this many changes since a session was built, the next one is built from the text (a cheap bound on memory). */
const MAX_CHANGES = 10_000;

/**
 * The content changes of each open document since some version, in order, so the session of that version can
 * be updated to the current one instead of being rebuilt from the text.
 */
export class PendingChanges {
  private readonly byUri = new Map<string, { from: number; to: number; changes: TextDocumentContentChangeEvent[] }>();

  /** Records the changes that took `uri` from version `from` to version `to`. */
  record(uri: string, from: number, to: number, changes: readonly TextDocumentContentChangeEvent[]): void {
    const p = this.byUri.get(uri);
    if (p && p.to === from && p.changes.length + changes.length <= MAX_CHANGES) {
      pushAll(p.changes, changes);
      p.to = to;
    } else this.byUri.set(uri, { from, to, changes: [...changes] });
  }

  /** The changes from version `from` to version `to`, if all of them were recorded; forgets them either way. */
  take(uri: string, from: number | undefined, to: number): TextDocumentContentChangeEvent[] | undefined {
    const p = this.byUri.get(uri);
    this.byUri.delete(uri);
    return p && from !== undefined && p.from === from && p.to === to ? p.changes : undefined;
  }

  forget(uri: string): void {
    this.byUri.delete(uri);
  }
}
