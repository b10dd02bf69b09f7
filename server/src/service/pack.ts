/** The challenge-pack document kind: its model and features, as `languages.ts` offers them to the server and the CLI. */
export { buildPackModel, packDiagnostics, toRange } from "./pack-model";
export { documentDiagnostics } from "./diagnostics";
export type { PackModel, RuleSettings } from "./pack-model";
export { looksLikePack } from "./sniff";
export { assetPathRefs, assetFileDiagnostics, isLocalPath, ASSET_FILE_MISSING, ASSET_PATH_OUTSIDE } from "./asset-files";
export type { AssetPathRef, AssetFiles, AssetFileState } from "./asset-files";
export type { DocumentKind, DocumentModel, PackDiagnostic, Position, Range, Severity, Span } from "./types";
export * from "./features";
export { updatePackModel } from "./incremental/update";
export type { TextChange } from "./incremental/edit";
export { extrasPlan, limitOutline } from "./large-files";
export type { ExtrasPlan, LargeFileLimits } from "./large-files";
