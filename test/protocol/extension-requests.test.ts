import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { URI } from "vscode-uri";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { CompletionList, Diagnostic, Hover, WorkspaceEdit } from "vscode-languageserver/node";
import { bounded, protocol as P, ServerProcess } from "../helpers/lsp-client";
import { pack, sections } from "../helpers/packs";
import { skillFile } from "../helpers/skill";
import { packTree } from "../helpers/cli";
import { Requests, resolveSettings } from "../../shared/src";

/** The custom requests behind the VS Code extension's commands, against the real server over stdio. */

const broken = pack({ challenges: sections.challenges.replace("key: refund-question", "key: refund-questoin") });
const legacy = pack({
  inputSets: sections.inputSets.replace("    cases:", "    items:").replace("case_key: refund-window-basic", "item_key: refund-window-basic"),
});
const ws = packTree({
  "packs/broken.pack.yaml": broken,
  "packs/valid.pack.yaml": pack(),
  "silenced/.packlintrc.json": JSON.stringify({ rules: { "case-challenge-key-undeclared": "off" } }),
  "silenced/broken.pack.yaml": broken,
  "other/looks-like-a-pack.yaml": pack(),
  "packs/legacy.pack.yaml": legacy,
  "skills/refund-helper/tests/skill_cases.yaml": skillFile(),
  "skills/refund-helper/SKILL.md": "---\nname: refund-helper\ndescription: Drafts refund decisions.\n---\n# Refund helper\n",
  "notes.yaml": "title: not a pack\n",
  "node_modules/dep/skipped.pack.yaml": broken,
  ".hidden/skipped.pack.yaml": broken,
});
const uriOf = (rel: string) => URI.file(join(ws, rel)).toString();
const BROKEN = uriOf("packs/broken.pack.yaml");
const VALID = uriOf("packs/valid.pack.yaml");
const SILENCED = uriOf("silenced/broken.pack.yaml");
const SNIFFED = uriOf("other/looks-like-a-pack.yaml");
const LEGACY = uriOf("packs/legacy.pack.yaml");
const SKILL = uriOf("skills/refund-helper/tests/skill_cases.yaml");

let server: ServerProcess;
const edits: WorkspaceEdit[] = [];

before(async () => {
  server = await ServerProcess.start({ diagnosticsDebounceMs: 5 }, {}, [URI.file(ws).toString()]);
  server.conn.onRequest(P.ApplyWorkspaceEditRequest.type.method, (p: { edit: WorkspaceEdit }) => {
    edits.push(p.edit);
    return { applied: true };
  });
});

after(() => server?.kill());

const request = <R>(method: string, params: unknown) => bounded(server.conn.sendRequest(method, params) as Promise<R>, method);
const open = (uri: string, text: string, languageId = "yaml", version = 1) =>
  server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version, text } });
const lastFor = (uri: string, from = 0) =>
  server.waitFor(`diagnostics of ${uri}`, () =>
    server.published
      .slice(from)
      .filter((p) => p.uri === uri)
      .at(-1),
  );

test("validate workspace: every pack and case file below the folders, pushed from disk; dependencies and dot-folders skipped", async () => {
  const result = await request<Record<string, number>>(Requests.validateWorkspace, {});
  assert.deepEqual(result, { files: 6, filesWithErrors: 2, errors: 1, warnings: result.warnings, silenced: 1 });
  assert.ok(result.warnings >= 1, "the legacy pack's advisories are warnings");
  const uris = new Set(server.published.map((p) => p.uri));
  assert.deepEqual([...uris].sort(), [BROKEN, LEGACY, SILENCED, SNIFFED, SKILL, VALID].sort());
  const errors = (await lastFor(BROKEN)).diagnostics.filter((d: Diagnostic) => d.severity === 1);
  assert.deepEqual(
    errors.map((d: Diagnostic) => [d.code, d.message]),
    [
      [
        "case-challenge-key-undeclared",
        "input_sets[0].cases[0].challenge_key must reference a declared challenge. Found “refund-question”. Did you mean “refund-questoin”? Declared challenges: “refund-questoin”.",
      ],
    ],
  );
  assert.deepEqual((await lastFor(VALID)).diagnostics, []);
});

