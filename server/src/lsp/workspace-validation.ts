import { readFileSync } from "node:fs";
import { URI } from "vscode-uri";
import type { DocumentKind, WorkspaceValidation } from "../../../shared/src";
import type { PackDiagnostic } from "../service";
import type { DocumentKinds } from "./document-kinds";
import { findWorkspaceFiles } from "./workspace-files";

type Diagnose = (kind: DocumentKind, text: string, uri: string) => PackDiagnostic[];
type Publish = (uri: string, diagnostics: PackDiagnostic[]) => void;

/**
 * The files the "validate workspace" request found: their diagnostics are read from disk and pushed while
 * they are not open in the editor (an open document's own diagnostics take over), and again once closed.
 */
export class WorkspaceFiles {
  private readonly uris = new Set<string>();

  constructor(
    private readonly kinds: () => DocumentKinds,
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

  /** Re-reads one known file and publishes what it says now; a file that is gone or no longer ours is dropped. */
  revalidate(uri: string): void {
    const text = readText(uri);
    const kind = text === undefined ? undefined : this.kinds().kindOf(uri, "yaml", text);
    if (text === undefined || !kind) {
      this.uris.delete(uri);
      this.publish(uri, []);
    } else this.publish(uri, this.diagnose(kind, text, uri));
  }

  /** Re-reads every known file that is not open (after a settings change). */
  refresh(isOpen: (uri: string) => boolean): void {
    for (const uri of [...this.uris]) if (!isOpen(uri)) this.revalidate(uri);
  }

  /**
   * Validates every pack and case file below the folders (URIs; only `file:` ones are searched). Open documents
   * count with their current text (`open` gives their diagnostics) and are not published here.
   */
  validate(folderUris: string[], open: (uri: string) => PackDiagnostic[] | undefined): WorkspaceValidation {
    const folders = folderUris.flatMap((u) => {
      const path = fsPath(u);
      return path ? [path] : [];
    });
    const found = findWorkspaceFiles(folders, this.kinds());
    const now = new Set(found.map((f) => f.uri));
    for (const uri of this.uris) {
      if (!now.has(uri)) {
        this.uris.delete(uri);
        if (!open(uri)) this.publish(uri, []);
      }
    }
    const total: WorkspaceValidation = { files: found.length, filesWithErrors: 0, errors: 0, warnings: 0 };
    for (const file of found) {
      this.uris.add(file.uri);
      let diagnostics = open(file.uri);
      if (!diagnostics) {
        diagnostics = this.diagnose(file.kind, file.text, file.uri);
        this.publish(file.uri, diagnostics);
      }
      const errors = diagnostics.filter((d) => d.severity === "error").length;
      total.errors += errors;
      total.warnings += diagnostics.filter((d) => d.severity === "warning").length;
      if (errors) total.filesWithErrors++;
    }
    return total;
  }
}

function fsPath(uri: string): string | undefined {
  try {
    const u = URI.parse(uri);
    return u.scheme === "file" ? u.fsPath : undefined;
  } catch {
    return undefined;
  }
}

function readText(uri: string): string | undefined {
  const path = fsPath(uri);
  if (!path) return undefined;
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}
