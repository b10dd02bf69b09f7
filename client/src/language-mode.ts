import * as vscode from "vscode";
import type { BaseLanguageClient as LanguageClient } from "vscode-languageclient";
import { DocumentKindResult, LanguageIds, Requests } from "../../shared/src";

const SWITCH = "Switch Language Mode";

/**
 * Plain `yaml` documents the server takes for packs or case files get our language mode: at once when a glob of
 * the settings names them, after asking when only their content looks like a pack (asked once per file).
 */
export function offerLanguageMode(context: vscode.ExtensionContext, client: LanguageClient): void {
  const asked = new Set<string>();
  const check = async (doc: vscode.TextDocument) => {
    if (doc.languageId !== "yaml" || (doc.uri.scheme !== "file" && doc.uri.scheme !== "untitled")) return;
    const uri = doc.uri.toString();
    const found = await client.sendRequest<DocumentKindResult>(Requests.documentKind, { uri, text: doc.getText() });
    if (!found.kind) return;
    const language = found.kind === "skill-cases" ? LanguageIds.skillCases : LanguageIds.pack;
    if (found.by === "glob") {
      await vscode.languages.setTextDocumentLanguage(doc, language);
      return;
    }
    if (asked.has(uri)) return;
    asked.add(uri);
    const what = found.kind === "skill-cases" ? "a Skill Testing case file" : "an AgentClash challenge pack";
    const answer = await vscode.window.showInformationMessage(`${vscode.workspace.asRelativePath(doc.uri)} looks like ${what}.`, SWITCH);
    if (answer === SWITCH && !doc.isClosed) await vscode.languages.setTextDocumentLanguage(doc, language);
  };
  const safely = (doc: vscode.TextDocument) => void check(doc).catch(() => undefined); // a stopped server answers nothing
  context.subscriptions.push(vscode.workspace.onDidOpenTextDocument(safely));
  vscode.workspace.textDocuments.forEach(safely);
}
