import * as assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as vscode from "vscode";
import { activated, diagnostic, open, readDisk } from "./vscode-helpers";

/** Where the repository is, from client/out/client/test/suite/. */
const ROOT = join(__dirname, "..", "..", "..", "..", "..");

/**
 * The four real-editor scenarios, through the `vscode` API of a real extension host: the same language
 * features a person sees in the UI tests, asserted on the data VS Code itself hands to its widgets.
 */
suite("challenge packs in VS Code", () => {
  suiteSetup(async () => {
    await activated();
  });

  test("1. a broken pack gets the reference's message at the right line, as an error from packlint", async () => {
    const editor = await open("broken.pack.yaml");
    assert.equal(editor.document.languageId, "agentclash-pack");
    const d = await diagnostic(editor.document.uri, "version.number must be greater than 0");
    assert.equal(d.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(d.source, "agentclash");
    // The code links to the rule's page: VS Code then holds it as { value, target }.
    assert.equal(typeof d.code === "object" ? d.code.value : d.code, "version-number-positive");
    assert.deepEqual([d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character], [7, 10, 7, 11]);
  });

  test("2. completion on a challenge_key value lists the declared challenges; accepting one writes it", async () => {
    const editor = await open("broken.pack.yaml");
    const uri = editor.document.uri;
    const at = new vscode.Position(54, 23); // input_sets[1].cases[0].challenge_key: Refund window question
    const list = await vscode.commands.executeCommand<vscode.CompletionList>("vscode.executeCompletionItemProvider", uri, at);
    const label = (i: vscode.CompletionItem) => (typeof i.label === "string" ? i.label : i.label.label);
    assert.deepEqual(list.items.map(label).sort(), ["billing-question", "refund-question"]);
    const item = list.items.find((i) => label(i) === "refund-question")!;
    const range = item.range && "replacing" in item.range ? item.range.replacing : item.range;
    assert.ok(range, "the server says what the item replaces");
    const text = typeof item.insertText === "string" ? item.insertText : (item.insertText?.value ?? label(item));
    assert.ok(await editor.edit((b) => b.replace(range, text)));
    assert.ok(await editor.document.save());
    assert.equal(readDisk(uri).split("\n")[54], "      - challenge_key: refund-question");
  });

  test("3. the legacy `items` quick fix rewrites the file as expected", async () => {
    const editor = await open("legacy-items.pack.yaml");
    const uri = editor.document.uri;
    await diagnostic(uri, "This input set uses legacy `items`; new packs should use `cases` with `case_key`.");
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>("vscode.executeCodeActionProvider", uri, new vscode.Range(29, 5, 29, 5));
    const fix = actions.find((a) => a.title === 'Convert legacy `items` to `cases` in input set "refund-question-full"');
    assert.ok(fix?.edit, `the quick fix is offered (got ${actions.map((a) => a.title).join(" | ")})`);
    assert.equal(fix.isPreferred, true);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.ok(await editor.document.save());
    assert.equal(readDisk(uri), readFileSync(join(ROOT, "client", "test", "fixtures", "legacy-items.converted.pack.yaml"), "utf8"));
  });

  test("4. hover on a challenge_key value shows the challenge's title", async () => {
    const editor = await open("broken.pack.yaml");
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>("vscode.executeHoverProvider", editor.document.uri, new vscode.Position(35, 25));
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === "string" ? c : c.value))).join("\n");
    assert.match(text, /\*\*challenge\*\* `refund-question`/);
    assert.match(text, /title: `Refund window question`/);
  });
});
