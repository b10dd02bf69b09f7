import type { WorkspaceValidation } from "../../../shared/src";
import type { Levelled, PackDiagnostic } from "../service";
import type { IndexedFile, WorkspaceIndex } from "../workspace/workspace-index";

type Diagnose = (file: IndexedFile) => Levelled;
type Publish = (uri: string, diagnostics: PackDiagnostic[]) => void;

/**
 * The files the "validate workspace" request reported, read from the workspace index: their diagnostics are
 * pushed while they are not open in the editor (an open document's own diagnostics take over), again once
 * closed, and kept current as the index follows the disk. After the first validation, files that appear
 * on disk are reported too.
 */
export class WorkspaceFiles {
  private readonly uris = new Set<string>();
  private validated = false;

  constructor(
    private readonly index: WorkspaceIndex,
    private readonly diagnose: Diagnose,
    private readonly publish: Publish,
  ) {}

  has(uri: string): boolean {
    return this.uris.has(uri);
  }

  /** Withdraws the disk diagnostics of a file (it stays known, so closing it brings them back). */
  clear(uri: string): void {
    this.publish(uri, []);
  }

  /** Publishes what the index says of a file now; a file the index no longer has is dropped (and its diagnostics withdrawn). */
  revalidate(uri: string): void {
    const file = this.index.get(uri);
    if (!file) {
      if (this.uris.delete(uri)) this.publish(uri, []);
    } else if (this.uris.has(uri) || this.validated) {
      this.uris.add(uri);
      this.publish(uri, this.diagnose(file).diagnostics);
    }
  }

  /** Re-publishes every known file that is not open (after a settings or config change, or a change on disk). */
  refresh(isOpen: (uri: string) => boolean, only?: (file: IndexedFile) => boolean): void {
    for (const uri of [...this.uris]) {
      const file = this.index.get(uri);
      if (isOpen(uri) || (file && only && !only(file))) continue;
      this.revalidate(uri);
    }
  }

  /**
   * Validates every pack and case file of the index (build it first). Open documents count with their
   * current text (`open` gives their diagnostics) and are not published here.
   */
  validate(open: (uri: string) => Levelled | undefined): WorkspaceValidation {
    this.validated = true;
    const files = this.index.all().sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
    const now = new Set(files.map((f) => f.uri));
    for (const uri of [...this.uris]) {
      if (!now.has(uri)) {
        this.uris.delete(uri);
        if (!open(uri)) this.publish(uri, []);
      }
    }
    const total: WorkspaceValidation = { files: files.length, filesWithErrors: 0, errors: 0, warnings: 0, silenced: 0 };
    for (const file of files) {
      this.uris.add(file.uri);
      let found = open(file.uri);
      if (!found) {
        found = this.diagnose(file);
        this.publish(file.uri, found.diagnostics);
      }
      const { diagnostics, silenced } = found;
      const errors = diagnostics.filter((d) => d.severity === "error").length;
      total.errors += errors;
      total.warnings += diagnostics.filter((d) => d.severity === "warning").length;
      total.silenced += silenced.length;
      // A file whose errors rule levels silenced is not valid either (the validator rejects it).
      if (errors || silenced.length) total.filesWithErrors++;
    }
    return total;
  }
}
