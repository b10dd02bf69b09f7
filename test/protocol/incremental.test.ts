import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import type { CodeLens, DocumentLink, DocumentSymbol, FoldingRange } from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { bounded, protocol as P, ServerProcess } from "../helpers/lsp-client";
import { buildPackModel, packDiagnostics } from "../../server/src/service/pack-model";
import { toLspDiagnostic } from "../../server/src/lsp/convert";
import { packagedRulesDocs } from "../../server/src/workspace/docs-location";
import { generatePack } from "../../bench/generate";
import { rng } from "../fuzz/mutate";
import { realisticEdit } from "../incremental/edits";

const PACK = "file:///tmp/packlint-protocol/incremental.pack.yaml";
const LARGE = "file:///tmp/packlint-protocol/large.pack.yaml";

let server: ServerProcess;
let large: ServerProcess;

before(async () => {
  server = await ServerProcess.start({ diagnosticsDebounceMs: 0 });
  large = await ServerProcess.start({ diagnosticsDebounceMs: 0, largeFileChars: 2000, maxOutlineItems: 4 });
});

after(() => {
  server?.kill();
  large?.kill();
});

test("protocol: after each incremental didChange the server publishes what a fresh build of the text gives", async () => {
  const doc = TextDocument.create(PACK, "yaml", 1, generatePack({ cases: 40 }));
  await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, {
    textDocument: { uri: PACK, languageId: "yaml", version: 1, text: doc.getText() },
  });
  await server.diagnosticsFor(PACK, 1);
  const r = rng(4242);
  for (let version = 2; version <= 25; version++) {
    const changes = realisticEdit(doc.getText(), r).map((c) => {
      const range = { start: doc.positionAt(c.start), end: doc.positionAt(c.end) };
      TextDocument.update(doc, [{ range, text: c.text }], doc.version + 1);
      return { range, text: c.text };
    });
    TextDocument.update(doc, [], version);
    const from = server.published.length;
    await server.conn.sendNotification(P.DidChangeTextDocumentNotification.type, { textDocument: { uri: PACK, version }, contentChanges: changes });
    if (changes.length === 0) continue; // nothing changed: nothing to publish
    const published = await server.diagnosticsFor(PACK, version, from);
    const expected = packDiagnostics(buildPackModel(doc.getText(), PACK)).map((d) => toLspDiagnostic(PACK, d, packagedRulesDocs()));
    assert.deepEqual(published.diagnostics, expected, `version ${version}`);
  }
});

test("protocol: a large pack keeps its diagnostics, loses code lenses and links, gets a cut outline and folding, and one notice", async () => {
  const notices: string[] = [];
  large.conn.onNotification("window/showMessage", (p: { message: string }) => notices.push(p.message));
  const text = generatePack({ cases: 30 });
  await large.conn.sendNotification(P.DidOpenTextDocumentNotification.type, { textDocument: { uri: LARGE, languageId: "yaml", version: 1, text } });
  const published = await large.diagnosticsFor(LARGE, 1);
  assert.deepEqual(
    published.diagnostics.map((d) => d.code),
    packDiagnostics(buildPackModel(text)).map((d) => d.code),
  );
  const request = <R>(method: string) => bounded(large.conn.sendRequest(method, { textDocument: { uri: LARGE } }) as Promise<R>, method);
  assert.deepEqual(await request<CodeLens[]>("textDocument/codeLens"), []);
  assert.deepEqual(await request<DocumentLink[]>("textDocument/documentLink"), []);
  assert.deepEqual((await request<{ data: number[] }>("textDocument/semanticTokens/full")).data, [], "no semantic tokens");
  const count = (symbols: DocumentSymbol[]): number => symbols.reduce((n, s) => n + 1 + count(s.children ?? []), 0);
  const outline = await request<DocumentSymbol[]>("textDocument/documentSymbol");
  assert.equal(count(outline), 4);
  assert.deepEqual(
    outline.map((s) => s.name),
    ["pack", "version", "challenges", "input_sets"],
    "breadth first: the top-level sections, siblings as the YAML reads",
  );
  assert.ok((await request<FoldingRange[]>("textDocument/foldingRange")).length <= 4);
  await large.waitFor("the large-file notice", () => (notices.length > 0 ? notices : undefined));
  await request("textDocument/codeLens");
  assert.equal(notices.length, 1);
  assert.match(notices[0], /large .*code lenses and document links are off/);
});
