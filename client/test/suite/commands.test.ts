import * as assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import * as vscode from "vscode";
import { Commands, type SkillText, type WorkspaceValidation } from "../../../shared/src";
import { activated, open, TIMEOUT_MS, whenDiagnostics, workspaceFile } from "./vscode-helpers";

/** The extension's commands: each one's work is done by the server; here, that the wiring reaches it and back. */
suite("commands", () => {
  suiteSetup(async () => {
    await activated();
  });

  test("every command of the manifest and of the server's code lenses is registered", async () => {
    const registered = await vscode.commands.getCommands(true);
    for (const id of Object.values(Commands)) assert.ok(registered.includes(id), id);
  });

  test("validate workspace: every pack and case file of the workspace lands in the Problems panel", async () => {
    const result = await vscode.commands.executeCommand<WorkspaceValidation>(Commands.validateWorkspace);
    assert.equal(result.files, 4, JSON.stringify(result)); // broken, legacy, valid, skills/refund-helper/tests/skill_cases.yaml
    const valid = workspaceFile("valid.pack.yaml");
    const cases = workspaceFile("skills/refund-helper/tests/skill_cases.yaml");
    await whenDiagnostics("diagnostics of files that are not open", () =>
      vscode.languages.getDiagnostics().some(([uri]) => uri.toString() === valid.toString() || uri.toString() === cases.toString()) ? true : undefined,
    );
  });

  test("Skill: dry-run prompts and test report open as Markdown beside the case file", async () => {
    const editor = await open("skills/refund-helper/tests/skill_cases.yaml");
    assert.equal(editor.document.languageId, "agentclash-skill-cases");
    const prompts = await vscode.commands.executeCommand<SkillText>(Commands.skillPrompts);
    assert.match(prompts.markdown ?? "", /^# Dry-run prompts: refund-helper/);
    assert.equal(vscode.window.activeTextEditor?.document.languageId, "markdown");
    assert.equal(vscode.window.activeTextEditor?.document.getText(), prompts.markdown);
    await open("skills/refund-helper/tests/skill_cases.yaml");
    const report = await vscode.commands.executeCommand<SkillText>(Commands.skillReport);
    assert.match(report.markdown ?? "", /Skill Test Report/);
    assert.ok(["PASS", "REVIEW", "FAIL"].includes(report.overall ?? ""), String(report.overall));
  });

  test("Run Skill Test: once the prefilled agent command is confirmed, packlint skill run runs in a terminal", async () => {
    // The repository's fake agent (test/fixtures/skill-agent), run by this extension host's Node.
    const fake = join(resolve(__dirname, "../../../../.."), "test", "fixtures", "skill-agent", "fake-agent.js");
    const agent = `"${process.execPath}" "${fake}"`;
    await vscode.workspace.getConfiguration("packlint").update("skill.agentCommand", agent, vscode.ConfigurationTarget.Workspace);
    await open("skills/refund-helper/tests/skill_cases.yaml");
    const reportFile = workspaceFile("skills/refund-helper/tests/tmp/skill-test-report.md");
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(workspaceFile("skills/refund-helper/tests/tmp"), "skill-test-report.md"));
    const written = new Promise<void>((done, fail) => {
      const timer = setTimeout(() => fail(new Error("no skill-test-report.md")), TIMEOUT_MS);
      const seen = () => {
        if (!existsSync(reportFile.fsPath) || !/- Overall: /.test(readFileSync(reportFile.fsPath, "utf8"))) return;
        clearTimeout(timer);
        done();
      };
      watcher.onDidCreate(seen);
      watcher.onDidChange(seen);
    });
    const ran = vscode.commands.executeCommand<vscode.Terminal | undefined>(Commands.runSkillTest);
    // The input box holds the setting's command; accepting it is the user's confirmation.
    await vscode.commands.executeCommand("workbench.action.acceptSelectedQuickOpenItem");
    const terminal = await ran;
    assert.equal(terminal?.name, "Skill Test");
    await written.finally(() => watcher.dispose());
    const report = readFileSync(reportFile.fsPath, "utf8");
    assert.match(report, /- Response Source: agent: .*fake-agent\.js"\n/);
    assert.match(report, /\| trigger_002 \| trigger \| \d+ \| FAIL \| selected "refund-helper", which expected\.skill\.should_not_use forbids/);
    terminal?.dispose();
  });
});
