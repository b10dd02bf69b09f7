import { test } from "node:test";
import assert from "node:assert/strict";
import { Incoming, RawServer } from "./protocol/raw-server";
import { pack } from "../helpers/packs";
import { MAX_CHANGES_PER_NOTIFICATION } from "../../server/src/lsp/params";

/** Each failure the protocol fuzzer found, as the smallest exchange that showed it. */

const URI = "file:///fuzz/regression.pack.yaml";
const WAIT = 30_000;

async function started(workspaceFolders: unknown = null): Promise<RawServer> {
  const server = RawServer.start();
  const params = { processId: null, rootUri: null, workspaceFolders, capabilities: {}, initializationOptions: { diagnosticsDebounceMs: 0 } };
  server.send({ jsonrpc: "2.0", id: "init", method: "initialize", params });
  server.send({ jsonrpc: "2.0", method: "initialized", params: {} });
  await server.waitFor("initialize", WAIT, () => server.responseTo("init") !== undefined);
  return server;
}

async function answer(server: RawServer, id: string, method: string, params: unknown): Promise<Incoming> {
  server.send({ jsonrpc: "2.0", id, method, params });
  await server.waitFor(`the answer to ${id}`, WAIT, () => server.responseTo(id) !== undefined || !server.alive);
  assert.ok(server.alive, `the server exited: ${JSON.stringify(server.exit)} ${server.stderr}`);
  return server.responseTo(id)!;
}

/** A pack whose only challenge is other-question (the helper pack's is refund-question). */
const otherPack = () => pack({ challenges: "challenges:\n  - key: other-question\n    title: Other\n    category: support\n    difficulty: easy\n" });

const symbolNames = (m: Incoming): string[] => JSON.stringify(m.result).match(/"name":"[^"]*"/g) ?? [];

test("protocol regression: one malformed header no longer leaves the reader deaf to everything after it", async (t) => {
  const server = await started();
  t.after(() => server.kill());
  server.writeBytes("Content-Length: abc\r\n\r\n{}");
  const a = await answer(server, "after", "packlint/documentKind", { uri: URI });
  assert.deepEqual(a.result, { kind: null });
  const nullErrors = server.received.filter((m) => m.id === null);
  assert.equal(nullErrors.length, 1);
  assert.equal(nullErrors[0].error?.code, -32700);
  // A Content-Length shorter than the body: the rest is skipped up to the next header.
  const body = JSON.stringify({ jsonrpc: "2.0", id: "cut", method: "packlint/documentKind", params: { uri: URI } });
  server.writeBytes(`Content-Length: ${body.length - 5}\r\n\r\n${body}`);
  assert.deepEqual((await answer(server, "next", "packlint/documentKind", { uri: URI })).result, { kind: null });
  assert.equal(server.responseTo("cut"), undefined);
});

test("protocol regression: a change without a new version number, or a reopening, is served from the new text", async (t) => {
  const server = await started();
  t.after(() => server.kill());
  const first = pack();
  server.send({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { uri: URI, languageId: "yaml", version: 3, text: first } } });
  assert.ok(symbolNames(await answer(server, "s1", "textDocument/documentSymbol", { textDocument: { uri: URI } })).includes('"name":"refund-question"'));
  // The same version number with another text: a stale model would still answer refund-question.
  server.send({
    jsonrpc: "2.0",
    method: "textDocument/didChange",
    params: { textDocument: { uri: URI, version: 3 }, contentChanges: [{ text: otherPack() }] },
  });
  const names = symbolNames(await answer(server, "s2", "textDocument/documentSymbol", { textDocument: { uri: URI } }));
  assert.ok(names.includes('"name":"other-question"') && !names.includes('"name":"refund-question"'), names.join());
  server.send({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { uri: URI, languageId: "yaml", version: 3, text: first } } });
  assert.ok(symbolNames(await answer(server, "s3", "textDocument/documentSymbol", { textDocument: { uri: URI } })).includes('"name":"refund-question"'));
});

