import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { URI } from "vscode-uri";
import { bounded, protocol as P, ServerProcess } from "../helpers/lsp-client";
import { pack, sections } from "../helpers/packs";
import { tempTree } from "../helpers/cli";

/**
 * The workspace index and the foreground, seen through the server's own trace (`$/logTrace`, asked for in
 * initialize), which the server writes in order with its answers: "received …" when it reads a message,
 * "indexed URI" when the index analyses a file, "built model URI" when a model is built from a text.
 */

interface Traced {
  server: ServerProcess;
  /** What the client received, in order: `trace:` messages, `published:` diagnostics, `answered:` requests. */
  events: string[];
  ended: () => boolean;
}

async function start(root: string): Promise<Traced> {
  const events: string[] = [];
  let ended = false;
  const woken: { server?: ServerProcess } = {};
  const server = await ServerProcess.start(
    { diagnosticsDebounceMs: 5 },
    { window: { workDoneProgress: true } },
    [URI.file(root).toString()],
    (conn) => {
      conn.onRequest(P.WorkDoneProgressCreateRequest.type.method, () => null);
      conn.onNotification("$/progress", (p: { value: { kind: string } }) => {
        if (p.value.kind === "end") ended = true;
        woken.server?.wake();
      });
      conn.onNotification(P.LogTraceNotification.type, (p: { message: string }) => {
        events.push(`trace:${p.message}`);
        woken.server?.wake();
      });
      conn.onNotification(P.PublishDiagnosticsNotification.type, (p: { uri: string; version?: number }) => {
        events.push(`published:${p.uri}@${p.version}`);
        woken.server?.wake();
      });
    },
    undefined,
    { trace: "verbose" },
  );
  woken.server = server;
  return { server, events, ended: () => ended };
}

/** Files the index analysed between the event `from` (exclusive) and the first event after it matching `to`. */
function indexedBetween(events: string[], from: number, to: (e: string) => boolean): number {
  const end = events.findIndex((e, i) => i > from && to(e));
  assert.ok(end > from, "the answer follows the arrival");
  return events.slice(from + 1, end).filter((e) => e.startsWith("trace:indexed ")).length;
}

function lastIndexOf(events: string[], what: (e: string) => boolean): number {
  for (let i = events.length - 1; i >= 0; i--) if (what(events[i])) return i;
  return -1;
}

const FILES = 40;
const CASES = 120; // enough work per file that the index is still running while the requests below are made

function bigPack(i: number): string {
  const first = sections.inputSets.indexOf("      - challenge_key");
  const caseText = sections.inputSets.slice(first);
  const cases = Array.from({ length: CASES }, (_, k) => caseText.replace("refund-window-basic", `case-${i}-${k}`)).join("");
  return pack({ head: sections.head.replace("support-eval", `support-eval-${i}`), inputSets: sections.inputSets.slice(0, first) + cases });
}

test("the index analyses no file between a request's arrival and its answer, nor between an opening and its diagnostics", async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < FILES; i++) files[`packs/p${String(i).padStart(2, "0")}.pack.yaml`] = bigPack(i);
  const root = tempTree(files);
  const { server, events, ended } = await start(root);
  try {
    await server.waitFor("the index to be under way", () => (events.filter((e) => e.startsWith("trace:indexed ")).length >= 2 ? true : undefined));
    const last = "packs/p39.pack.yaml";
    const uri = URI.file(join(root, last)).toString();
    const during: number[] = [];
    for (let i = 0; i < 5 && !ended(); i++) {
      await bounded(server.conn.sendRequest(P.HoverRequest.type.method, { textDocument: { uri }, position: { line: 0, character: 1 } }), "hover");
      events.push("answered:hover");
      const arrived = lastIndexOf(events, (e) => e.startsWith("trace:received request textDocument/hover"));
      during.push(indexedBetween(events, arrived, (e) => e === "answered:hover"));
    }
    await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "yaml", version: 1, text: files[last] } });
    await server.waitFor("the opened pack's diagnostics", () => (events.includes(`published:${uri}@1`) ? true : undefined));
    const opened = lastIndexOf(events, (e) => e === "trace:received notification textDocument/didOpen");
    const untilDiagnosed = indexedBetween(events, opened, (e) => e === `published:${uri}@1`);
    console.log(`files indexed while a request waited: ${during.join(", ")}; while an opened pack waited: ${untilDiagnosed}`);
    assert.ok(during.length >= 3, `the index ended too soon to measure (${during.length} requests answered while it ran)`);
    assert.ok(
      during.every((n) => n <= 1),
      `files indexed between a request's arrival and its answer: ${during.join(", ")}`,
    );
    assert.ok(untilDiagnosed <= 1, `files indexed between an opening and its diagnostics: ${untilDiagnosed}`);
    const indexed = () => events.filter((e) => e.startsWith("trace:indexed ")).length;
    const before = indexed();
    await server.waitFor("the index to go on once the foreground was served", () => (ended() || indexed() >= before + 2 ? true : undefined));
  } finally {
    server.kill();
  }
});

