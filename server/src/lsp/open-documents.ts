import { TextDocuments } from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { PendingChanges } from "./pending-changes";
import { changeProblem, clampedChange, openProblem } from "./params";

/**
 * The open documents, kept by the client's notifications. A document whose open or change is malformed is
 * refused (logged by the connection) and stays as it was; each change applied is recorded in `pending`, so the
 * document's session can be updated instead of rebuilt.
 */
export function openDocuments(pending: PendingChanges): TextDocuments<TextDocument> {
  return new TextDocuments({
    create: (uri, languageId, version, text) => {
      const problem = openProblem(uri, version, text);
      if (problem) throw new Error(problem);
      return TextDocument.create(uri, languageId, version, text);
    },
    update: (doc, changes, version) => {
      const problem = changeProblem(changes, version);
      if (problem) throw new Error(problem);
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
}