test("protocol regression: a didChange with a malformed change is refused as a whole, not half applied under the old version", async (t) => {
  const server = await started();
  t.after(() => server.kill());
  const text = pack();
  server.send({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { uri: URI, languageId: "yaml", version: 1, text } } });
  const at = { line: 0, character: 0 };
  server.send({
    jsonrpc: "2.0",
    method: "textDocument/didChange",
    params: {
      textDocument: { uri: URI, version: 2 },
      contentChanges: [
        { range: { start: at, end: at }, text: "# applied?\n" },
        { range: { start: { line: -3, character: "a" }, end: null }, text: "x" },
      ],
    },
  });
  server.send({
    jsonrpc: "2.0",
    method: "textDocument/didChange",
    params: { textDocument: { uri: URI, version: 1.5 }, contentChanges: [{ range: { start: at, end: at }, text: "# applied?\n" }] },
  });
  const symbols = await answer(server, "s", "textDocument/documentSymbol", { textDocument: { uri: URI } });
  // The pack symbol starts on line 0 only if nothing was inserted before it.
  assert.equal((symbols.result as { range: { start: { line: number } } }[])[0].range.start.line, 0);
  assert.ok(
    server.received.some((m) => m.method === "window/logMessage" && String((m.params as { message: string }).message).includes("every content change must be")),
  );
});

test("protocol regression: requests before initialize, with malformed params, after shutdown get their JSON-RPC errors", async (t) => {
  const server = RawServer.start();
  t.after(() => server.kill());
  assert.equal((await answer(server, "early", "textDocument/hover", { textDocument: { uri: URI }, position: { line: 0, character: 0 } })).error?.code, -32002);
  server.send({ jsonrpc: "2.0", id: "init", method: "initialize", params: { processId: null, rootUri: null, capabilities: {} } });
  assert.equal((await answer(server, "again", "initialize", { processId: null, rootUri: null, capabilities: {} })).error?.code, -32600);
  for (const position of [{ line: -1, character: 0 }, { line: 0.5, character: 0 }, { line: "0", character: 0 }, null]) {
    const a = await answer(server, `bad-${JSON.stringify(position)}`, "textDocument/hover", { textDocument: { uri: URI }, position });
    assert.equal(a.error?.code, -32602, JSON.stringify(a));
  }
  assert.equal((await answer(server, "bye", "shutdown", undefined)).result, null);
  assert.equal((await answer(server, "late", "textDocument/hover", { textDocument: { uri: URI }, position: { line: 0, character: 0 } })).error?.code, -32600);
  server.send({ jsonrpc: "2.0", method: "exit" });
  await server.waitFor("exit", WAIT, () => !server.alive);
  assert.equal(server.exit?.code, 0);
  assert.equal(server.stderr, "");
});

test("protocol regression (crash): a didOpen with a URI that is not a string, then a settings change, no longer ends the server", async (t) => {
  const server = await started([{ uri: "untitled:folder", name: "not on disk" }]); // a folder without a path: URIs are compared as text
  t.after(() => server.kill());
  server.send({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { uri: ["x"], text: null } } });
  server.send({ jsonrpc: "2.0", method: "workspace/didChangeConfiguration", params: { settings: { packlint: { diagnosticsDebounceMs: 0 } } } });
  assert.deepEqual((await answer(server, "alive", "packlint/documentKind", { uri: URI })).result, { kind: null });
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.ok(server.alive, server.stderr);
  assert.equal(server.stderr, "");
});

test("protocol regression: initialize with workspace folders that are not `{ uri: string }` is answered with a result", async (t) => {
  for (const workspaceFolders of ["garbage", [null, { uri: 42 }, "x"], [{ name: "no uri" }]]) {
    const server = RawServer.start();
    t.after(() => server.kill());
    const a = await answer(server, "init", "initialize", { processId: null, rootUri: null, workspaceFolders, capabilities: {} });
    assert.ok(a.result && !a.error, JSON.stringify(a));
  }
});