test("one model per pack text: the index uses the open document's, an opening reuses the index's", async () => {
  const text = (name: string) => pack({ head: sections.head.replace("support-eval", name) });
  const root = tempTree({ "a.pack.yaml": text("alpha"), "b.pack.yaml": text("beta"), "c.pack.yaml": text("gamma") });
  const uriOf = (name: string) => URI.file(join(root, name)).toString();
  const builds = (events: string[], name: string) => events.filter((e) => e === `trace:built model ${uriOf(name)}`).length;
  const { server, events, ended } = await start(root);
  try {
    await server.waitFor("the index to end", () => (ended() ? true : undefined));
    assert.deepEqual(
      ["a", "b", "c"].map((n) => builds(events, `${n}.pack.yaml`)),
      [1, 1, 1],
      "the index builds each pack's model once",
    );

    // Opened with the text the index analysed: its model is reused.
    const a = uriOf("a.pack.yaml");
    await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, {
      textDocument: { uri: a, languageId: "yaml", version: 1, text: text("alpha") },
    });
    await server.waitFor("a's diagnostics", () => (events.includes(`published:${a}@1`) ? true : undefined));
    const completion = await bounded(
      server.conn.sendRequest(P.CompletionRequest.type.method, { textDocument: { uri: a }, position: { line: 1, character: 2 } }),
      "completion",
    );
    assert.ok(completion, "the reused model answers requests");
    assert.equal(builds(events, "a.pack.yaml"), 1, "opening a pack the index analysed builds no model");

    // Edited and saved: the index analyses the saved text through the open document's model.
    await server.conn.sendNotification(P.DidChangeTextDocumentNotification.type, {
      textDocument: { uri: a, version: 2 },
      contentChanges: [{ text: text("alpha-two") }],
    });
    await server.waitFor("a's diagnostics after the change", () => (events.includes(`published:${a}@2`) ? true : undefined));
    const afterChange = builds(events, "a.pack.yaml");
    writeFileSync(join(root, "a.pack.yaml"), text("alpha-two"));
    const from = events.length;
    await server.conn.sendNotification(P.DidChangeWatchedFilesNotification.type, { changes: [{ uri: a, type: P.FileChangeType.Changed }] });
    await server.waitFor("the saved file indexed", () => (events.slice(from).includes(`trace:indexed ${a}`) ? true : undefined));
    await bounded(server.conn.sendRequest(P.WorkspaceSymbolRequest.type.method, { query: "alpha-two" }), "workspace symbols");
    assert.equal(builds(events, "a.pack.yaml"), afterChange, "the index analyses an open pack's saved text with its model");

    // Opened with other text than the disk's: that text has a model of its own (the count sees builds).
    const c = uriOf("c.pack.yaml");
    await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, {
      textDocument: { uri: c, languageId: "yaml", version: 1, text: text("gamma-unsaved") },
    });
    await server.waitFor("c's diagnostics", () => (events.includes(`published:${c}@1`) ? true : undefined));
    assert.equal(builds(events, "c.pack.yaml"), 2, "a text the index did not analyse is built");
  } finally {
    server.kill();
  }
});
