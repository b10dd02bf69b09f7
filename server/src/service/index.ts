/** The language service's public surface: pure functions over text and models, no LSP transport. */
export { buildPackModel, packDiagnostics, toRange } from "./pack-model";
export type { PackModel, RuleSettings } from "./pack-model";
export { looksLikePack } from "./sniff";
export type { PackDiagnostic, Position, Range, Severity, Span } from "./types";
export * from "./features";
