import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import type { CompletionList, Hover, Location, WorkspaceEdit, CodeAction, DocumentSymbol, Diagnostic } from "vscode-languageserver/node";
import { fork } from "node:child_process";
import { BIN, bounded, protocol, ServerProcess } from "../helpers/lsp-client";
import { pack, sections } from "../helpers/packs";

const P = protocol;
const PACK = "file:///tmp/packlint-protocol/support.pack.yaml";
const OTHER = "file:///tmp/packlint-protocol/other.yaml";

/** Long enough that two edits written together always fall in one debounce window, even on a loaded machine. */
const DEBOUNCE_MS = 50;

let server: ServerProcess;

before(async () => {
  server = await ServerProcess.start({ diagnosticsDebounceMs: DEBOUNCE_MS });
});

after(() => server?.kill());

const typo = pack({ inputSets: sections.inputSets.replace("challenge_key: refund-question", "challenge_key: refund-questoin") });
const lines = typo.split("\n");
const typoLine = lines.findIndex((l) => l.includes("challenge_key: refund-questoin"));
const typoChar = lines[typoLine].indexOf("refund-questoin");
const request = <R>(type: { method: string }, params: unknown) => bounded(server.conn.sendRequest(type.method, params) as Promise<R>, type.method);
const doc = { uri: PACK };

test("protocol: didOpen publishes diagnostics for that version", async () => {
  await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, { textDocument: { uri: PACK, languageId: "yaml", version: 1, text: typo } });
  const published = await server.diagnosticsFor(PACK, 1);
  assert.deepEqual(
    published.diagnostics.map((d: Diagnostic) => [d.code, d.range.start.line, d.message]),
    [
      [
        "case-challenge-key-undeclared",
        typoLine,
        "input_sets[0].cases[0].challenge_key must reference a declared challenge. Found “refund-questoin”. Did you mean “refund-question”? Declared challenges: “refund-question”.",
      ],
    ],
  );
});

test("protocol: completion, hover, definition, references, documentSymbol", async () => {
  const position = { line: typoLine, character: typoChar };
  const completion = await request<CompletionList>(P.CompletionRequest.type, { textDocument: doc, position });
  assert.deepEqual(
    completion.items.map((i) => i.label),
    ["refund-question"],
  );
  const declLine = lines.findIndex((l) => l.includes("- key: refund-question"));
  const onKey = { line: declLine, character: lines[declLine].indexOf("refund-question") + 2 };
  const hover = await request<Hover>(P.HoverRequest.type, { textDocument: doc, position: onKey });
  assert.match((hover.contents as { value: string }).value, /title: `Refund question`/);
  const promptLine = lines.findIndex((l) => l.includes("source: input:prompt"));
  const onSource = { line: promptLine, character: lines[promptLine].indexOf("prompt") };
  const definition = await request<Location[]>(P.DefinitionRequest.type, { textDocument: doc, position: onSource });
  const inputLine = lines.findIndex((l) => l.includes("- key: prompt"));
  assert.deepEqual(
    definition.map((l) => [l.uri, l.range.start.line]),
    [[PACK, inputLine]],
  );
  const refs = await request<Location[]>(P.ReferencesRequest.type, { textDocument: doc, position: onSource, context: { includeDeclaration: true } });
  assert.deepEqual(
    refs.map((l) => l.range.start.line),
    [inputLine, promptLine],
  );
  const symbols = await request<DocumentSymbol[]>(P.DocumentSymbolRequest.type, { textDocument: doc });
  assert.deepEqual(
    symbols.map((s) => s.name),
    ["pack", "version", "challenges", "input_sets"],
  );
});

test("protocol: codeAction fixes the diagnostic; rename edits every occurrence or refuses", async () => {
  const diagnostics = server.published.filter((p) => p.uri === PACK).at(-1)!.diagnostics;
  const actions = await request<CodeAction[]>(P.CodeActionRequest.type, { textDocument: doc, range: diagnostics[0].range, context: { diagnostics } });
  assert.deepEqual(
    actions.map((a) => a.title),
    // At a diagnostic with a safe fix, the menu also offers fixing every safe one of the file.
    ['Change to "refund-question"', 'Declare challenge "refund-questoin"', "Fix all packlint problems that have a safe fix"],
  );
  assert.equal((actions[0].diagnostics![0] as Diagnostic).severity, 1);
  const edit = actions[0].edit!.changes![PACK];
  assert.deepEqual(edit, [
    { range: { start: { line: typoLine, character: typoChar }, end: { line: typoLine, character: typoChar + 15 } }, newText: "refund-question" },
  ]);
  const promptLine = lines.findIndex((l) => l.includes("- key: prompt"));
  const at = { line: promptLine, character: lines[promptLine].indexOf("prompt") };
  const rename = await request<WorkspaceEdit>(P.RenameRequest.type, { textDocument: doc, position: at, newName: "question" });
  assert.equal(rename.changes![PACK].length, 2);
  // A refused rename fails the request with its reason (RequestFailed, -32803), not as a malformed request.
  await assert.rejects(request(P.RenameRequest.type, { textDocument: doc, position: at, newName: "a: b" }), (e: { code?: number; message?: string }) => {
    assert.equal(e.code, -32803);
    assert.match(e.message ?? "", /YAML reads as syntax/);
    return true;
  });
  const quoted = await request<WorkspaceEdit>(P.RenameRequest.type, { textDocument: doc, position: at, newName: "null" });
  assert.deepEqual(
    quoted.changes![PACK].map((e) => e.newText),
    ['"null"', "null"],
    "quoted where it stands alone, as is after input:",
  );
  const titleLine = lines.findIndex((l) => l.includes("title: Refund question"));
  assert.equal(await request(P.PrepareRenameRequest.type, { textDocument: doc, position: { line: titleLine, character: 12 } }), null);
});

