import type {
  SemanticTokens,
  SemanticTokensDelta,
  SemanticTokensDeltaParams,
  SemanticTokensParams,
  SemanticTokensRangeParams,
} from "vscode-languageserver/node";
import { SEMANTIC_TOKENS_LEGEND } from "../service";
import { type ServerContext, sessionFor } from "./context";
import { SemanticTokenResults } from "./semantic-token-results";

/**
 * Semantic tokens (full, delta, range), selection ranges and inlay hints (off with `packlint.inlayHints.enabled`).
 * A large pack gets no tokens and no hints (its extras plan), with the notice the other extras give.
 */
export function registerEditorRequests(ctx: ServerContext): { forget(uri: string): void } {
  const { connection, lifecycle, workspace } = ctx;
  const guard = lifecycle.guard.bind(lifecycle);
  const results = new SemanticTokenResults();
  const extras = (uri: string) => ctx.extras.plan(uri, ctx.documents.get(uri)?.getText().length ?? 0, workspace.scopes.settingsFor(uri));
  const tokens = (uri: string) => (extras(uri).semanticTokens ? sessionFor(ctx, uri)?.semanticTokens?.().data : undefined) ?? [];

  connection.languages.semanticTokens.on(
    guard<SemanticTokensParams, SemanticTokens>("semanticTokens", { data: [] }, (p) => results.full(p.textDocument.uri, tokens(p.textDocument.uri))),
  );
  connection.languages.semanticTokens.onDelta(
    guard<SemanticTokensDeltaParams, SemanticTokens | SemanticTokensDelta>("semanticTokensDelta", { edits: [] }, (p) =>
      results.delta(p.textDocument.uri, p.previousResultId, tokens(p.textDocument.uri)),
    ),
  );
  connection.languages.semanticTokens.onRange(
    guard<SemanticTokensRangeParams, SemanticTokens>(
      "semanticTokensRange",
      { data: [] },
      (p) => (extras(p.textDocument.uri).semanticTokens ? sessionFor(ctx, p.textDocument.uri)?.semanticTokens?.(p.range) : undefined) ?? { data: [] },
    ),
  );
  connection.onSelectionRanges(guard("selectionRange", [], (p) => sessionFor(ctx, p.textDocument.uri)?.selectionRanges?.(p.positions) ?? []));
  connection.languages.inlayHint.on(
    guard("inlayHint", [], (p) =>
      workspace.scopes.settingsFor(p.textDocument.uri).inlayHints && extras(p.textDocument.uri).inlayHints
        ? (sessionFor(ctx, p.textDocument.uri)?.inlayHints?.(p.range) ?? [])
        : [],
    ),
  );
  return { forget: (uri) => results.forget(uri) };
}

export const SEMANTIC_TOKENS_PROVIDER = { legend: SEMANTIC_TOKENS_LEGEND, full: { delta: true }, range: true };