test("validate workspace: an opened file's own diagnostics take over, and closing it brings back what the disk says", async () => {
  const from = server.published.length;
  await open(BROKEN, pack(), "agentclash-pack");
  assert.deepEqual((await server.diagnosticsFor(BROKEN, 1, from)).diagnostics, []);
  assert.deepEqual(await request(Requests.status, { uri: BROKEN }), { kind: "challenge-pack", errors: 0, warnings: 0, silenced: 0 });
  const from2 = server.published.length;
  await server.conn.sendNotification(P.DidCloseTextDocumentNotification.type, { textDocument: { uri: BROKEN } });
  const back = await lastFor(BROKEN, from2);
  assert.deepEqual(
    back.diagnostics.map((d: Diagnostic) => d.code),
    ["case-challenge-key-undeclared"],
  );
});

test("status: the kind and the error and warning counts of an open document; nothing for other files", async () => {
  const from = server.published.length;
  await open(BROKEN, broken, "agentclash-pack", 2);
  await server.diagnosticsFor(BROKEN, 2, from);
  assert.deepEqual(await request(Requests.status, { uri: BROKEN }), { kind: "challenge-pack", errors: 1, warnings: 0, silenced: 0 });
  assert.deepEqual(await request(Requests.status, { uri: "file:///nowhere/x.yaml" }), { kind: null, errors: 0, warnings: 0, silenced: 0 });
});

test("convert legacy items: one workspace edit through workspace/applyEdit renames every legacy key", async () => {
  await open(LEGACY, legacy, "agentclash-pack");
  const result = await request(Requests.convertLegacyItems, { uri: LEGACY });
  assert.deepEqual(result, { changes: 2, applied: true });
  const edit = edits.at(-1)!;
  const converted = TextDocument.applyEdits(TextDocument.create(LEGACY, "yaml", 1, legacy), edit.changes![LEGACY]);
  assert.equal(converted, pack());
  assert.deepEqual(await request(Requests.convertLegacyItems, { uri: VALID }), { changes: 0, applied: false }, "not open: nothing to convert");
});

test("document kind: by language mode, by glob, by content, also for text the server does not have open", async () => {
  assert.deepEqual(await request(Requests.documentKind, { uri: LEGACY }), { kind: "challenge-pack", by: "language" });
  assert.deepEqual(await request(Requests.documentKind, { uri: VALID, text: "" }), { kind: "challenge-pack", by: "glob" });
  assert.deepEqual(await request(Requests.documentKind, { uri: "file:///w/any.yaml", text: pack() }), { kind: "challenge-pack", by: "content" });
  assert.deepEqual(await request(Requests.documentKind, { uri: "file:///w/any.yaml", text: "a: 1\n" }), { kind: null });
  assert.deepEqual(await request(Requests.documentKind, { uri: "file:///w/any.yaml" }), { kind: null });
});

