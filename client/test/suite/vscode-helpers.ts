import * as assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as vscode from "vscode";

/** Helpers for tests inside a VS Code extension host: they wait on editor events, never on fixed sleeps. */

export const EXTENSION_ID = "agentclash.packlint";
export const TIMEOUT_MS = 30_000;

export function workspaceFile(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, "the tests run with the examples workspace open");
  return vscode.Uri.joinPath(folder.uri, name);
}

export async function open(name: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(workspaceFile(name));
  return vscode.window.showTextDocument(doc);
}

/** Resolves with the first value `probe` finds, re-checking whenever diagnostics change. */
export function whenDiagnostics<T>(what: string, probe: () => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const v = probe();
      if (v === undefined) return false;
      clearTimeout(timer);
      sub.dispose();
      resolve(v);
      return true;
    };
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`timed out waiting for ${what}`));
    }, TIMEOUT_MS);
    const sub = vscode.languages.onDidChangeDiagnostics(() => check());
    check();
  });
}

/** The diagnostic with this message on `uri`, once the server has published it. */
export function diagnostic(uri: vscode.Uri, message: string): Promise<vscode.Diagnostic> {
  return whenDiagnostics(`"${message}" on ${uri.path}`, () => vscode.languages.getDiagnostics(uri).find((d) => d.message === message));
}

export function readDisk(uri: vscode.Uri): string {
  return readFileSync(uri.fsPath, "utf8");
}

/** The extension, activated. */
export async function activated(): Promise<vscode.Extension<unknown>> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is loaded`);
  await ext.activate();
  return ext;
}
