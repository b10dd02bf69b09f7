import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import type { Diagnostic, Location, WorkspaceEdit } from "vscode-languageserver/node";
import { bounded, protocol as P, ServerProcess } from "../helpers/lsp-client";
import { pack, sections } from "../helpers/packs";

const URI = "file:///tmp/packlint-protocol-evidence-payload/support.pack.yaml";

let server: ServerProcess;
before(async () => {
  server = await ServerProcess.start({ diagnosticsDebounceMs: 20 });
});
after(() => server?.kill());

const request = <R>(type: { method: string }, params: unknown) => bounded(server.conn.sendRequest(type.method, params) as Promise<R>, type.method);

test("protocol: a case.payload path's missing field is a warning, and the path finds and renames the field in every case", async () => {
  const cases = sections.inputSets.replace("        inputs:", "        payload:\n          expected_report: refunds allowed\n        inputs:");
  const second = cases
    .slice(cases.indexOf("      - challenge_key"))
    .replace("refund-window-basic", "refund-window-late")
    .replace("refunds allowed", "no refunds");
  assert.ok(second.includes("expected_report"));
  const text = pack({
    evaluationSpec: sections.evaluationSpec.replace("expected_from: challenge_input", "expected_from: case.payload.expected_reprot"),
    inputSets: cases + second,
  });
  await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, { textDocument: { uri: URI, languageId: "yaml", version: 1, text } });
  const published = await server.diagnosticsFor(URI, 1);
  const lines = text.split("\n");
  const pathLine = lines.findIndex((l) => l.includes("case.payload.expected_reprot"));
  const at = { line: pathLine, character: lines[pathLine].indexOf("expected_reprot") };
  assert.deepEqual(
    published.diagnostics.map((d: Diagnostic) => [d.code, d.severity, d.range.start]),
    [["evidence-key-undeclared", 2, at]],
  );
  assert.match(published.diagnostics[0].message, /Did you mean "expected_report"\?/);

  const fixed = text.replace("case.payload.expected_reprot", "case.payload.expected_report");
  await server.conn.sendNotification(P.DidChangeTextDocumentNotification.type, { textDocument: { uri: URI, version: 2 }, contentChanges: [{ text: fixed }] });
  assert.deepEqual((await server.diagnosticsFor(URI, 2)).diagnostics, []);
  const keyLines = lines.flatMap((l, i) => (l.includes("expected_report: ") ? [i] : []));
  assert.equal(keyLines.length, 2);
  const refs = await request<Location[]>(P.ReferencesRequest.type, { textDocument: { uri: URI }, position: at, context: { includeDeclaration: true } });
  assert.deepEqual(
    refs.map((l) => l.range.start.line),
    [pathLine, ...keyLines],
  );
  const rename = await request<WorkspaceEdit>(P.RenameRequest.type, {
    textDocument: { uri: URI },
    position: { line: keyLines[1], character: lines[keyLines[1]].indexOf("expected_report") + 2 },
    newName: "expected_answer",
  });
  assert.deepEqual(
    rename.changes![URI].map((e) => [e.range.start.line, e.newText]),
    [
      [pathLine, "expected_answer"],
      [keyLines[0], "expected_answer"],
      [keyLines[1], "expected_answer"],
    ],
  );
  assert.equal(await server.stop(), 0);
});
