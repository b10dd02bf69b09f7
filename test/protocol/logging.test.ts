import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { URI } from "vscode-uri";
import { bounded, protocol as P, ServerProcess } from "../helpers/lsp-client";
import { pack } from "../helpers/packs";
import { skillFile } from "../helpers/skill";
import { packTree } from "../helpers/cli";

/** What the server tells the client's log (window/logMessage), and what it traces ($/logTrace) when asked to. */

const VERSION = (JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "package.json"), "utf8")) as { version: string }).version;
const ws = packTree({
  "packs/a.pack.yaml": pack(),
  "packs/b.pack.yaml": pack(),
  "skills/s/tests/skill_cases.yaml": skillFile(),
  "skills/s/SKILL.md": "---\nname: s\ndescription: d\n---\n# S\n",
  ".packlintrc.json": JSON.stringify({ rules: { "unknown-key": "error" } }),
  "broken/.packlintrc.json": "{ not json",
  "broken/c.pack.yaml": pack(),
  "notes.yaml": "title: not a pack\n",
});
const uriOf = (rel: string) => URI.file(join(ws, rel)).toString();

let server: ServerProcess;
const traces: string[] = [];

before(async () => {
  server = await ServerProcess.start({ diagnosticsDebounceMs: 5 }, {}, [URI.file(ws).toString()], (conn) => {
    conn.onNotification(P.LogTraceNotification.type, (p: { message: string }) => {
      traces.push(p.message);
      server?.wake();
    });
  });
});

after(() => server?.kill());

const logged = (what: string, re: RegExp) => server.waitFor(what, () => server.logs.find((l) => re.test(l)));

test("start: the server's version, its folders, each config it read (a broken one with its problem), the index's totals", async () => {
  await logged("start", new RegExp(`^packlint-language-server ${VERSION.replace(/\./g, "\\.")} started \\(Node v`));
  await logged("folders", new RegExp(`^workspace folders: folder0 \\(${ws.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\)$`));
  const totals = await logged("index totals", /^indexed \d+ files/);
  assert.match(totals, /^indexed 4 files \(3 packs, 1 Skill case file\) in \d+ ms$/);
  assert.ok(
    server.logs.some((l) => l === `config read: ${join(ws, ".packlintrc.json")} (rules: 1)`),
    server.logs.join("\n"),
  );
  assert.ok(server.logs.some((l) => l.startsWith(`config read: ${join(ws, "broken", ".packlintrc.json")}`)));
  assert.ok(server.logs.some((l) => l.startsWith(`packlint: ${join(ws, "broken", ".packlintrc.json")}: `) && l.endsWith("(its well-formed parts apply)")));
  assert.ok(server.logs.indexOf(`workspace folders: folder0 (${ws})`) < server.logs.indexOf(totals), "folders before totals");
});

test("opening a document says what it is served as and why, or why it is not served", async () => {
  const open = (rel: string, text: string, languageId = "yaml") =>
    server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, { textDocument: { uri: uriOf(rel), languageId, version: 1, text } });
  await open("notes.yaml", "title: not a pack\n");
  const notServed = await logged("not served", /^not serving .*notes\.yaml/);
  assert.equal(
    notServed,
    `not serving ${join(ws, "notes.yaml")}: its name matches no glob (packlint.packGlobs, packlint.skillCaseGlobs, a config's \`packs\`), and its content has neither a top-level \`pack:\` with \`challenges:\` or \`input_sets:\` nor a top-level \`skill:\` with \`cases:\``,
  );
  await open("other.yaml", pack());
  assert.equal(await logged("served by content", /^serving .*other\.yaml/), `serving ${join(ws, "other.yaml")} as a challenge pack, by its content`);
  await open("packs/a.pack.yaml", pack());
  assert.match(await logged("served by glob", /^serving .*a\.pack\.yaml/), /as a challenge pack, by its name \(a glob/);
  await open("notes.txt", "pack: x\n", "plaintext");
  assert.match(await logged("not YAML", /^not serving .*notes\.txt/), /: it is not YAML and its name matches no glob/);
});

test("editing is quiet: no log line per change; with tracing on, requests are traced with their time", async () => {
  const uri = uriOf("packs/b.pack.yaml");
  await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: "agentclash-pack", version: 1, text: pack() },
  });
  await server.diagnosticsFor(uri, 1);
  const before = server.logs.length;
  for (let v = 2; v <= 21; v++) {
    await server.conn.sendNotification(P.DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: v },
      contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: v % 2 ? "#" : "" }],
    });
  }
  await server.diagnosticsFor(uri, 21);
  const hover = { textDocument: { uri }, position: { line: 1, character: 3 } };
  await bounded(server.conn.sendRequest(P.HoverRequest.type, hover), "hover");
  assert.deepEqual(server.logs.slice(before), [], "20 edits and a request log nothing");
  assert.deepEqual(traces, [], "no trace while tracing is off");

  await server.conn.sendNotification(P.SetTraceNotification.type, { value: "verbose" });
  await bounded(server.conn.sendRequest(P.HoverRequest.type, hover), "hover");
  assert.match(await server.waitFor("a trace", () => (traces as string[]).find((t) => t.startsWith("hover: "))), /^hover: \d+\.\d ms$/);
});
