import type { Diagnostic } from "vscode-languageserver/node";

export interface PushDiagnosticsOptions {
  debounceMs(uri: string): number;
  /** The open document's current version and diagnostics, and whether it is ours; undefined when it is closed. */
  current(uri: string): { version: number; diagnostics: () => Diagnostic[]; served: boolean } | undefined;
  /** The open document's version now (to drop a result computed for a version that is gone). */
  versionNow(uri: string): number | undefined;
  send(uri: string, version: number | undefined, diagnostics: Diagnostic[]): void;
  safely(name: string, fn: () => void): void;
  /** Holds the workspace index back while diagnostics are due; the function returned releases it. */
  hold(): () => void;
}

/**
 * Diagnostics pushed to clients that do not pull: after the debounce for edits, at once for a document just
 * opened; never for a version that is gone, and an empty list only to clear what was published before.
 */
export class PushDiagnostics {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly due = new Map<string, () => void>();
  private readonly published = new Set<string>();
  private stopped = false;

  constructor(private readonly options: PushDiagnosticsOptions) {}

  schedule(uri: string, delay = this.options.debounceMs(uri)): void {
    if (this.stopped) return;
    clearTimeout(this.timers.get(uri));
    if (!this.due.has(uri)) this.due.set(uri, this.options.hold());
    this.timers.set(
      uri,
      setTimeout(() => this.publish(uri), delay),
    );
  }

  /** The document was closed: nothing more is published for it; true when something had been. */
  closed(uri: string): boolean {
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    this.release(uri);
    return this.published.delete(uri);
  }

  dispose(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const uri of [...this.due.keys()]) this.release(uri);
  }

  private release(uri: string): void {
    this.due.get(uri)?.();
    this.due.delete(uri);
  }

  private publish(uri: string): void {
    this.timers.delete(uri);
    this.options.safely("diagnostics", () => {
      const doc = this.options.current(uri);
      if (!doc) return;
      const diagnostics = doc.diagnostics();
      if (this.options.versionNow(uri) !== doc.version) return;
      if (diagnostics.length === 0 && !this.published.has(uri) && !doc.served) return;
      this.published.add(uri);
      this.options.send(uri, doc.version, diagnostics);
    });
    this.release(uri);
  }
}
