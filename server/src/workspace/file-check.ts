import {
  type AssetFiles,
  type AssetPathRef,
  type KeySymbol,
  type PackDiagnostic,
  assetFileDiagnostics,
  inTextOrder,
  levelled,
  type Levelled,
  type RuleLevels,
  languages,
  type DocumentEnv,
  type DocumentKind,
  type DocumentSession,
  decodeYamlFile,
  encodingDiagnostics,
  type DecodedFile,
  pausePoint,
  applySuppressions,
  suppressionDirectives,
  type SuppressionDirective,
} from "../service";

/**
 * The one check of a pack or case file, shared by the CLI, the workspace index and open documents:
 * read (the caller, through its confined view of the disk) → decode the bytes → decide the kind (FileKinds)
 * → build the model → apply the file's rule levels → check the files it names on disk.
 * The first steps depend on the text alone and are kept by the index (`analyzeFile`); the last two depend
 * on settings and on the disk as it is now, so they run whenever the diagnostics are used (`finishDiagnostics`).
 */

/** What a file's text alone yields: findings at their rules' own levels, and what workspace requests need. */
export interface FileSummary {
  diagnostics: PackDiagnostic[];
  symbols: KeySymbol[];
  /** File paths the pack names, checked against the disk whenever they are used (the disk changes on its own). */
  assets: AssetPathRef[];
  /** Its suppression comments (`# packlint-disable-next-line CODE`, …); absent when it has none. */
  suppressions?: SuppressionDirective[];
}

/** A file's bytes as text, as the reference's reader decodes them. */
export function decodeFile(bytes: Uint8Array): DecodedFile {
  return decodeYamlFile(bytes);
}

/** The model of a decoded file and its findings at their own levels, a byte that does not decode among them. */
export function analyzeFile(kind: DocumentKind, decoded: DecodedFile, uri: string, env: DocumentEnv): FileSummary {
  return summarize(opened(kind, decoded, uri, env), decoded);
}

/** The file's session, with a pause point after the model is built (the index worker may stop there). */
function opened(kind: DocumentKind, decoded: DecodedFile, uri: string, env: DocumentEnv): DocumentSession {
  const session = languages[kind].open(decoded.text, uri, env);
  pausePoint();
  return session;
}

/** What the index keeps of a decoded file, from its session (the open document's, when it has the same text). */
export function summarize(session: DocumentSession, decoded: DecodedFile): FileSummary {
  return { ...findings(session, decoded.text, encodingDiagnostics(decoded)), symbols: session.keySymbols?.() ?? [] };
}

/**
 * A model's findings at their own levels (with `decoding`'s, for text decoded from bytes) and the paths
 * it names: an open document's, whose text the editor decoded.
 */
export function findings(session: DocumentSession, text: string, decoding: readonly PackDiagnostic[] = []): Found {
  const suppressions = suppressionDirectives(text);
  return { diagnostics: [...decoding, ...session.diagnostics({})], assets: session.assetPaths?.() ?? [], ...(suppressions.length ? { suppressions } : {}) };
}

/** What finishing a file's diagnostics starts from. */
export type Found = Pick<FileSummary, "diagnostics" | "assets" | "suppressions">;

/**
 * The one diagnostic of a file whose check threw (a packlint bug, or a limit of the runtime such as the call
 * stack), in place of its findings: the CLI, the workspace index and open documents report it alike, so that
 * the other files are still checked.
 */
export function internalError(error: unknown): PackDiagnostic {
  const first = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).split("\n")[0];
  const at = { line: 0, character: 0 };
  return {
    code: "internal-error",
    severity: "error",
    field: null,
    message: `packlint failed while checking this file (${first}); the file was not checked. Please report this with the file.`,
    range: { start: at, end: at },
  };
}

/** What the index keeps of a file whose check threw: the internal error, no symbols, no paths. */
export function failedSummary(error: unknown): FileSummary {
  return { diagnostics: [internalError(error)], symbols: [], assets: [] };
}

/** An open document's session when building its model threw: the internal error, and no features. */
export function failedSession(kind: DocumentKind, error: unknown): DocumentSession {
  const found = [internalError(error)];
  return { kind, diagnostics: () => found };
}

/** What a file's diagnostics depend on besides its text. */
export interface FileScope {
  rules: RuleLevels;
  /** The disk as the file may see it; undefined: no asset check (a file outside the workspace). */
  assetFiles?: AssetFiles;
}

/** A file's diagnostics: its findings at the file's rule levels, and its asset paths checked on disk now, in text order. */
export function finishDiagnostics(found: Found, scope: FileScope): PackDiagnostic[] {
  return finishFile(found, scope).diagnostics;
}

/**
 * finishDiagnostics, with the errors that were silenced (which keep the file from being valid): by a suppression
 * comment (matched at the findings' own levels), or by the file's rule levels. The comments' own findings
 * (`suppression-unused`, `suppression-invalid`) take the file's rule levels too.
 */
export function finishFile(found: Found, scope: FileScope): Levelled {
  const disk = found.assets.length && scope.assetFiles ? assetFileDiagnostics(found.assets, scope.assetFiles) : [];
  const commented = applySuppressions([...found.diagnostics, ...disk], found.suppressions ?? []);
  const out = levelled([...commented.diagnostics, ...commented.problems], scope.rules);
  const silenced = [...commented.suppressed.filter((d) => d.severity === "error"), ...out.silenced];
  return { diagnostics: inTextOrder(out.diagnostics), silenced: inTextOrder(silenced) };
}

/** Every step after the decoding for one file of a known kind (the CLI's check), and the session it built (for its fixes). */
export function checkDecoded(
  decoded: DecodedFile,
  uri: string,
  kind: DocumentKind,
  scope: FileScope & DocumentEnv,
): Levelled & { text: string; session: DocumentSession } {
  const session = opened(kind, decoded, uri, scope);
  return { text: decoded.text, session, ...finishFile(summarize(session, decoded), scope) };
}
