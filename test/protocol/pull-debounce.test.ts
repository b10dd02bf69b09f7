import { test } from "node:test";
import assert from "node:assert/strict";
import type { Diagnostic, DocumentDiagnosticReport } from "vscode-languageserver/node";
import { bounded, protocol as P, ServerProcess } from "../helpers/lsp-client";
import { pack, sections } from "../helpers/packs";

const URI = "file:///tmp/packlint-pull/support.pack.yaml";
const doc = { uri: URI };
/** Far longer than the pauses between keys below, even on a loaded machine: the typing is one burst. */
const DEBOUNCE_MS = 1000;
const KEY_PAUSE_MS = 20;

const typo = pack({ inputSets: sections.inputSets.replace("challenge_key: refund-question", "challenge_key: refund-questoin") });
const lines = typo.split("\n");
const line = lines.findIndex((l) => l.includes("challenge_key: refund-questoin"));
const start = lines[line].indexOf("refund-questoin");
const WORD = "refund-question";

type Report = DocumentDiagnosticReport & { resultId?: string; items?: Diagnostic[] };
const codes = (r: Report) => r.items?.map((d) => d.code);

async function start_(refreshSupport: boolean, debounceMs = DEBOUNCE_MS) {
  let refreshes = 0;
  const server = await ServerProcess.start(
    { diagnosticsDebounceMs: debounceMs },
    { textDocument: { diagnostic: { dynamicRegistration: false } }, workspace: { diagnostics: { refreshSupport } } },
    null,
    (conn) =>
      conn.onRequest(P.DiagnosticRefreshRequest.type.method, () => {
        refreshes++;
        server.wake();
        return null;
      }),
  );
  const pull = (previousResultId?: string) =>
    server.conn.sendRequest(P.DocumentDiagnosticRequest.type.method, { textDocument: doc, previousResultId }) as Promise<Report>;
  await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, { textDocument: { uri: URI, languageId: "yaml", version: 1, text: typo } });
  const first = await bounded(pull(), "first pull");
  assert.equal(first.kind, "full");
  assert.deepEqual(codes(first), ["case-challenge-key-undeclared"]);
  return { server, pull, first, refreshes: () => refreshes };
}

/** Erases the misspelt value, then types the right one a key at a time, pulling after every key. */
async function type(server: ServerProcess, pull: () => Promise<Report>): Promise<Promise<Report>[]> {
  const at = (from: number, to: number) => ({ start: { line, character: from }, end: { line, character: to } });
  const changes = [{ range: at(start, start + WORD.length), text: "" }, ...[...WORD].map((ch, i) => ({ range: at(start + i, start + i), text: ch }))];
  const answers: Promise<Report>[] = [];
  let version = 1;
  for (const change of changes) {
    await server.conn.sendNotification(P.DidChangeTextDocumentNotification.type, { textDocument: { uri: URI, version: ++version }, contentChanges: [change] });
    answers.push(pull());
    await new Promise((resolve) => setTimeout(resolve, KEY_PAUSE_MS));
  }
  return answers;
}

test("pull diagnostics while typing: the last result until the document is quiet, then one refresh and the final state", async () => {
  const { server, pull, first, refreshes } = await start_(true);
  try {
    const answers = await bounded(Promise.all(await type(server, () => pull(first.resultId))), "pulls while typing");
    assert.equal(answers.length, WORD.length + 1);
    // Nothing from the middle of the word: every pull is told the client already has the right result.
    assert.deepEqual(new Set(answers.map((a) => `${a.kind} ${a.resultId}`)), new Set([`unchanged ${first.resultId}`]));
    await server.waitFor("a diagnostic refresh", () => (refreshes() > 0 ? true : undefined));
    const final = await bounded(pull(first.resultId), "pull after the refresh");
    assert.equal(final.kind, "full");
    assert.notEqual(final.resultId, first.resultId);
    assert.deepEqual(final.items, []);
    // A pull of a quiet document with the same result is `unchanged`.
    assert.deepEqual(await bounded(pull(final.resultId), "pull again"), { kind: "unchanged", resultId: final.resultId });
    assert.equal(refreshes(), 1);
    assert.equal(await server.stop(), 0);
    assert.deepEqual(server.published, []);
  } finally {
    server.kill();
  }
});

test("pull diagnostics while typing, client without refresh: pulls are answered once quiet, with the final state", async () => {
  const { server, pull, refreshes } = await start_(false);
  try {
    const answers = await bounded(Promise.all(await type(server, () => pull())), "pulls while typing");
    assert.equal(answers.length, WORD.length + 1);
    for (const a of answers) assert.deepEqual([a.kind, a.items], ["full", []]);
    assert.equal(new Set(answers.map((a) => a.resultId)).size, 1);
    assert.equal(refreshes(), 0);
    assert.equal(await server.stop(), 0);
  } finally {
    server.kill();
  }
});

test("a held pull ends when the client cancels it", async () => {
  // The longest debounce the settings allow, twice the wait below: the pull can only end in time through its cancellation.
  const { server, refreshes } = await start_(false, 10_000);
  try {
    await server.conn.sendNotification(P.DidChangeTextDocumentNotification.type, {
      textDocument: { uri: URI, version: 2 },
      contentChanges: [{ range: { start: { line, character: start }, end: { line, character: start } }, text: "x" }],
    });
    const source = new P.CancellationTokenSource();
    const held = server.conn.sendRequest(P.DocumentDiagnosticRequest.type.method, { textDocument: doc }, source.token);
    // Answered after the pull was read (in order), so the pull is being held when it is cancelled.
    await bounded(server.conn.sendRequest("packlint/status", { uri: URI }), "status");
    source.cancel();
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("the cancelled pull was held")), 5_000)));
    await assert.rejects(
      Promise.race([held, waited]).finally(() => clearTimeout(timer)),
      (e: { code?: number }) => e.code === P.LSPErrorCodes.RequestCancelled,
    );
    assert.equal(refreshes(), 0);
  } finally {
    server.kill();
  }
});
