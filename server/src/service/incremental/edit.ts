import { TextDocument, TextDocumentContentChangeEvent } from "vscode-languageserver-textdocument";

/** An edit of the text as one replaced region: [start, oldEnd) of the old text became [start, newEnd) of the new one. */
export interface Edit {
  start: number;
  oldEnd: number;
  newEnd: number;
}

export type TextChange = TextDocumentContentChangeEvent;

/**
 * Applies LSP content changes in order to `lines` (in place, as TextDocument.update does) and returns the one
 * region that covers them all; undefined when a change replaces the whole document.
 */
export function applyChanges(lines: TextDocument, changes: readonly TextChange[], version: number): Edit | undefined {
  let edit: Edit | undefined;
  let whole = false;
  for (const change of changes) {
    if (!("range" in change)) {
      whole = true;
      TextDocument.update(lines, [change], version);
      continue;
    }
    const a = lines.offsetAt(change.range.start);
    const b = lines.offsetAt(change.range.end);
    const s = Math.min(a, b);
    const e = Math.max(a, b);
    // The range as clamped offsets: the library splices its line table with the line numbers as given, and a
    // range past the last line would leave that table wrong.
    TextDocument.update(lines, [{ range: { start: lines.positionAt(s), end: lines.positionAt(e) }, text: change.text }], version);
    edit = edit ? merge(edit, s, e, change.text.length) : { start: s, oldEnd: e, newEnd: s + change.text.length };
  }
  if (changes.length === 0) TextDocument.update(lines, [], version);
  return whole ? undefined : (edit ?? { start: 0, oldEnd: 0, newEnd: 0 });
}

/** The region covering `edit` and a later change of [s, e) (in the edited text) into `inserted` characters. */
function merge(edit: Edit, s: number, e: number, inserted: number): Edit {
  return {
    start: Math.min(edit.start, s),
    oldEnd: e > edit.newEnd ? edit.oldEnd + (e - edit.newEnd) : edit.oldEnd,
    newEnd: Math.max(edit.newEnd, e) + inserted - (e - s),
  };
}