test("protocol: source actions: fix all and convert all legacy items, announced and filtered by kind", async () => {
  assert.deepEqual(server.initializeResult?.capabilities.codeActionProvider, {
    codeActionKinds: ["quickfix", "source.fixAll.packlint", "source.convertLegacyItems.packlint"],
  });
  const uri = "file:///tmp/packlint-protocol/legacy.pack.yaml";
  const text = pack({
    inputSets: sections.inputSets.replace("    cases:", "    items:").replace("case_key: refund-window-basic", "item_key: refund-window-basic"),
  });
  await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "yaml", version: 1, text } });
  const everything = { start: { line: 0, character: 0 }, end: { line: text.split("\n").length, character: 0 } };
  const source = await request<CodeAction[]>(P.CodeActionRequest.type, {
    textDocument: { uri },
    range: everything,
    context: { diagnostics: [], only: ["source"] },
  });
  assert.deepEqual(
    source.map((a) => a.kind),
    ["source.fixAll.packlint", "source.convertLegacyItems.packlint"],
  );
  const fixAll = await request<CodeAction[]>(P.CodeActionRequest.type, {
    textDocument: { uri },
    range: everything,
    context: { diagnostics: [], only: ["source.fixAll"] },
  });
  assert.deepEqual(
    fixAll.map((a) => a.kind),
    ["source.fixAll.packlint"],
  );
  const quick = await request<CodeAction[]>(P.CodeActionRequest.type, {
    textDocument: { uri },
    range: everything,
    context: { diagnostics: [], only: ["quickfix"] },
  });
  assert.ok(quick.length > 0 && quick.every((a) => a.kind === "quickfix"));
  await server.conn.sendNotification(P.DidCloseTextDocumentNotification.type, { textDocument: { uri } });
});

test("protocol: incremental didChange republishes for the new version only", async () => {
  const from = server.published.length;
  const fix = { range: { start: { line: typoLine, character: typoChar + 12 }, end: { line: typoLine, character: typoChar + 15 } }, text: "ion" };
  await server.conn.sendNotification(P.DidChangeTextDocumentNotification.type, { textDocument: { uri: PACK, version: 2 }, contentChanges: [fix] });
  assert.deepEqual((await server.diagnosticsFor(PACK, 2, from)).diagnostics, []);
  // Two edits in a row: only the last version is published.
  const from2 = server.published.length;
  const broken = { range: { start: { line: typoLine, character: typoChar }, end: { line: typoLine, character: typoChar + 1 } }, text: "x" };
  const back = { range: { start: { line: typoLine, character: typoChar }, end: { line: typoLine, character: typoChar + 1 } }, text: "r" };
  server.writeRaw(
    { method: P.DidChangeTextDocumentNotification.type.method, params: { textDocument: { uri: PACK, version: 3 }, contentChanges: [broken] } },
    { method: P.DidChangeTextDocumentNotification.type.method, params: { textDocument: { uri: PACK, version: 4 }, contentChanges: [back] } },
  );
  await server.diagnosticsFor(PACK, 4, from2);
  assert.deepEqual(
    server.published.slice(from2).map((p) => p.version),
    [4],
  );
});

test("protocol: a settings change re-validates open packs (a rule turned off)", async () => {
  const from = server.published.length;
  const broken = { range: { start: { line: typoLine, character: typoChar }, end: { line: typoLine, character: typoChar + 1 } }, text: "x" };
  await server.conn.sendNotification(P.DidChangeTextDocumentNotification.type, { textDocument: { uri: PACK, version: 5 }, contentChanges: [broken] });
  const withError = await server.diagnosticsFor(PACK, 5, from);
  assert.deepEqual(
    withError.diagnostics.map((d: Diagnostic) => d.code),
    ["case-challenge-key-undeclared"],
  );
  const from2 = server.published.length;
  await server.conn.sendNotification(P.DidChangeConfigurationNotification.type, {
    settings: { packlint: { diagnosticsDebounceMs: DEBOUNCE_MS, rules: { "case-challenge-key-undeclared": "off" } } },
  });
  assert.deepEqual((await server.diagnosticsFor(PACK, 5, from2)).diagnostics, []);
});

