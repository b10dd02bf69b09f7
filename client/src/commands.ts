import * as vscode from "vscode";
import type { BaseLanguageClient as LanguageClient } from "vscode-languageclient";
import { Commands, ConvertLegacyItemsResult, Requests, SkillText, WorkspaceValidation } from "../../shared/src";
import { REPORT_SCHEME, type ReportKind, type Reports } from "./reports";
import type { SkillTests } from "./skill-tests";

/** The commands: each asks the server to do the work and only shows the result. */
export function registerCommands(
  context: vscode.ExtensionContext,
  client: LanguageClient,
  output: vscode.LogOutputChannel,
  reports: Reports,
  skillTests: SkillTests | undefined,
  web: boolean,
): void {
  // VS Code passes a command's arguments untyped; each handler declares its own.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const register = (id: string, run: (...args: any[]) => unknown) => context.subscriptions.push(vscode.commands.registerCommand(id, run));

  register(Commands.validateWorkspace, async () => {
    const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: "Validating challenge packs…" }, () =>
      client.sendRequest<WorkspaceValidation>(Requests.validateWorkspace, {}),
    );
    await vscode.commands.executeCommand("workbench.actions.view.problems");
    void vscode.window.showInformationMessage(summary(result));
    return result;
  });

  register(Commands.convertLegacyItems, async () => {
    const doc = vscode.window.activeTextEditor?.document;
    if (!doc) return void vscode.window.showWarningMessage("Open a challenge pack first.");
    const result = await client.sendRequest<ConvertLegacyItemsResult>(Requests.convertLegacyItems, { uri: doc.uri.toString() });
    if (result.changes === 0) void vscode.window.showInformationMessage("No legacy `items` or `item_key` in this file.");
    return result;
  });

  register(Commands.restartServer, async () => {
    await client.stop();
    await client.start();
  });
  register(Commands.showOutput, () => output.show(true));

  // A report is shown read-only in the Markdown preview, one tab per kind, refreshed in place when run again.
  const reportCommand = (request: string, kind: ReportKind, what: string) => async () => {
    const doc = vscode.window.activeTextEditor?.document;
    if (!doc) return void vscode.window.showWarningMessage(`Open ${what} first.`);
    const result = await client.sendRequest<SkillText>(request, { uri: doc.uri.toString() });
    if (result.markdown === null) return void vscode.window.showWarningMessage(result.error ?? "Nothing to show.");
    await reports.show(kind, result.markdown);
    return result;
  };
  const caseFile = "a Skill Testing case file (tests/skill_cases.yaml)";
  register(Commands.skillPrompts, reportCommand(Requests.skillPrompts, "skillPrompts", caseFile));
  register(Commands.skillReport, reportCommand(Requests.skillReport, "skillReport", caseFile));
  register(Commands.inputSetReport, reportCommand(Requests.inputSetReport, "inputSet", "a challenge pack"));
  // From the preview's title bar: the report's URI; from a script or test, also the file to write.
  register(Commands.saveReportAs, (uri?: unknown, target?: unknown) =>
    reports.saveAs(uri instanceof vscode.Uri && uri.scheme === REPORT_SCHEME ? uri : undefined, target instanceof vscode.Uri ? target : undefined),
  );

  // Runs every case of the open case file through the Test Explorer's runner: its results, its report, its messages.
  register(Commands.runSkillTest, async () => {
    if (web || !skillTests) return void vscode.window.showInformationMessage(NO_PROCESSES_IN_A_BROWSER);
    const doc = vscode.window.activeTextEditor?.document;
    if (!doc || doc.uri.scheme !== "file") return void vscode.window.showWarningMessage(`Open ${caseFile} saved on disk first.`);
    const outcome = await skillTests.runFile(doc.uri);
    if (outcome.overall === "PASS") void vscode.window.showInformationMessage(outcome.summary!);
    else if (outcome.overall) void vscode.window.showWarningMessage(`${outcome.summary} See the report and the Test Results.`);
    return outcome;
  });

  // An input set's lens offers its `agentclash eval start` line: nothing runs unless the user says so.
  register(Commands.offerInputSetRun, async (command: unknown) => {
    if (typeof command !== "string" || command === "") return;
    // In a browser there may be no terminal (vscode.dev): the line is offered to copy only.
    const choice = await vscode.window.showInformationMessage(command, ...(web ? [COPY] : [RUN_IN_TERMINAL, COPY]));
    if (choice === COPY) await vscode.env.clipboard.writeText(command);
    else if (choice === RUN_IN_TERMINAL) {
      const terminal = vscode.window.createTerminal({ name: "packlint", cwd: packFolder() });
      terminal.show();
      terminal.sendText(command);
    }
  });
}

/** Run Skill Test starts the user's agent: a browser starts no processes (the command is hidden there; this answers a keybinding). */
export const NO_PROCESSES_IN_A_BROWSER =
  "Run Skill Test starts your agent as a process, which VS Code in a browser cannot do. Open the folder in VS Code on the desktop, or run `packlint skill run <case file> --agent <command>` in a terminal.";

const RUN_IN_TERMINAL = "Run in Terminal";
const COPY = "Copy";

/** The folder of the active pack on disk: where the command line's pack is. */
function packFolder(): vscode.Uri | undefined {
  const uri = vscode.window.activeTextEditor?.document.uri;
  return uri?.scheme === "file" ? vscode.Uri.joinPath(uri, "..") : undefined;
}

function summary(r: WorkspaceValidation): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (r.files === 0) return "No challenge packs or Skill Testing case files in the workspace.";
  const silenced = r.silenced ? ` (${plural(r.silenced, "error")} silenced by rule levels: those files are not valid)` : "";
  const errors = r.errors || r.silenced ? `${plural(r.errors, "error")} in ${plural(r.filesWithErrors, "file")}${silenced}` : "no errors";
  return `Validated ${plural(r.files, "file")}: ${errors}, ${plural(r.warnings, "warning")}.`;
}
