import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { URI } from "vscode-uri";
import type { Diagnostic, PublishDiagnosticsParams } from "vscode-languageserver/node";
import { Requests } from "../../shared/src";
import { BIN, bounded, protocol as P, ServerProcess } from "../helpers/lsp-client";
import { pack, sections } from "../helpers/packs";
import { packTree } from "../helpers/cli";
import { skillFile } from "../helpers/skill";

/**
 * The workspace index analyses files in a worker thread, seen through the server's own trace (`$/logTrace`,
 * asked for in initialize), which the server writes in order with its answers: "received …" when it reads a
 * message, "sent URI to the worker thread" and "indexed URI in the worker thread" around a file's analysis there,
 * "indexed URI from its open document" for an open file whose text is the disk's, "built model URI" when the main
 * thread builds a model from a text.
 */

interface Traced {
  server: ServerProcess;
  /** What the client received, in order: `trace:` messages, `published:` diagnostics, `answered:` requests. */
  events: string[];
  ended: () => boolean;
}

async function start(root: string, env: NodeJS.ProcessEnv = process.env): Promise<Traced> {
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
      // In place of ServerProcess's own handler, which it keeps `published` with.
      conn.onNotification(P.PublishDiagnosticsNotification.type, (p: PublishDiagnosticsParams) => {
        events.push(`published:${p.uri}@${p.version}`);
        woken.server?.published.push(p);
        woken.server?.wake();
      });
    },
    { argv: [process.execPath, BIN], env },
    { trace: "verbose" },
  );
  woken.server = server;
  return { server, events, ended: () => ended };
}

const count = (events: string[], event: string) => events.filter((e) => e === event).length;

/** A valid pack with its own slug and challenge key and `cases` cases. */
function numberedPack(name: string, cases = 1): string {
  const first = sections.inputSets.indexOf("      - challenge_key");
  const caseText = sections.inputSets.slice(first);
  const all = Array.from({ length: cases }, (_, k) => caseText.replace("refund-window-basic", `case-${k}`)).join("");
  return pack({
    head: sections.head.replace("support-eval", `${name}-eval`),
    challenges: sections.challenges.replace("refund-question", `${name}-question`),
    inputSets: (sections.inputSets.slice(0, first) + all).replaceAll("refund-question", `${name}-question`),
  });
}

const SMALL = 8;

test("the index analyses in a worker thread: requests are answered while it is on a large file, and the main thread builds no index file's model", async () => {
  const files: Record<string, string> = {
    "a-large.pack.yaml": numberedPack("large", 250), // first in the walk's order: the worker starts with it
    "skills/refund-helper/tests/skill_cases.yaml": skillFile(),
    "skills/refund-helper/SKILL.md": "---\nname: refund-helper\ndescription: Drafts refund decisions.\n---\n",
  };
  for (let i = 0; i < SMALL; i++) files[`packs/p${String(i).padStart(2, "0")}.pack.yaml`] = numberedPack(`p${i}`, 5);
  const root = packTree(files);
  const uriOf = (path: string) => URI.file(join(root, path)).toString();
  const large = uriOf("a-large.pack.yaml");
  const { server, events, ended } = await start(root);
  try {
    const scratch = "untitled:scratch.pack.yaml";
    await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, {
      textDocument: { uri: scratch, languageId: "yaml", version: 1, text: numberedPack("scratch") },
    });
    await server.waitFor("the large file sent to the worker", () => (events.includes(`trace:sent ${large} to the worker thread`) ? true : undefined));
    for (let i = 0; i < 5; i++) {
      await bounded(
        server.conn.sendRequest(P.CompletionRequest.type.method, { textDocument: { uri: scratch }, position: { line: 1, character: 2 } }),
        "completion",
      );
      events.push("answered:completion");
    }
    await server.waitFor("the scratch pack's diagnostics", () => (events.includes(`published:${scratch}@1`) ? true : undefined));
    const answeredAll = events.lastIndexOf("answered:completion");
    const largeDone = events.indexOf(`trace:indexed ${large} in the worker thread`);
    assert.ok(largeDone < 0 || largeDone > answeredAll, "five completions answered while the worker was on the large file");

    // A pack of the workspace opened while the index builds: one model, the open document's.
    const opened = uriOf("packs/p07.pack.yaml");
    await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, {
      textDocument: { uri: opened, languageId: "yaml", version: 1, text: files["packs/p07.pack.yaml"] },
    });
    await server.waitFor("the opened pack's diagnostics", () => (events.includes(`published:${opened}@1`) ? true : undefined));
    await server.waitFor("the index to end", () => (ended() ? true : undefined));
    const totals = await server.waitFor("the index's totals", () => server.logs.find((l) => l.startsWith("indexed ")));
    assert.match(totals, new RegExp(`^indexed ${SMALL + 2} files \\(${SMALL + 1} packs, 1 Skill case file\\) in \\d+ ms$`));

    // The worker was held while the editor was busy, and went on with the large file once the editor was quiet.
    const last = (event: string, before: number) => {
      for (let i = before - 1; i >= 0; i--) if (events[i].startsWith(event)) return i;
      return -1;
    };
    events.forEach((e, i) => {
      if (e !== "answered:completion") return;
      const resumed = last("trace:index resumed", i);
      assert.ok(resumed < 0 || last("trace:index paused", i) > resumed, `the worker was held when completion ${i} was answered`);
    });
    const sent = events.indexOf(`trace:sent ${large} to the worker thread`);
    const resumed = events.findIndex((e, i) => i > Math.max(sent, answeredAll) && e.startsWith("trace:index resumed"));
    assert.ok(resumed > 0 && resumed < events.indexOf(`trace:indexed ${large} in the worker thread`), "the large file was finished after the index resumed");
    assert.match(events[resumed], /^trace:index resumed \(worker stops at the gate so far: \d+\)$/);

    const built = events.filter((e) => e.startsWith("trace:built model ")).map((e) => e.slice("trace:built model ".length));
    assert.deepEqual(built.sort(), [opened, scratch].sort(), "the main thread built the open documents' models, and no other");
    const indexed = Object.keys(files)
      .filter((f) => f.endsWith(".yaml"))
      .map(uriOf);
    for (const uri of indexed) {
      const inWorker = count(events, `trace:indexed ${uri} in the worker thread`);
      const fromOpen = count(events, `trace:indexed ${uri} from its open document`);
      assert.equal(inWorker + fromOpen, 1, `${uri} indexed once`);
      if (uri !== opened) assert.equal(inWorker, 1, `${uri} analysed in the worker thread`);
    }

    const symbols = await bounded(server.conn.sendRequest(P.WorkspaceSymbolRequest.type.method, { query: "question" }), "workspace symbols");
    const challenges = new Set((symbols as { name: string; kind: number }[]).filter((s) => s.kind === 5).map((s) => s.name));
    for (let i = 0; i < SMALL; i++) assert.ok(challenges.has(`p${i}-question`), `p${i}'s challenge found`);
    assert.ok(challenges.has("large-question"));
  } finally {
    server.kill();
  }
});

