import * as vscode from "vscode";

/** The reports' own scheme: read-only documents that are never dirty, so closing one never asks to save it. */
export const REPORT_SCHEME = "packlint-report";
/** The Markdown extension's preview as an editor (`Open With… › Markdown Preview`): one per document and group. */
const MARKDOWN_PREVIEW = "vscode.markdown.preview.editor";

export type ReportKind = "inputSet" | "skillPrompts" | "skillReport";
const FILE_NAMES: Record<ReportKind, string> = {
  inputSet: "Input-Set Report.md",
  skillPrompts: "Skill Dry-Run Prompts.md",
  skillReport: "Skill Test Report.md",
};

/**
 * The reports the commands show: one virtual Markdown document per kind, shown in the Markdown preview. Running a
 * command again replaces its document's text (the open preview follows) and brings that one preview forward.
 */
export class Reports implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private last: vscode.Uri | undefined;

  uri(kind: ReportKind): vscode.Uri {
    return vscode.Uri.from({ scheme: REPORT_SCHEME, path: "/" + FILE_NAMES[kind] });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? "";
  }

  /** Shows the report: its preview tab if one is open (in that tab's group), else a new one beside the active editor. */
  async show(kind: ReportKind, markdown: string): Promise<vscode.Uri> {
    const uri = this.uri(kind);
    this.texts.set(uri.toString(), markdown);
    this.last = uri;
    this.changed.fire(uri);
    const open = this.tabsOf(uri)[0];
    await vscode.commands.executeCommand("vscode.openWith", uri, MARKDOWN_PREVIEW, {
      viewColumn: open?.group.viewColumn ?? vscode.ViewColumn.Beside,
      preserveFocus: false,
    });
    return uri;
  }

  /** The preview tabs showing `uri`. */
  tabsOf(uri: vscode.Uri): vscode.Tab[] {
    return vscode.window.tabGroups.all.flatMap((g) =>
      g.tabs.filter((t) => t.input instanceof vscode.TabInputCustom && t.input.viewType === MARKDOWN_PREVIEW && t.input.uri.toString() === uri.toString()),
    );
  }

  /** The report to save: the one in the active tab, else the last shown. */
  current(): vscode.Uri | undefined {
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    if (
      (input instanceof vscode.TabInputCustom || input instanceof vscode.TabInputText) &&
      input.uri.scheme === REPORT_SCHEME &&
      this.texts.has(input.uri.toString())
    )
      return input.uri;
    return this.last;
  }

  /** "Save as…": writes a report to `target`, else to a file the user picks (the workspace's first folder is offered). */
  async saveAs(uri = this.current(), target?: vscode.Uri): Promise<vscode.Uri | undefined> {
    const text = uri && this.texts.get(uri.toString());
    if (!uri || text === undefined) return void vscode.window.showWarningMessage("No packlint report to save: run a report command first.");
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const name = uri.path
      .slice(1)
      .toLowerCase()
      .replace(/[^a-z0-9.]+/g, "-");
    target ??= await vscode.window.showSaveDialog({
      defaultUri: folder && vscode.Uri.joinPath(folder, name),
      filters: { Markdown: ["md"] },
      title: "Save the report as",
    });
    if (!target) return undefined;
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
    return target;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
