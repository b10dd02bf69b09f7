import assert from "node:assert/strict";
import { TextDocument } from "vscode-languageserver-textdocument";
import { buildPackModel, PackModel, Position, TextEdit, WorkspaceEdit } from "../../server/src/service/pack";
import { marked } from "./fixture";

export const URI = "file:///work/pack.yaml";

/** A model of the fixture's clean text and the position of its `‸` cursor. */
export function atCursor(src: string): { model: PackModel; position: Position; offset: number } {
  const m = marked(src);
  if (m.cursor === undefined || m.cursorOffset === undefined) throw new Error("fixture: no ‸ cursor");
  return { model: buildPackModel(m.text, URI), position: m.cursor, offset: m.cursorOffset };
}

export function applyEdits(text: string, edits: TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create(URI, "yaml", 0, text), edits);
}

/** Applies a workspace edit (on the fixture's document only) and returns the new text. */
export function applyWorkspaceEdit(text: string, edit: WorkspaceEdit): string {
  const uris = Object.keys(edit.changes);
  assert.deepEqual(uris, [URI], "edits target the document itself");
  return applyEdits(text, edit.changes[URI]);
}