test("a worker thread that dies on a file is started again: that file gets one internal-error, the others are indexed, the server answers", async () => {
  const CRASH = "packlint-test-crash-here";
  const files: Record<string, string> = {
    "a-crash.pack.yaml": `# ${CRASH}\n` + numberedPack("crash-a"),
    "b-good.pack.yaml": numberedPack("good-b"),
    "c-crash.pack.yaml": `# ${CRASH}\n` + numberedPack("crash-c"),
    "d-bad.pack.yaml": numberedPack("bad-d").replace("difficulty: easy", "difficulty: eazy"),
    "e-good.pack.yaml": numberedPack("good-e"),
  };
  const root = packTree(files);
  const uriOf = (path: string) => URI.file(join(root, path)).toString();
  const { server, ended } = await start(root, { ...process.env, PACKLINT_TEST_CRASH: CRASH });
  try {
    await server.waitFor("the index to end", () => (ended() ? true : undefined));
    const from = server.published.length;
    const result = await bounded(server.conn.sendRequest(Requests.validateWorkspace, {}) as Promise<{ files: number; filesWithErrors: number }>, "validate");
    assert.equal(result.files, 5);
    assert.equal(result.filesWithErrors, 3, "the two crashing files and d-bad's own error");
    const last = (name: string) =>
      server.waitFor(`diagnostics of ${name}`, () =>
        server.published
          .slice(from)
          .filter((p) => p.uri === uriOf(name))
          .at(-1),
      );
    const codes = (d: Diagnostic[]) => d.map((x) => x.code);
    for (const name of ["a-crash.pack.yaml", "c-crash.pack.yaml"]) {
      const { diagnostics } = await last(name);
      assert.deepEqual(codes(diagnostics), ["internal-error"], name);
      assert.match(diagnostics[0].message, /^packlint failed while checking this file \(Error: the index's worker thread stopped \(exit code 70\)\)/);
    }
    assert.deepEqual(codes((await last("d-bad.pack.yaml")).diagnostics), ["challenge-difficulty-invalid"]);
    assert.deepEqual((await last("b-good.pack.yaml")).diagnostics, []);
    assert.deepEqual((await last("e-good.pack.yaml")).diagnostics, []);
    const restarts = server.logs.filter((l) => l.startsWith("packlint: the index's worker thread (started again)"));
    assert.deepEqual(
      restarts.map((l) => l.split("\n")[0]),
      ["a-crash", "c-crash"].map(
        (n) =>
          `packlint: the index's worker thread (started again), checking ${uriOf(`${n}.pack.yaml`)}, failed: Error: the index's worker thread stopped (exit code 70)`,
      ),
    );

    // A file changed on disk into one that kills the worker, and back: the worker is started again each time.
    const good = join(root, "b-good.pack.yaml");
    for (const [text, want] of [
      [`# ${CRASH}\n` + files["b-good.pack.yaml"], ["internal-error"]],
      [files["b-good.pack.yaml"], []],
    ] as const) {
      writeFileSync(good, text);
      const before = server.published.length;
      await server.conn.sendNotification(P.DidChangeWatchedFilesNotification.type, {
        changes: [{ uri: uriOf("b-good.pack.yaml"), type: P.FileChangeType.Changed }],
      });
      const published = await server.waitFor("b-good published again", () => server.published.slice(before).find((p) => p.uri === uriOf("b-good.pack.yaml")));
      assert.deepEqual(codes(published.diagnostics), want);
    }
    const symbols = await bounded(server.conn.sendRequest(P.WorkspaceSymbolRequest.type.method, { query: "good-b-question" }), "workspace symbols");
    assert.ok(
      (symbols as { name: string }[]).some((s) => s.name === "good-b-question"),
      "the server answers, its index whole",
    );
  } finally {
    server.kill();
  }
});

test("one model per pack text: the index never builds one on the main thread; an opening publishes from the index's summary first", async () => {
  const text = (name: string) => numberedPack(name).replace("difficulty: easy", "difficulty: eazy");
  const root = packTree({
    "a.pack.yaml": text("alpha"),
    "b.pack.yaml": text("beta"),
    "c.pack.yaml": text("gamma"),
    // The config's level applies to diagnostics from the summary as to a model's.
    ".packlintrc.json": JSON.stringify({ rules: { "challenge-difficulty-invalid": "warning" } }),
  });
  const uriOf = (name: string) => URI.file(join(root, name)).toString();
  const built = (events: string[], name: string) => count(events, `trace:built model ${uriOf(name)}`);
  const { server, events, ended } = await start(root);
  try {
    await server.waitFor("the index to end", () => (ended() ? true : undefined));
    assert.deepEqual(
      ["a", "b", "c"].map((n) => built(events, `${n}.pack.yaml`)),
      [0, 0, 0],
      "the index builds no model on the main thread",
    );

    // Opened with the text the index analysed: diagnostics from its summary, then the model for the features.
    const a = uriOf("a.pack.yaml");
    let from = server.published.length;
    await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, {
      textDocument: { uri: a, languageId: "yaml", version: 1, text: text("alpha") },
    });
    const first = await server.diagnosticsFor(a, 1, from);
    assert.deepEqual(
      first.diagnostics.map((d) => [d.code, d.severity]),
      [["challenge-difficulty-invalid", 2]],
    );
    await server.waitFor("a's model built", () => (built(events, "a.pack.yaml") === 1 ? true : undefined));
    assert.ok(events.indexOf(`published:${a}@1`) < events.indexOf(`trace:built model ${a}`), "published before the model was built");
    const completion = await bounded(
      server.conn.sendRequest(P.CompletionRequest.type.method, { textDocument: { uri: a }, position: { line: 1, character: 2 } }),
      "completion",
    );
    assert.ok(completion, "the model answers requests");
    from = server.published.length;
    await server.conn.sendNotification(P.DidChangeTextDocumentNotification.type, {
      textDocument: { uri: a, version: 2 },
      contentChanges: [{ text: text("alpha") }],
    });
    assert.deepEqual((await server.diagnosticsFor(a, 2, from)).diagnostics, first.diagnostics, "the model's diagnostics are the summary's");

    // Edited and saved: the index summarizes the saved text from the open document's model.
    await server.conn.sendNotification(P.DidChangeTextDocumentNotification.type, {
      textDocument: { uri: a, version: 3 },
      contentChanges: [{ text: text("alpha-two") }],
    });
    await server.waitFor("a's diagnostics after the change", () => (events.includes(`published:${a}@3`) ? true : undefined));
    const afterChange = built(events, "a.pack.yaml");
    writeFileSync(join(root, "a.pack.yaml"), text("alpha-two"));
    const at = events.length;
    await server.conn.sendNotification(P.DidChangeWatchedFilesNotification.type, { changes: [{ uri: a, type: P.FileChangeType.Changed }] });
    await server.waitFor("the saved file indexed", () => (events.slice(at).includes(`trace:indexed ${a} from its open document`) ? true : undefined));
    await bounded(server.conn.sendRequest(P.WorkspaceSymbolRequest.type.method, { query: "alpha-two" }), "workspace symbols");
    assert.equal(built(events, "a.pack.yaml"), afterChange, "the index analyses an open pack's saved text with its model");
    assert.equal(count(events.slice(at), `trace:sent ${a} to the worker thread`), 0);

    // Opened with other text than the disk's: that text's model is built for its diagnostics.
    const c = uriOf("c.pack.yaml");
    await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, {
      textDocument: { uri: c, languageId: "yaml", version: 1, text: text("gamma-unsaved") },
    });
    await server.waitFor("c's diagnostics", () => (events.includes(`published:${c}@1`) ? true : undefined));
    assert.ok(events.indexOf(`trace:built model ${c}`) < events.indexOf(`published:${c}@1`), "built before it was published");
  } finally {
    server.kill();
  }
});
