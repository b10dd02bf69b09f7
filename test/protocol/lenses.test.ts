import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { CodeLens, Location } from "vscode-languageserver/node";
import { bounded, protocol as P, ServerProcess } from "../helpers/lsp-client";
import { ServerCommands } from "../../shared/src";

/** Code lenses over the wire: counts that agree with the references request, and commands the server executes. */

const EXAMPLE = readFileSync(join(__dirname, "..", "..", "..", "examples", "valid.pack.yaml"), "utf8");
const URI = "file:///nowhere/valid.pack.yaml";

/** A server for a client that shows documents (or not); what it asks the client to show. */
async function start(showDocument: boolean) {
  const shown: { documents: unknown[]; messages: string[] } = { documents: [], messages: [] };
  const server = await ServerProcess.start({}, showDocument ? { window: { showDocument: { support: true } } } : {}, null, (conn) => {
    conn.onRequest(P.ShowDocumentRequest.type.method, (p: unknown) => {
      shown.documents.push(p);
      return { success: true };
    });
    conn.onNotification(P.ShowMessageNotification.type, (p: { message: string }) => {
      shown.messages.push(p.message);
      server?.wake();
    });
  });
  await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, {
    textDocument: { uri: URI, languageId: "agentclash-pack", version: 1, text: EXAMPLE },
  });
  return { server, shown };
}

let a: Awaited<ReturnType<typeof start>>;
let b: Awaited<ReturnType<typeof start>>;
before(async () => {
  [a, b] = await Promise.all([start(true), start(false)]);
});
after(() => {
  a?.server.kill();
  b?.server.kill();
});

const request = <R>(server: ServerProcess, method: string, params: unknown) => bounded(server.conn.sendRequest(method, params) as Promise<R>, method);
const lenses = (server: ServerProcess) => request<CodeLens[]>(server, P.CodeLensRequest.type.method, { textDocument: { uri: URI } });

test("the server offers the lens commands through executeCommandProvider", () => {
  const caps = a.server.initializeResult!.capabilities as { executeCommandProvider?: { commands: string[] } };
  assert.deepEqual(caps.executeCommandProvider?.commands.slice().sort(), Object.values(ServerCommands).sort());
});

test("every lens has a command the server executes; each count is the references request's count at its key", async () => {
  const all = await lenses(a.server);
  assert.ok(all.length >= 6, `${all.length} lenses`);
  const lines = EXAMPLE.split("\n");
  for (const lens of all) {
    assert.ok(Object.values(ServerCommands).includes(lens.command!.command as never), `${lens.command?.title}: ${lens.command?.command}`);
    if (lens.command!.command !== ServerCommands.showReferences) continue;
    const shown = lens.command!.arguments![2] as Location[];
    const count = Number(/\d+/.exec(lens.command!.title)![0]);
    assert.equal(shown.length, count, lens.command!.title);
    if (/^\d+ cases?$/.test(lens.command!.title)) continue; // an input set's cases are not references to it
    const refs = await request<Location[]>(a.server, P.ReferencesRequest.type.method, {
      textDocument: { uri: URI },
      position: lens.range.start,
      context: { includeDeclaration: false },
    });
    assert.equal(refs.length, count, `${lines[lens.range.start.line].trim()}: "${lens.command!.title}" against ${refs.length} references`);
    assert.deepEqual(shown, refs);
  }
  const validator = all.find((l) => lines[l.range.start.line].includes("key: mentions-window"))!;
  assert.equal(validator.command!.title, "used by 1 dimension");
});

test("executing show references: the locations are answered, the first shown with window/showDocument", async () => {
  const lens = (await lenses(a.server)).find((l) => l.command!.title.startsWith("2 cases") || l.command!.title.startsWith("1 case in"))!;
  const answer = await request<Location[]>(a.server, P.ExecuteCommandRequest.type.method, {
    command: lens.command!.command,
    arguments: lens.command!.arguments,
  });
  const locations = lens.command!.arguments![2] as Location[];
  assert.deepEqual(answer, locations);
  await a.server.waitFor("showDocument", () => a.shown.documents[0]);
  assert.deepEqual(a.shown.documents, [{ uri: URI, selection: locations[0].range, takeFocus: true }]);
});

test("a client that cannot show documents gets the locations listed in a message; the input set's command line is shown, never run", async () => {
  const all = await lenses(b.server);
  const refs = all.find((l) => l.command!.title.endsWith("in 1 input set"))!;
  await request(b.server, P.ExecuteCommandRequest.type.method, { command: refs.command!.command, arguments: refs.command!.arguments });
  const line = (refs.command!.arguments![2] as Location[])[0].range.start.line + 1;
  assert.equal(await b.server.waitFor("message", () => b.shown.messages[0]), `1 reference: valid.pack.yaml:${line}`);
  const run = all.find((l) => l.command!.command === ServerCommands.runInputSet)!;
  const answer = await request(b.server, P.ExecuteCommandRequest.type.method, { command: run.command!.command, arguments: run.command!.arguments });
  assert.equal(answer, "agentclash eval start --input-set refund-question-smoke");
  assert.equal(await b.server.waitFor("message", () => b.shown.messages[1]), "Run it in a terminal: agentclash eval start --input-set refund-question-smoke");
  assert.deepEqual(b.shown.documents, []);
});

test("an unknown command or malformed arguments are InvalidParams", async () => {
  for (const params of [
    { command: "packlint.nope" },
    { command: ServerCommands.showReferences, arguments: ["x", 1, [{ uri: 3 }]] },
    { command: ServerCommands.runInputSet, arguments: [] },
  ]) {
    await assert.rejects(request(a.server, P.ExecuteCommandRequest.type.method, params), (e: { code: number }) => e.code === P.ErrorCodes.InvalidParams);
  }
});