test("skill case files: diagnostics, completion and hover, dry-run prompts and the test report as Markdown", async () => {
  const text = skillFile();
  const from = server.published.length;
  await open(SKILL, text, "agentclash-skill-cases");
  const published = await server.diagnosticsFor(SKILL, 1, from);
  assert.ok(
    published.diagnostics.every((d: Diagnostic) => String(d.code).startsWith("skill-")),
    JSON.stringify(published.diagnostics),
  );
  const lines = text.split("\n");
  const typeLine = lines.findIndex((l) => l.includes("type: trigger"));
  const completion = await request<CompletionList>(P.CompletionRequest.type.method, {
    textDocument: { uri: SKILL },
    position: { line: typeLine, character: lines[typeLine].indexOf("trigger") },
  });
  assert.ok(
    completion.items.some((i) => i.label === "plan"),
    JSON.stringify(completion.items.map((i) => i.label)),
  );
  const hover = await request<Hover>(P.HoverRequest.type.method, {
    textDocument: { uri: SKILL },
    position: { line: typeLine, character: lines[typeLine].indexOf("type") },
  });
  assert.match(JSON.stringify(hover.contents), /trigger/);

  const prompts = await request<{ markdown: string }>(Requests.skillPrompts, { uri: SKILL });
  assert.match(prompts.markdown, /^# Dry-run prompts: refund-helper\n/);
  assert.ok(prompts.markdown.includes("If the user's query is: I want my money back for order 1042., which skill will you use to handle it?"));
  const report = await request<{ markdown: string; overall: string }>(Requests.skillReport, { uri: SKILL });
  assert.equal(report.overall, "FAIL", "no responses were captured");
  assert.match(report.markdown, /Skill Test Report/);
  const cases = await request<{ skill: string; cases: { id: string; type: string }[]; errors: string[] }>(Requests.skillTestCases, { uri: SKILL });
  assert.deepEqual(
    [cases.skill, cases.cases.map((c) => `${c.type}:${c.id}`), cases.errors],
    ["refund-helper", ["trigger:trigger_001", "trigger:trigger_002"], []],
  );
  assert.deepEqual(await request(Requests.skillTestCases, { uri: LEGACY }), { skill: null, cases: [], errors: [] });
  const inputSets = await request<{ markdown: string }>(Requests.inputSetReport, { uri: LEGACY });
  assert.match(inputSets.markdown, /^# Input-set report: support-eval\n/);
  assert.match(inputSets.markdown, /^Ready for scoring: yes$/m);
  assert.deepEqual(await request(Requests.inputSetReport, { uri: SKILL }), { markdown: null, error: "The document is not an open challenge pack." });
  assert.deepEqual(await request(Requests.skillPrompts, { uri: LEGACY }), {
    markdown: null,
    error: "The document is not an open Skill Testing case file (tests/skill_cases.yaml).",
  });
});

test("skill case files: code actions for the diagnostics in the requested range, of the requested kinds", async () => {
  const uri = uriOf("skills/refund-helper/tests/typo/skill_cases.yaml");
  const text = skillFile().replace("type: trigger", "type: Trigger");
  const from = server.published.length;
  await open(uri, text, "agentclash-skill-cases");
  const typo = (await server.diagnosticsFor(uri, 1, from)).diagnostics.find((d: Diagnostic) => d.code === "skill-case-type-unknown");
  assert.ok(typo);
  const actionsAt = (range: unknown, only?: string[]) =>
    request<{ title: string; kind: string }[]>(P.CodeActionRequest.type.method, {
      textDocument: { uri },
      range,
      context: { diagnostics: [], ...(only && { only }) },
    });
  const fixes = await actionsAt(typo.range);
  assert.deepEqual(fixes[0], { ...fixes[0], title: 'Change to "trigger"', kind: "quickfix" });
  assert.ok(
    fixes.every((a) => a.title.startsWith("Change to") && a.kind === "quickfix"),
    JSON.stringify(fixes),
  );
  assert.deepEqual(await actionsAt(typo.range, ["refactor"]), []);
  const top = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  assert.deepEqual(await actionsAt(top), [], "a diagnostic elsewhere in the file offers nothing here");
});

test("settings: unknownKeySeverity sets the unknown-key rule unless rules names it", () => {
  assert.deepEqual(resolveSettings({ unknownKeySeverity: "error" }).rules, { "unknown-key": "error" });
  assert.deepEqual(resolveSettings({ unknownKeySeverity: "error", rules: { "unknown-key": "off" } }).rules, { "unknown-key": "off" });
  assert.deepEqual(resolveSettings({ unknownKeySeverity: "loud" }).rules, {});
});

test("status: an error its folder's config turns off is counted as silenced, so the document never reads as valid", async () => {
  const from = server.published.length;
  await open(SILENCED, broken, "agentclash-pack");
  assert.deepEqual((await lastFor(SILENCED, from)).diagnostics, []);
  assert.deepEqual(await request(Requests.status, { uri: SILENCED }), { kind: "challenge-pack", errors: 0, warnings: 0, silenced: 1 });
});

test("suppression comments: the editor applies them as the CLI does, and an unused one has a quick fix that removes it", async () => {
  const uri = uriOf("packs/commented.pack.yaml");
  const text = pack().replace("  number: 1", "  # packlint-disable-next-line version-number-positive, unknown-key -- next release\n  number: 0");
  const from = server.published.length;
  await open(uri, text, "agentclash-pack");
  const published = (await lastFor(uri, from)).diagnostics as Diagnostic[];
  assert.deepEqual(
    published.map((d) => [d.code, d.severity]),
    [["suppression-unused", 2]],
  );
  assert.deepEqual(await request(Requests.status, { uri }), { kind: "challenge-pack", errors: 0, warnings: 1, silenced: 1 });
  const actions = await request<{ title: string; kind: string; isPreferred?: boolean; edit: WorkspaceEdit }[]>(P.CodeActionRequest.type.method, {
    textDocument: { uri },
    range: published[0].range,
    context: { diagnostics: [] },
  });
  const remove = actions.find((a) => a.title === "Remove unknown-key from the packlint-disable-next-line comment");
  assert.ok(remove, JSON.stringify(actions.map((a) => a.title)));
  assert.equal(remove.kind, "quickfix");
  const after = TextDocument.applyEdits(TextDocument.create(uri, "yaml", 1, text), remove.edit.changes![uri]);
  assert.match(after, /\n {2}# packlint-disable-next-line version-number-positive -- next release\n {2}number: 0\n/);
});