test("protocol regression: a change whose range lies past the last line no longer corrupts the document's line table", async (t) => {
  const server = await started();
  t.after(() => server.kill());
  const text = pack();
  const lines = text.split("\n").length;
  server.send({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { uri: URI, languageId: "yaml", version: 1, text } } });
  await answer(server, "first", "textDocument/diagnostic", { textDocument: { uri: URI } }); // the line table is built
  // As many line breaks inserted as the range spans lines: the library then writes its line table at those lines.
  const far = { start: { line: lines + 20, character: 6 }, end: { line: lines + 21, character: 8 } };
  server.send({
    jsonrpc: "2.0",
    method: "textDocument/didChange",
    params: { textDocument: { uri: URI, version: 2 }, contentChanges: [{ range: far, text: "extra: [\r\n" }] },
  });
  const d = await answer(server, "pull", "textDocument/diagnostic", { textDocument: { uri: URI } });
  const items = (d.result as { items: { code: string; range: { start: { line: number; character: unknown } } }[] }).items;
  assert.ok(items.length > 0);
  for (const item of items) {
    assert.ok(Number.isInteger(item.range.start.character), JSON.stringify(item));
    assert.ok(item.range.start.line <= lines, JSON.stringify(item));
  }
});

test("protocol regression: a reopening with a version that is not an integer is refused, and the open document goes on", async (t) => {
  const server = await started();
  t.after(() => server.kill());
  const first = pack();
  server.send({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { uri: URI, languageId: "yaml", version: 1, text: first } } });
  server.send({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { uri: URI, languageId: "yaml", version: 1.5, text: otherPack() } } });
  // Version 2 changes the document that stayed open: its first line gets a comment.
  const at = { line: 0, character: 0 };
  server.send({
    jsonrpc: "2.0",
    method: "textDocument/didChange",
    params: { textDocument: { uri: URI, version: 2 }, contentChanges: [{ range: { start: at, end: at }, text: "# kept\n" }] },
  });
  const names = symbolNames(await answer(server, "s", "textDocument/documentSymbol", { textDocument: { uri: URI } }));
  assert.ok(names.includes('"name":"refund-question"') && !names.includes('"name":"other-question"'), names.join());
  assert.ok(
    server.received.some((m) => m.method === "window/logMessage" && String((m.params as { message: string }).message).includes("version must be an integer")),
  );
});

test("protocol regression: ids of the wrong type, a method that is not a string and null params get their JSON-RPC errors", async (t) => {
  const server = await started();
  t.after(() => server.kill());
  const before = () => server.received.filter((m) => m.id === null).length;
  for (const [i, message] of [
    { jsonrpc: "2.0", id: { a: 1 }, method: "packlint/documentKind", params: { uri: URI } },
    { jsonrpc: "2.0", id: [1], method: "packlint/documentKind", params: { uri: URI } },
    { jsonrpc: "2.0", id: true, method: "packlint/documentKind", params: { uri: URI } },
    { jsonrpc: "2.0", id: "m", method: 7, params: {} },
  ].entries()) {
    const count = before();
    server.send(message);
    await server.waitFor(`the error for message ${i}`, WAIT, () => before() > count || !server.alive);
    const error = server.received.filter((m) => m.id === null).at(-1)!;
    assert.equal(error.error?.code, -32600, JSON.stringify(error));
  }
  const nullParams = await answer(server, "nul", "textDocument/hover", null);
  assert.equal(nullParams.error?.code, -32602);
  // A notification with null params is only logged; shutdown's may be null.
  server.send({ jsonrpc: "2.0", method: "textDocument/didOpen", params: null });
  assert.equal((await answer(server, "down", "shutdown", null)).error, undefined);
});

test("protocol regression: a didChange with more content changes than the bound is refused as a whole, and logged", async (t) => {
  const server = await started();
  t.after(() => server.kill());
  server.send({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { uri: URI, languageId: "yaml", version: 1, text: pack() } } });
  const at = { line: 0, character: 0 };
  const flood = Array.from({ length: MAX_CHANGES_PER_NOTIFICATION + 1 }, () => ({ range: { start: at, end: at }, text: "#\n" }));
  server.send({ jsonrpc: "2.0", method: "textDocument/didChange", params: { textDocument: { uri: URI, version: 2 }, contentChanges: flood } });
  const symbols = await answer(server, "s", "textDocument/documentSymbol", { textDocument: { uri: URI } });
  assert.equal((symbols.result as { range: { start: { line: number } } }[])[0].range.start.line, 0, "nothing applied");
  assert.ok(
    server.received.some(
      (m) =>
        m.method === "window/logMessage" &&
        String((m.params as { message: string }).message).includes(`${MAX_CHANGES_PER_NOTIFICATION + 1} content changes in one notification`),
    ),
  );
});
