import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { URI } from "vscode-uri";
import type { CodeAction, Diagnostic, DocumentLink, DocumentSymbol } from "vscode-languageserver/node";
import { bounded, protocol as P, ServerProcess } from "../helpers/lsp-client";
import { negative, positive, skillFile } from "../helpers/skill";
import { tempTree } from "../helpers/cli";

/** Skill Testing case files over JSON-RPC: the outline, links to inputs.files, code actions by range. */

const text = skillFile({
  cases: [positive.replace("type: trigger", "type: trigerr").replace("files: []", "files: [references/policy.md, references/missing.md]"), negative],
});
const ws = tempTree({
  "skills/refund-helper/tests/skill_cases.yaml": text,
  "skills/refund-helper/SKILL.md": "---\nname: refund-helper\ndescription: Drafts refund decisions.\n---\n# Refund helper\n",
  "skills/refund-helper/references/policy.md": "# Policy\n",
});
const SKILL = URI.file(join(ws, "skills/refund-helper/tests/skill_cases.yaml")).toString();

let server: ServerProcess;
before(async () => {
  server = await ServerProcess.start({ diagnosticsDebounceMs: 5 }, {}, [URI.file(ws).toString()]);
});
after(() => server?.kill());

const request = <R>(type: { method: string }, params: unknown) => bounded(server.conn.sendRequest(type.method, params) as Promise<R>, type.method);

test("protocol: a case file's outline, inputs.files links, and code actions for the requested range only", async () => {
  await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, { textDocument: { uri: SKILL, languageId: "yaml", version: 1, text } });
  const published = await server.diagnosticsFor(SKILL, 1);
  const codes = published.diagnostics.map((d: Diagnostic) => d.code);
  assert.ok(codes.includes("skill-case-type-unknown") && codes.includes("skill-input-file-missing"), JSON.stringify(codes));

  const symbols = await request<DocumentSymbol[]>(P.DocumentSymbolRequest.type, { textDocument: { uri: SKILL } });
  assert.deepEqual(
    symbols.map((s) => [s.name, (s.children ?? []).map((c) => c.name)]),
    [
      ["skill", []],
      ["defaults", []],
      ["trigger", ["trigger_002"]],
      ["trigerr", ["trigger_001"]],
    ],
  );

  const links = await request<DocumentLink[]>(P.DocumentLinkRequest.type, { textDocument: { uri: SKILL } });
  const line = text.split("\n").findIndex((l) => l.includes("references/policy.md"));
  assert.deepEqual(
    links.map((l) => [l.target, l.range.start.line]),
    [[URI.file(join(ws, "skills/refund-helper/references/policy.md")).toString(), line]],
  );

  const nowhere = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  assert.deepEqual(await request<CodeAction[]>(P.CodeActionRequest.type, { textDocument: { uri: SKILL }, range: nowhere, context: { diagnostics: [] } }), []);
  const type = published.diagnostics.find((d: Diagnostic) => d.code === "skill-case-type-unknown")!;
  const actions = await request<CodeAction[]>(P.CodeActionRequest.type, { textDocument: { uri: SKILL }, range: type.range, context: { diagnostics: [type] } });
  assert.equal(actions[0].title, 'Change to "trigger"');
  assert.ok(
    actions.every((a) => (a.diagnostics ?? []).every((d) => d.code === "skill-case-type-unknown")),
    JSON.stringify(actions.map((a) => a.title)),
  );
  assert.equal(await server.stop(), 0);
});
