import type { CancellationToken, Diagnostic, DocumentDiagnosticReport } from "vscode-languageserver/node";

interface PullState {
  /** Set while the document has changed within the debounce; fires once it has been quiet for it. */
  timer?: NodeJS.Timeout;
  last?: { resultId: string; items: Diagnostic[]; json: string };
  /** A pull was answered with an older result during the debounce: the client is told to pull again after it. */
  stale: boolean;
  /** Pulls held until the document is quiet. */
  waiting: (() => void)[];
}

export interface PullDiagnosticsOptions {
  debounceMs(uri: string): number;
  /** Whether the client supports `workspace/diagnostic/refresh`. */
  canRefresh(): boolean;
  /** Sends `workspace/diagnostic/refresh`. */
  refresh(): void;
}

/**
 * Pulled diagnostics under the debounce, as the LSP intends for servers that pull-diagnose while the user types:
 * while a document keeps changing, a pull is answered with the last result (`unchanged` when the client names
 * it), so no state from the middle of a word is shown; once the document has been quiet for the debounce, the
 * client is asked to pull again (`workspace/diagnostic/refresh`). A pull with no result to answer with, or from a
 * client that cannot be asked again, is held until then. A document just opened is diagnosed at once.
 */
export class PullDiagnostics {
  private readonly docs = new Map<string, PullState>();
  private nextId = 1;

  constructor(private readonly options: PullDiagnosticsOptions) {}

  /** The document's text changed (its opening excluded). */
  changed(uri: string): void {
    const state = this.stateOf(uri);
    clearTimeout(state.timer);
    state.timer = setTimeout(() => this.quiet(uri), this.options.debounceMs(uri));
  }

  closed(uri: string): void {
    const state = this.docs.get(uri);
    if (!state) return;
    clearTimeout(state.timer);
    this.docs.delete(uri);
    for (const wake of state.waiting.splice(0)) wake();
  }

  dispose(): void {
    for (const uri of [...this.docs.keys()]) this.closed(uri);
  }

  /** Answers a `textDocument/diagnostic` request; `compute` gives the document's diagnostics now. */
  async pull(uri: string, previousResultId: string | undefined, compute: () => Diagnostic[], token: CancellationToken): Promise<DocumentDiagnosticReport> {
    let state = this.docs.get(uri);
    if (state && this.busy(state)) {
      if (state.last && this.options.canRefresh()) {
        state.stale = true;
        return this.report(state.last, previousResultId);
      }
      // Nothing to answer with yet, or no way to ask the client again: answered once the document is quiet.
      const cancelled = token.onCancellationRequested(() => state?.waiting.splice(0).forEach((wake) => wake()));
      try {
        while (state && this.busy(state) && !token.isCancellationRequested) {
          const s: PullState = state;
          await new Promise<void>((resolve) => s.waiting.push(resolve));
          state = this.docs.get(uri);
        }
      } finally {
        cancelled.dispose();
      }
    }
    const items = compute();
    const json = JSON.stringify(items);
    const current = this.docs.get(uri) ?? this.stateOf(uri);
    if (current.last?.json !== json) current.last = { resultId: String(this.nextId++), items, json };
    return this.report(current.last!, previousResultId);
  }

  private report(last: NonNullable<PullState["last"]>, previousResultId: string | undefined): DocumentDiagnosticReport {
    return previousResultId === last.resultId ? { kind: "unchanged", resultId: last.resultId } : { kind: "full", resultId: last.resultId, items: last.items };
  }

  /** The document changed within the debounce. */
  private busy(state: PullState): boolean {
    return state.timer !== undefined;
  }

  private quiet(uri: string): void {
    const state = this.docs.get(uri);
    if (!state) return;
    state.timer = undefined;
    for (const wake of state.waiting.splice(0)) wake();
    if (state.stale) {
      state.stale = false;
      this.options.refresh();
    }
  }

  private stateOf(uri: string): PullState {
    let state = this.docs.get(uri);
    if (!state) this.docs.set(uri, (state = { stale: false, waiting: [] }));
    return state;
  }
}
