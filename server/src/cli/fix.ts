import { TextDocument } from "vscode-languageserver-textdocument";
import { type RuleLevels, CONVERT_LEGACY, FIX_ALL, languages, type DocumentEnv, type DocumentKind } from "../service";

/** Fixes can make room for others (a renamed key, then its values): a few passes, never an unbounded loop. */
const MAX_PASSES = 5;

/**
 * `text` with every fix that has one safe choice applied: the editor's "Fix all" source action
 * (source.fixAll.packlint) and its legacy `items` conversion, the same code as the quick fixes, pass after pass
 * until nothing is left to apply. A pass that would leave more errors than before is not taken.
 */
export function fixText(text: string, uri: string, kind: DocumentKind, rules: RuleLevels, env: DocumentEnv): string {
  const errors = (t: string) =>
    languages[kind]
      .open(t, uri, env)
      .diagnostics({ rules })
      .filter((d) => d.severity === "error").length;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const session = languages[kind].open(text, uri, env);
    const doc = TextDocument.create(uri, "yaml", 0, text);
    const whole = { start: { line: 0, character: 0 }, end: doc.positionAt(text.length) };
    const actions = session.codeActions?.(whole, { rules }, [FIX_ALL, CONVERT_LEGACY]) ?? [];
    const action = actions.find((a) => a.kind === FIX_ALL) ?? actions.find((a) => a.kind === CONVERT_LEGACY);
    const edits = action?.edit?.changes?.[uri];
    if (!edits?.length) break;
    const next = TextDocument.applyEdits(doc, edits);
    if (next === text || errors(next) > errors(text)) break;
    text = next;
  }
  return text;
}

/** `text` as bytes in the encoding `original` was read in: UTF-16 by its byte order mark, else UTF-8 (a UTF-8 BOM is part of the text). */
export function encodeLike(original: Uint8Array, text: string): Buffer {
  if (original[0] === 0xff && original[1] === 0xfe) return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
  if (original[0] === 0xfe && original[1] === 0xff) return Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, "utf16le").swap16()]);
  return Buffer.from(text, "utf8");
}
