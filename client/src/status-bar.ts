import * as vscode from "vscode";
import { State, type BaseLanguageClient as LanguageClient } from "vscode-languageclient";
import { DocumentStatus, Requests } from "../../shared/src";

/** The active document's verdict (valid, or N errors), as the server counts it; hidden for files that are not ours. */
export class PackStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem("packlint.status", vscode.StatusBarAlignment.Left, 10);
  private readonly subscriptions: vscode.Disposable[];
  private generation = 0;

  constructor(private readonly client: LanguageClient) {
    this.item.name = "AgentClash: pack status";
    this.item.command = "workbench.actions.view.problems";
    this.subscriptions = [
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      vscode.languages.onDidChangeDiagnostics((e) => {
        const active = vscode.window.activeTextEditor?.document.uri.toString();
        if (active && e.uris.some((u) => u.toString() === active)) this.update();
      }),
      client.onDidChangeState((e) => (e.newState === State.Running ? this.update() : this.item.hide())),
    ];
  }

  async update(): Promise<void> {
    const generation = ++this.generation;
    const doc = vscode.window.activeTextEditor?.document;
    if (!doc || !this.client.isRunning()) return this.item.hide();
    let status: DocumentStatus;
    try {
      status = await this.client.sendRequest<DocumentStatus>(Requests.status, { uri: doc.uri.toString() });
    } catch {
      return this.item.hide();
    }
    if (generation !== this.generation) return; // a newer update is on its way
    if (!status.kind) return this.item.hide();
    const what = status.kind === "skill-cases" ? "Skill cases" : "Pack";
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
    // Errors silenced by rule levels keep the document from being valid: the validator rejects it all the same.
    const silenced = status.silenced ?? 0;
    const silencedText = `${plural(silenced, "error")} silenced`;
    if (status.errors) this.item.text = `$(error) ${what}: ${plural(status.errors, "error")}${silenced ? ` (+${silenced} silenced)` : ""}`;
    else this.item.text = silenced ? `$(error) ${what}: not valid, ${silencedText}` : `$(pass) ${what}: valid`;
    this.item.tooltip =
      `${plural(status.errors, "error")}, ${plural(status.warnings, "warning")}` +
      (silenced
        ? `, ${silencedText} by rule levels: ${status.kind === "skill-cases" ? "packlint skill refuses to run this file" : "the hosted validator rejects this file"}`
        : "") +
      " — show the Problems panel";
    this.item.backgroundColor = status.errors || silenced ? new vscode.ThemeColor("statusBarItem.errorBackground") : undefined;
    this.item.show();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.item.dispose();
  }
}