test("protocol: other YAML gets nothing; params of the wrong shape are InvalidParams; cancellation", async () => {
  await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, {
    textDocument: { uri: OTHER, languageId: "yaml", version: 1, text: "name: x\nitems: []\n" },
  });
  assert.equal(await request(P.CompletionRequest.type, { textDocument: { uri: OTHER }, position: { line: 1, character: 0 } }), null);
  assert.deepEqual(await request({ method: "packlint/documentKind" }, { uri: OTHER }), { kind: null });
  assert.deepEqual(await request({ method: "packlint/documentKind" }, { uri: PACK }), { kind: "challenge-pack", by: "glob" });
  await assert.rejects(request(P.HoverRequest.type, { textDocument: doc, position: null }), (e: { code?: number }) => e.code === P.ErrorCodes.InvalidParams);
  // A request and its $/cancelRequest arriving together: the request is answered as cancelled.
  server.writeRaw(
    { id: "cancel-me", method: P.CompletionRequest.type.method, params: { textDocument: doc, position: { line: 0, character: 0 } } },
    { method: "$/cancelRequest", params: { id: "cancel-me" } },
  );
  const answer = await server.waitFor("the cancelled answer", () => server.rawMessages().find((m) => m.id === "cancel-me"));
  assert.equal(answer.error?.code, P.LSPErrorCodes.RequestCancelled);
});

test("protocol: a settings change that makes a document a pack serves it as one, and the open pack is checked again", async () => {
  const from = server.published.length;
  await server.conn.sendNotification(P.DidChangeConfigurationNotification.type, {
    settings: {
      packlint: { diagnosticsDebounceMs: DEBOUNCE_MS, packGlobs: ["**/*.pack.yaml", "**/other.yaml"], rules: { "case-challenge-key-undeclared": "off" } },
    },
  });
  assert.deepEqual(await request({ method: "packlint/documentKind" }, { uri: OTHER }), { kind: "challenge-pack", by: "glob" });
  const other = await server.diagnosticsFor(OTHER, 1, from);
  assert.ok(other.diagnostics.length > 0, "the new pack is checked");
  assert.deepEqual((await server.diagnosticsFor(PACK, 5, from)).diagnostics, [], "the open pack is checked again, at the same rule levels");
});

test("protocol: didClose clears the diagnostics; shutdown and exit end the process", async () => {
  const from = server.published.length;
  await server.conn.sendNotification(P.DidCloseTextDocumentNotification.type, { textDocument: { uri: PACK } });
  const cleared = await server.waitFor("cleared diagnostics", () => server.published.slice(from).find((p) => p.uri === PACK));
  assert.deepEqual(cleared.diagnostics, []);
  assert.equal(await server.stop(), 0);
});

test("protocol: a client that pulls diagnostics gets them on request", async () => {
  const pull = await ServerProcess.start({ diagnosticsDebounceMs: 5 }, { textDocument: { diagnostic: { dynamicRegistration: false } } });
  try {
    await pull.conn.sendNotification(P.DidOpenTextDocumentNotification.type, { textDocument: { uri: PACK, languageId: "yaml", version: 1, text: typo } });
    const report = (await bounded(pull.conn.sendRequest(P.DocumentDiagnosticRequest.type.method, { textDocument: doc }), "pull")) as {
      kind: string;
      items: Diagnostic[];
    };
    assert.equal(report.kind, "full");
    assert.deepEqual(
      report.items.map((d) => d.code),
      ["case-challenge-key-undeclared"],
    );
    assert.equal(await pull.stop(), 0);
    assert.deepEqual(pull.published, []);
  } finally {
    pull.kill();
  }
});

test("protocol: the same server runs over node IPC, as the VS Code client starts it", async () => {
  const child = fork(BIN, ["--node-ipc"], { stdio: ["ignore", "ignore", "ignore", "ipc"] });
  try {
    const conn = P.createProtocolConnection(new P.IPCMessageReader(child), new P.IPCMessageWriter(child));
    conn.listen();
    const init = (await bounded(
      conn.sendRequest(P.InitializeRequest.type.method, { processId: process.pid, rootUri: null, capabilities: {} }),
      "ipc initialize",
    )) as {
      capabilities: { textDocumentSync: { change: number } };
    };
    assert.equal(init.capabilities.textDocumentSync.change, 2);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    await bounded(conn.sendRequest(P.ShutdownRequest.type.method), "ipc shutdown");
    await conn.sendNotification(P.ExitNotification.type);
    assert.equal(await bounded(exited, "ipc exit"), 0);
    conn.dispose();
  } finally {
    if (child.exitCode === null) child.kill();
  }
});
