import { createHash } from "node:crypto";
import { closeSync, constants, fstatSync, ftruncateSync, lstatSync, openSync, readSync, writeSync } from "node:fs";
import { TextDocument } from "vscode-languageserver-textdocument";
import {
  type RuleLevels,
  CONVERT_LEGACY,
  FIX_ALL,
  UNSAFE_FIX_ALL,
  QUICK_FIX,
  isSafeFix,
  languages,
  type DocumentEnv,
  type DocumentKind,
  type PackDiagnostic,
  type DocumentSession,
} from "../service";
import { fileId } from "../workspace/regular-files";

/** Fixes can make room for others (a renamed key, then its values): a few passes, never an unbounded loop. */
const MAX_PASSES = 5;

/**
 * `text` with its safe fixes applied: the editor's "Fix all" source action (source.fixAll.packlint, the one list of
 * safe fixes) and its legacy `items` conversion, the same code as the quick fixes, pass after pass until nothing is
 * left to apply; with `unsafe`, the preferred unsafe fixes too (UNSAFE_FIX_ALL). A pass that would leave more errors
 * than before is not taken.
 */
export function fixText(text: string, uri: string, kind: DocumentKind, rules: RuleLevels, env: DocumentEnv, unsafe = false): string {
  const errors = (t: string) =>
    languages[kind]
      .open(t, uri, env)
      .diagnostics({ rules })
      .filter((d) => d.severity === "error").length;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const session = languages[kind].open(text, uri, env);
    const doc = TextDocument.create(uri, "yaml", 0, text);
    const whole = { start: { line: 0, character: 0 }, end: doc.positionAt(text.length) };
    const actions = session.codeActions?.(whole, { rules }, [FIX_ALL, CONVERT_LEGACY, ...(unsafe ? [UNSAFE_FIX_ALL] : [])]) ?? [];
    const action =
      (unsafe ? actions.find((a) => a.kind === UNSAFE_FIX_ALL) : undefined) ??
      actions.find((a) => a.kind === FIX_ALL) ??
      actions.find((a) => a.kind === CONVERT_LEGACY);
    const edits = action?.edit?.changes?.[uri];
    if (!edits?.length) break;
    const next = TextDocument.applyEdits(doc, edits);
    if (next === text || errors(next) > errors(text)) break;
    text = next;
  }
  return text;
}

/** `diagnostics` (of `text`, at `rules`) with `fixable` set on each that one of its safe fixes, the ones `--fix` applies, would fix. */
export function markFixable(diagnostics: PackDiagnostic[], session: DocumentSession, text: string, uri: string, rules: RuleLevels): PackDiagnostic[] {
  if (!diagnostics.length) return diagnostics;
  const doc = TextDocument.create(uri, "yaml", 0, text);
  const whole = { start: { line: 0, character: 0 }, end: doc.positionAt(text.length) };
  const at = (d: PackDiagnostic) => `${d.code}@${d.range.start.line}:${d.range.start.character}`;
  const safe = new Set((session.codeActions?.(whole, { rules }, [QUICK_FIX]) ?? []).filter(isSafeFix).flatMap((a) => (a.diagnostics ?? []).map(at)));
  return safe.size ? diagnostics.map((d) => (safe.has(at(d)) ? { ...d, fixable: true } : d)) : diagnostics;
}

/** `text` as bytes in the encoding `original` was read in: UTF-16 by its byte order mark, else UTF-8 (a UTF-8 BOM is part of the text). */
export function encodeLike(original: Uint8Array, text: string): Buffer {
  if (original[0] === 0xff && original[1] === 0xfe) return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
  if (original[0] === 0xfe && original[1] === 0xff) return Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, "utf16le").swap16()]);
  return Buffer.from(text, "utf8");
}

/** The file a fix was made from: its identity (`device:inode`) and the SHA-256 of the bytes read. */
export interface ReadStamp {
  id: string;
  sha256: string;
}

export function readStamp(id: string, bytes: Uint8Array): ReadStamp {
  return { id, sha256: sha256(bytes) };
}

const LINK = "it is a symbolic link, which --fix never writes through";

/**
 * Writes the fixed bytes over the file at `path`, in place, only when it is still the file they were made from: not
 * a symbolic link (never written through), the same inode, the same bytes. Everything is checked and written on one
 * descriptor, opened without following a link, so nothing can be swapped in between. Returns why not, else undefined.
 */
export function writeFixed(path: string, bytes: Uint8Array, read: ReadStamp): string | undefined {
  let fd: number;
  try {
    // O_NOFOLLOW: a link at `path` fails the open (ELOOP) instead of opening its target; O_NONBLOCK: a FIFO never waits.
    fd = openSync(path, constants.O_RDWR | (constants.O_NOFOLLOW ?? 0) | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ELOOP") return LINK;
    if (code === "ENOENT") return "it was removed since it was read";
    return `it cannot be written (${code ?? (e as Error).message})`;
  }
  try {
    if (lstatSync(path).isSymbolicLink()) return LINK; // where there is no O_NOFOLLOW
    const st = fstatSync(fd, { bigint: true });
    if (!st.isFile() || fileId(st) !== read.id) return "it was replaced by another file since it was read";
    const now = Buffer.alloc(Number(st.size));
    let at = 0;
    while (at < now.length) {
      const n = readSync(fd, now, at, now.length - at, at);
      if (n === 0) break;
      at += n;
    }
    if (sha256(now.subarray(0, at)) !== read.sha256) return "it changed since it was read";
    for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done, bytes.length - done, done);
    ftruncateSync(fd, bytes.length);
    return undefined;
  } finally {
    closeSync(fd);
  }
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
