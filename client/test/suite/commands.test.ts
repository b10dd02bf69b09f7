import * as assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import * as vscode from "vscode";
import { Commands, ServerCommands, type SkillText, type WorkspaceValidation } from "../../../shared/src";
import type { SkillRunOutcome } from "../../src/skill-tests";
import { activated, open, whenDiagnostics, workspaceFile } from "./vscode-helpers";

/** The Markdown preview tabs showing `uri`. */
function previewTabs(uri: vscode.Uri): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) =>
    g.tabs.filter((t) => t.input instanceof vscode.TabInputCustom && t.input.uri.toString() === uri.toString()),
  );
}

/** The extension's commands: each one's work is done by the server; here, that the wiring reaches it and back. */
suite("commands", () => {
  suiteSetup(async () => {
    await activated();
  });

  test("every command of the manifest and of the server's code lenses is registered", async () => {
    const registered = await vscode.commands.getCommands(true);
    for (const id of [...Object.values(Commands), ...Object.values(ServerCommands)]) assert.ok(registered.includes(id), id);
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

  test("Skill: dry-run prompts and test report open read-only in the Markdown preview, one tab each, never twice", async () => {
    const editor = await open("skills/refund-helper/tests/skill_cases.yaml");
    assert.equal(editor.document.languageId, "agentclash-skill-cases");
    const prompts = await vscode.commands.executeCommand<SkillText>(Commands.skillPrompts);
    assert.match(prompts.markdown ?? "", /^# Dry-run prompts: refund-helper/);
    const promptsUri = vscode.Uri.parse("packlint-report:/Skill Dry-Run Prompts.md");
    assert.equal(previewTabs(promptsUri).length, 1, "the prompts' preview");
    const shown = await vscode.workspace.openTextDocument(promptsUri);
    assert.equal(shown.getText(), prompts.markdown);
    assert.equal(shown.isDirty, false);
    await open("skills/refund-helper/tests/skill_cases.yaml");
    await vscode.commands.executeCommand<SkillText>(Commands.skillPrompts);
    assert.equal(previewTabs(promptsUri).length, 1, "run again: the same tab");
    await open("skills/refund-helper/tests/skill_cases.yaml");
    const report = await vscode.commands.executeCommand<SkillText>(Commands.skillReport);
    assert.match(report.markdown ?? "", /Skill Test Report/);
    assert.ok(["PASS", "REVIEW", "FAIL"].includes(report.overall ?? ""), String(report.overall));
    assert.equal(previewTabs(vscode.Uri.parse("packlint-report:/Skill Test Report.md")).length, 1, "the report's own tab");
    assert.equal(previewTabs(promptsUri).length, 1, "the prompts' tab stays");
    assert.deepEqual(
      vscode.workspace.textDocuments.filter((d) => d.isUntitled).map((d) => d.uri.toString()),
      [],
      "no Untitled documents",
    );
  });

  test("input-set report: refreshed in place when run again, closed without a question, saved where asked", async () => {
    const editor = await open("valid.pack.yaml");
    const first = await vscode.commands.executeCommand<SkillText>(Commands.inputSetReport);
    const uri = vscode.Uri.parse("packlint-report:/Input-Set Report.md");
    assert.equal(previewTabs(uri).length, 1);
    assert.equal((await vscode.workspace.openTextDocument(uri)).getText(), first.markdown);
    // The pack changes (unsaved): the report follows when run again, in the same tab.
    const edit = new vscode.WorkspaceEdit();
    const at = editor.document.getText().indexOf("refund-question-smoke");
    edit.replace(
      editor.document.uri,
      new vscode.Range(editor.document.positionAt(at), editor.document.positionAt(at + "refund-question-smoke".length)),
      "refund-question-ci",
    );
    assert.ok(await vscode.workspace.applyEdit(edit));
    await vscode.window.showTextDocument(editor.document);
    const changed = new Promise<void>((resolve) => {
      const sub = vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.toString() === uri.toString()) resolve(sub.dispose());
      });
    });
    const second = await vscode.commands.executeCommand<SkillText>(Commands.inputSetReport);
    assert.match(second.markdown ?? "", /refund-question-ci/);
    await changed;
    assert.equal((await vscode.workspace.openTextDocument(uri)).getText(), second.markdown);
    assert.equal(previewTabs(uri).length, 1, "one tab after two runs");
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand("workbench.action.files.revert");
    assert.equal(editor.document.isDirty, false);

    const target = workspaceFile("tmp-input-set-report.md");
    const saved = await vscode.commands.executeCommand<vscode.Uri>(Commands.saveReportAs, uri, target);
    assert.equal(saved?.toString(), target.toString());
    assert.equal(readFileSync(target.fsPath, "utf8"), second.markdown);
    await vscode.workspace.fs.delete(target);
    // A read-only document is never dirty: closing its tab asks nothing (a question would keep this waiting).
    assert.equal(await vscode.window.tabGroups.close(previewTabs(uri)), true);
    assert.equal(previewTabs(uri).length, 0);
  });

  test("code lenses: the server's commands become VS Code's references peek and the input set's Copy/Run choice", async () => {
    const doc = (await open("valid.pack.yaml")).document;
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>("vscode.executeCodeLensProvider", doc.uri);
    assert.ok(lenses.length >= 6, `${lenses.length} lenses`);
    for (const lens of lenses)
      assert.ok(["editor.action.showReferences", Commands.offerInputSetRun].includes(lens.command?.command ?? ""), lens.command?.title);
    const validator = lenses.find((l) => doc.lineAt(l.range.start.line).text.includes("key: mentions-window"))!;
    assert.equal(validator.command?.title, "used by 1 dimension");
    const [uri, position, locations] = validator.command!.arguments as [vscode.Uri, vscode.Position, vscode.Location[]];
    assert.ok(uri instanceof vscode.Uri && position instanceof vscode.Position && locations[0] instanceof vscode.Location);
    assert.equal(doc.getText(locations[0].range), "correctness");
  });

  test("Run Skill Test: once the settings' agent command is allowed, every case runs; results, report and summary are truthful", async () => {
    // The repository's fake agent (test/fixtures/skill-agent), run by this extension host's Node.
    const fake = join(resolve(__dirname, "../../../../.."), "test", "fixtures", "skill-agent", "fake-agent.js");
    const agent = `"${process.execPath}" "${fake}"`;
    await vscode.workspace.getConfiguration("packlint").update("skill.agentCommand", agent, vscode.ConfigurationTarget.Workspace);
    await open("skills/refund-helper/tests/skill_cases.yaml");
    const reportFile = workspaceFile("skills/refund-helper/tests/tmp/skill-test-report.md");
    const ran = Promise.resolve(vscode.commands.executeCommand<SkillRunOutcome>(Commands.runSkillTest));
    // A command from the settings runs only once allowed, and the example's earlier responses are replaced: one
    // confirmation says both; accepting its first item ("Run") is the user's consent.
    let settled = false;
    void ran.finally(() => (settled = true));
    for (let tries = 0; !settled && tries < 40; tries++) {
      await vscode.commands.executeCommand("workbench.action.acceptSelectedQuickOpenItem");
      await Promise.race([ran, new Promise((next) => setTimeout(next, 250))]);
    }
    const outcome = await ran;
    assert.equal(outcome.problem, undefined, outcome.problem);
    assert.equal(outcome.overall, "FAIL");
    assert.deepEqual(outcome.results, {
      trigger_001: "PASS",
      trigger_002: "FAIL",
      plan_001: "REVIEW",
      contract_001: "REVIEW",
      edge_001: "FAIL",
      failure_001: "FAIL",
    });
    assert.equal(outcome.summary, "Skill test of refund-helper: FAIL, 1 passed, 2 to review, 3 failed.");
    assert.equal(outcome.reportPath, reportFile.fsPath);
    const report = readFileSync(reportFile.fsPath, "utf8");
    assert.match(report, /- Response Source: agent: .*fake-agent\.js"\n/);
    assert.match(report, /\| trigger_002 \| trigger \| \d+ \| FAIL \| selects "refund-helper", which expected\.skill\.should_not_use forbids/);
    // The report is opened in the preview, with the text written.
    const reportUri = vscode.Uri.parse("packlint-report:/Skill Test Report.md");
    assert.equal(previewTabs(reportUri).length, 1, "the report's preview");
    // The preview's document follows the provider's change event: wait for it to hold the report written.
    const shows = new Promise<void>((done) => {
      const check = (doc: vscode.TextDocument) => {
        if (doc.uri.toString() !== reportUri.toString() || doc.getText() !== report) return;
        sub.dispose();
        done();
      };
      const sub = vscode.workspace.onDidChangeTextDocument((e) => check(e.document));
      void vscode.workspace.openTextDocument(reportUri).then(check);
    });
    await shows;
    assert.ok(existsSync(workspaceFile("skills/refund-helper/tests/tmp/raw_response/edge_001.md").fsPath));
  });

  test("Run Skill Test: a case file with errors is not run, and the run says why", async () => {
    const good = readFileSync(workspaceFile("skills/refund-helper/tests/skill_cases.yaml").fsPath, "utf8");
    const broken = workspaceFile("skills/broken-skill/tests/skill_cases.yaml");
    await vscode.workspace.fs.writeFile(broken, new TextEncoder().encode(good.replace("    title: A refund request triggers refund-helper\n", "")));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(broken));
    const outcome = await vscode.commands.executeCommand<SkillRunOutcome>(Commands.runSkillTest);
    assert.equal(outcome.overall, null);
    assert.match(outcome.problem ?? "", /^The case file has \d+ errors?, so its cases cannot run \(packlint skill run refuses it\): fix/);
    assert.match(outcome.problem ?? "", /line 11: cases\[0\]\.title is required \[skill-field-required\]/);
    assert.equal(existsSync(workspaceFile("skills/broken-skill/tests/tmp").fsPath), false, "nothing was started");
    await vscode.commands.executeCommand("workbench.action.closeActiveEditor");
    await vscode.workspace.fs.delete(workspaceFile("skills/broken-skill"), { recursive: true });
  });
});
