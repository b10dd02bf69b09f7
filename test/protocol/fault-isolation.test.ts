import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { URI } from "vscode-uri";
import type { Diagnostic, SymbolInformation } from "vscode-languageserver/node";
import { BIN, bounded, protocol as P, ServerProcess } from "../helpers/lsp-client";
import { pack, sections } from "../helpers/packs";
import { packTree } from "../helpers/cli";
import { Requests } from "../../shared/src";

/**
 * Fault isolation in the server: a file whose check throws (a fault injected through PACKLINT_TEST_FAULT, as a
 * packlint bug would throw) gets one `internal-error` diagnostic, in the workspace index and as an open document,
 * and every other file is indexed, searched and reported as usual.
 */

const MARKER = "packlint-test-fault-here";
const withChallenge = (key: string) =>
  pack({ challenges: sections.challenges.replace("refund-question", key), inputSets: sections.inputSets.replace("refund-question", key) });
const faulty = (key: string) => `# ${MARKER}\n` + withChallenge(key);

const root = packTree({
  "good.pack.yaml": withChallenge("good-question"),
  "other.pack.yaml": withChallenge("other-question").replace("difficulty: easy", "difficulty: eazy"),
  "faulty.pack.yaml": faulty("faulty-question"),
});
const uriOf = (name: string) => URI.file(join(root, name)).toString();

let server: ServerProcess;

before(async () => {
  // No configuration requests: the index is built as soon as the server is initialized.
  server = await ServerProcess.start({ diagnosticsDebounceMs: 5 }, {}, [URI.file(root).toString()], undefined, {
    argv: [process.execPath, BIN],
    env: { ...process.env, PACKLINT_TEST_FAULT: MARKER },
  });
});

after(() => server?.kill());

const request = <R>(method: string, params: unknown) => bounded(server.conn.sendRequest(method, params) as Promise<R>, method);
const lastFor = (uri: string, from: number) =>
  server.waitFor(
    `diagnostics of ${uri}`,
    () =>
      server.published
        .slice(from)
        .filter((p) => p.uri === uri)
        .at(-1)?.diagnostics,
  );
const codes = (d: Diagnostic[]) => d.map((x) => [x.code, x.severity]);

function assertInternalError(d: Diagnostic[]): void {
  assert.deepEqual(codes(d), [["internal-error", 1]]);
  assert.equal(
    d[0].message,
    "packlint failed while checking this file (Error: a fault injected by the tests); the file was not checked. Please report this with the file.",
  );
  assert.deepEqual(d[0].range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
}

test("index: the faulty file is indexed with one internal-error; the other files are validated and searched as usual", async () => {
  const from = server.published.length;
  const result = await request<{ files: number; filesWithErrors: number }>(Requests.validateWorkspace, {});
  assert.equal(result.files, 3);
  assert.equal(result.filesWithErrors, 2, "the faulty file and other.pack.yaml's own error");
  assertInternalError(await lastFor(uriOf("faulty.pack.yaml"), from));
  assert.deepEqual(codes(await lastFor(uriOf("other.pack.yaml"), from)), [["challenge-difficulty-invalid", 1]]);
  assert.deepEqual(await lastFor(uriOf("good.pack.yaml"), from), []);

  const symbols = await request<SymbolInformation[]>(P.WorkspaceSymbolRequest.type.method, { query: "" });
  const challenges = [...new Set(symbols.filter((s) => s.kind === 5).map((s) => s.name))].sort();
  assert.deepEqual(challenges, ["good-question", "other-question"]);
});

test("open documents: the faulty one gets one internal-error, the others their diagnostics; fixing it checks it again", async () => {
  const uri = "untitled:faulty.pack.yaml";
  const goodUri = "untitled:good.pack.yaml";
  let from = server.published.length;
  await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: "yaml", version: 1, text: faulty("open-question") },
  });
  await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, {
    textDocument: { uri: goodUri, languageId: "yaml", version: 1, text: withChallenge("good-open").replace("difficulty: easy", "difficulty: eazy") },
  });
  assertInternalError((await server.diagnosticsFor(uri, 1, from)).diagnostics);
  assert.deepEqual(codes((await server.diagnosticsFor(goodUri, 1, from)).diagnostics), [["challenge-difficulty-invalid", 1]]);
  // Requests on the faulty document are answered (empty), the server goes on.
  assert.equal(await request(P.HoverRequest.type.method, { textDocument: { uri }, position: { line: 3, character: 2 } }), null);

  from = server.published.length;
  await server.conn.sendNotification(P.DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 2 },
    contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } }, text: "" }],
  });
  assert.deepEqual((await server.diagnosticsFor(uri, 2, from)).diagnostics, [], "the marker removed: checked as usual");
});
