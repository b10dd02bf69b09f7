import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import type { Diagnostic, Location, WorkspaceEdit } from "vscode-languageserver/node";
import { bounded, protocol as P, ServerProcess } from "../helpers/lsp-client";
import { pack, sections } from "../helpers/packs";

const URI = "file:///tmp/packlint-protocol-evidence/support.pack.yaml";
const PAYLOAD_URI = "file:///tmp/packlint-protocol-evidence-payload/support.pack.yaml";

let server: ServerProcess;
before(async () => {
  server = await ServerProcess.start({ diagnosticsDebounceMs: 20 });
});
after(() => server?.kill());

const request = <R>(type: { method: string }, params: unknown) => bounded(server.conn.sendRequest(type.method, params) as Promise<R>, type.method);

/**
 * Opens `text`, whose evidence path writes `misspelt`: its one diagnostic is the warning at that segment, with
 * `suggested` as the did-you-mean; the path written `corrected` has none. Returns where the path's segment is.
 */
async function misspeltPath(uri: string, text: string, misspelt: string, corrected: string, suggested: string) {
  await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "yaml", version: 1, text } });
  const published = await server.diagnosticsFor(uri, 1);
  const lines = text.split("\n");
  const pathLine = lines.findIndex((l) => l.includes(misspelt));
  const at = { line: pathLine, character: lines[pathLine].indexOf(misspelt.slice(misspelt.lastIndexOf(".") + 1)) };
  assert.deepEqual(
    published.diagnostics.map((d: Diagnostic) => [d.code, d.severity, d.range.start]),
    [["evidence-key-undeclared", 2, at]],
  );
  assert.match(published.diagnostics[0].message, new RegExp(`Did you mean "${suggested}"\\?`));

  const fixed = text.replace(misspelt, corrected);
  await server.conn.sendNotification(P.DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 2 }, contentChanges: [{ text: fixed }] });
  assert.deepEqual((await server.diagnosticsFor(uri, 2)).diagnostics, []);
  return { lines, pathLine, at };
}

test("protocol: an evidence path's undeclared key is a warning, and the path navigates and renames with the input", async () => {
  const text = pack({
    evaluationSpec: sections.evaluationSpec.replace("expected_from: challenge_input", "expected_from: case.inputs.promt"),
  });
  const { lines, pathLine, at } = await misspeltPath(URI, text, "case.inputs.promt", "case.inputs.prompt", "prompt");
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
});

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
  const { lines, pathLine, at } = await misspeltPath(PAYLOAD_URI, text, "case.payload.expected_reprot", "case.payload.expected_report", "expected_report");
  const keyLines = lines.flatMap((l, i) => (l.includes("expected_report: ") ? [i] : []));
  assert.equal(keyLines.length, 2);
  const refs = await request<Location[]>(P.ReferencesRequest.type, { textDocument: { uri: PAYLOAD_URI }, position: at, context: { includeDeclaration: true } });
  assert.deepEqual(
    refs.map((l) => l.range.start.line),
    [pathLine, ...keyLines],
  );
  const rename = await request<WorkspaceEdit>(P.RenameRequest.type, {
    textDocument: { uri: PAYLOAD_URI },
    position: { line: keyLines[1], character: lines[keyLines[1]].indexOf("expected_report") + 2 },
    newName: "expected_answer",
  });
  assert.deepEqual(
    rename.changes![PAYLOAD_URI].map((e) => [e.range.start.line, e.newText]),
    [
      [pathLine, "expected_answer"],
      [keyLines[0], "expected_answer"],
      [keyLines[1], "expected_answer"],
    ],
  );
  assert.equal(await server.stop(), 0);
});
