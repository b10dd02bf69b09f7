import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import type { Diagnostic, Location, WorkspaceEdit } from "vscode-languageserver/node";
import { bounded, protocol as P, ServerProcess } from "../helpers/lsp-client";
import { pack, sections } from "../helpers/packs";

const URI = "file:///tmp/packlint-protocol-evidence/support.pack.yaml";

let server: ServerProcess;
before(async () => {
  server = await ServerProcess.start({ diagnosticsDebounceMs: 20 });
});
after(() => server?.kill());

const request = <R>(type: { method: string }, params: unknown) => bounded(server.conn.sendRequest(type.method, params) as Promise<R>, type.method);

test("protocol: an evidence path's undeclared key is a warning, and the path navigates and renames with the input", async () => {
  const text = pack({
    evaluationSpec: sections.evaluationSpec.replace("expected_from: challenge_input", "expected_from: case.inputs.promt"),
  });
  await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, { textDocument: { uri: URI, languageId: "yaml", version: 1, text } });
  const published = await server.diagnosticsFor(URI, 1);
  const lines = text.split("\n");
  const pathLine = lines.findIndex((l) => l.includes("case.inputs.promt"));
  const at = { line: pathLine, character: lines[pathLine].indexOf("promt") };
  assert.deepEqual(
    published.diagnostics.map((d: Diagnostic) => [d.code, d.severity, d.range.start]),
    [["evidence-key-undeclared", 2, at]],
  );
  assert.match(published.diagnostics[0].message, /Did you mean "prompt"\?/);

  const fixed = text.replace("case.inputs.promt", "case.inputs.prompt");
  await server.conn.sendNotification(P.DidChangeTextDocumentNotification.type, { textDocument: { uri: URI, version: 2 }, contentChanges: [{ text: fixed }] });
  assert.deepEqual((await server.diagnosticsFor(URI, 2)).diagnostics, []);
  const inputLine = lines.findIndex((l) => l.includes("- key: prompt"));
  const definition = await request<Location[]>(P.DefinitionRequest.type, { textDocument: { uri: URI }, position: at });
  assert.deepEqual(
    definition.map((l) => l.range.start.line),
    [inputLine],
  );
  const rename = await request<WorkspaceEdit>(P.RenameRequest.type, { textDocument: { uri: URI }, position: at, newName: "question" });
  assert.deepEqual(
    rename.changes![URI].map((e) => [e.range.start.line, e.newText]),
    [
      [pathLine, "question"],
      [inputLine, "question"],
      [lines.findIndex((l) => l.includes("source: input:prompt")), "question"],
    ],
  );
  assert.equal(await server.stop(), 0);
});
