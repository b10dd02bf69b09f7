import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { CodeAction, CompletionList, Diagnostic, TextEdit, WorkspaceEdit } from "vscode-languageserver/node";
import { bounded, protocol as P, ServerProcess } from "../helpers/lsp-client";
import { completionEdits, EditInvariant } from "../helpers/edit-invariant";
import { pack, sections } from "../helpers/packs";
import { buildPackModel, packDiagnostics, PackDiagnostic } from "../../server/src/service/pack";

/**
 * Issue 17's edits as a client gets them over JSON-RPC: every quick fix and completion keeps the pack whole and
 * adds no error (items 1 and 2), edits placed by structure in any line ending (3), refused renames (4).
 */

let server: ServerProcess;
before(async () => {
  server = await ServerProcess.start({ diagnosticsDebounceMs: 5 });
});
after(() => server?.kill());

const request = <R>(type: { method: string }, params: unknown) => bounded(server.conn.sendRequest(type.method, params) as Promise<R>, type.method);
const fixture = (name: string) => readFileSync(join(__dirname, "../../../test/fixtures/value-fit", name), "utf8");

let opened = 0;
async function open(text: string): Promise<{ uri: string; diagnostics: Diagnostic[] }> {
  const uri = `file:///tmp/packlint-protocol/edits-${++opened}.pack.yaml`;
  await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "yaml", version: 1, text } });
  return { uri, diagnostics: (await server.diagnosticsFor(uri, 1)).diagnostics };
}

async function quickFixes(uri: string, d: Diagnostic): Promise<CodeAction[]> {
  const actions = await request<CodeAction[]>(P.CodeActionRequest.type, { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
  return actions.filter((a) => a.kind === "quickfix");
}

/**
 * The service's diagnostic behind one the server published (whose text adds the hint to the message): the
 * invariant counts diagnostics by code and message.
 */
function serviceDiagnostic(text: string, d: Diagnostic): PackDiagnostic {
  const found = packDiagnostics(buildPackModel(text)).find((x) => x.code === d.code && JSON.stringify(x.range) === JSON.stringify(d.range));
  assert.ok(found, `${d.code} at ${JSON.stringify(d.range)}`);
  return found;
}

const positionOf = (text: string, needle: string, after = 0) => {
  const offset = text.indexOf(needle) + after;
  const before = text.slice(0, offset).split(/\r\n|\r|\n/);
  return { line: before.length - 1, character: before[before.length - 1].length };
};

test("protocol: every quick fix of the fuzzer's packs fixes its diagnostic and adds no error; a value is offered only where it is valid", async () => {
  const offered: string[] = [];
  for (const name of [
    "file-type-on-plain-target.pack.yaml",
    "judge-mode-without-judges.pack.yaml",
    "validator-without-type.pack.yaml",
    "broken-challenge-key.pack.yaml",
  ]) {
    const text = fixture(name);
    const { uri, diagnostics } = await open(text);
    assert.ok(diagnostics.length > 0, name);
    const invariant = new EditInvariant(text);
    for (const d of diagnostics) {
      for (const a of await quickFixes(uri, d)) {
        offered.push(a.title);
        assert.deepEqual(invariant.problems(a.edit!.changes![uri], serviceDiagnostic(text, d)), [], `${name}: ${a.title}`);
      }
    }
  }
  for (const title of ['Change to "file_content_match"', 'Change to "hybrid"', 'Change to "llm_judge"', "Add `type: code_execution`"]) {
    assert.ok(!offered.includes(title), title);
  }
  for (const title of ['Change to "exact_match"', 'Change to "deterministic"', "Add `type: exact_match`", "Add `challenge_key`"]) {
    assert.ok(offered.includes(title), `${title} in ${offered.join(", ")}`);
  }
});

test("protocol: completion replaces a typed `input:` whole, gives flow values in flow lists, never puts legacy keys first, offers kinds", async () => {
  const text = pack({
    inputSets: sections.inputSets
      .replace("key: prompt\n            kind: text", "key: prompt\n            kind: ")
      .replace("        inputs:", "        \n        inputs:"),
    evaluationSpec: sections.evaluationSpec.replace("dimensions: [correctness]", "dimensions: [correctness, ]"),
  });
  const { uri } = await open(text);
  const invariant = new EditInvariant(text);
  const complete = async (position: { line: number; character: number }, at = uri) =>
    (await request<CompletionList>(P.CompletionRequest.type, { textDocument: { uri: at }, position })).items;

  // `input:` typed after `source: ` reads as a key of its own: the document does not parse until the name follows.
  const typed = pack({ inputSets: sections.inputSets.replace("source: input:prompt", "source: input:") });
  const typing = await open(typed);
  const source = await complete(positionOf(typed, "source: input:", "source: input:".length), typing.uri);
  const prompt = source.find((i) => i.label === "input:prompt");
  assert.ok(prompt, source.map((i) => i.label).join(", "));
  const range = (prompt.textEdit as TextEdit).range;
  assert.equal(typed.split("\n")[range.start.line].slice(range.start.character, range.end.character), "input:");
  assert.equal((prompt.textEdit as TextEdit).newText, "input:prompt");
  assert.match(typed.split("\n")[range.start.line].slice(0, range.start.character) + "input:prompt", /^ +source: input:prompt$/);

  const flow = await complete(positionOf(text, "[correctness, ]", "[correctness, ".length));
  assert.ok(flow.length > 0 && flow.every((i) => !(i.textEdit as TextEdit).newText.includes("\n") && !(i.textEdit as TextEdit).newText.startsWith("-")));
  for (const i of flow) assert.deepEqual(invariant.problems(completionEdits(i as never)), [], i.label);

  const kinds = await complete(positionOf(text, "kind: \n", "kind: ".length));
  assert.equal(kinds[0]?.label, "text");

  // A new key in a case that writes case_key: the legacy item_key is not offered (issue 33), the other keys are.
  const blank = positionOf(text, "        \n        inputs:", 8);
  const keys = await complete(blank);
  assert.ok(keys.some((i) => i.label === "payload") && !keys.some((i) => i.label === "item_key"), keys.map((i) => i.label).join(", "));
  assert.ok(!keys.some((i) => i.preselect));
});

test("protocol: fixes placed by structure keep a lone-CR pack whole", async () => {
  const lf = pack({ inputSets: sections.inputSets.replace("challenge_key: refund-question", "challenge_key: refund-questoin") });
  const text = lf.replace(/\n/g, "\r");
  const { uri, diagnostics } = await open(text);
  const invariant = new EditInvariant(text);
  const d = diagnostics.find((x) => x.code === "case-challenge-key-undeclared");
  assert.ok(d);
  const fixes = await quickFixes(uri, d);
  assert.ok(fixes.some((a) => a.title.startsWith("Declare challenge")));
  for (const a of fixes) assert.deepEqual(invariant.problems(a.edit!.changes![uri], serviceDiagnostic(text, d)), [], a.title);
});

test("protocol: a rename onto an existing key is refused with RequestFailed", async () => {
  const text = pack({
    challenges: `${sections.challenges}  - key: billing-question\n    title: Billing\n    category: billing\n    difficulty: easy\n`,
  });
  const { uri } = await open(text);
  const at = positionOf(text, "- key: refund-question", "- key: ".length + 2);
  await assert.rejects(
    request<WorkspaceEdit>(P.RenameRequest.type, { textDocument: { uri }, position: at, newName: "billing-question" }),
    (e: { code?: number }) => {
      assert.equal(e.code, -32803);
      return true;
    },
  );
});

test("protocol: split and insertions placed by structure: anchors their aliases need, nested maps and comments", async () => {
  const mixed = pack({
    challenges: `${sections.challenges}  - key: billing-question\n    title: Billing\n    category: billing\n    difficulty: easy\n`,
    inputSets: sections.inputSets.replace(
      "    cases:\n",
      "    cases:\n      - challenge_key: billing-question\n        case_key: billing-basic\n        payload: &shared\n          customer_message: Where is my invoice?\n" +
        "      - challenge_key: refund-question\n        case_key: refund-shared\n        payload: *shared\n",
    ),
  });
  const nested = pack({
    challenges: sections.challenges.replace(
      "    difficulty: easy\n",
      "    metadata:\n      owner:\n        team: support\n          # a more-indented comment\n",
    ),
  });
  for (const text of [mixed, nested]) {
    const { uri, diagnostics } = await open(text);
    const invariant = new EditInvariant(text);
    let checked = 0;
    for (const d of diagnostics) {
      for (const a of await quickFixes(uri, d)) {
        assert.deepEqual(invariant.problems(a.edit!.changes![uri], serviceDiagnostic(text, d)), [], a.title);
        checked++;
      }
    }
    assert.ok(checked > 0, text);
    // Fix all: one edit, whole, and it adds no error.
    const whole = { start: { line: 0, character: 0 }, end: { line: text.split("\n").length, character: 0 } };
    const all = await request<CodeAction[]>(P.CodeActionRequest.type, {
      textDocument: { uri },
      range: whole,
      context: { diagnostics: [], only: ["source.fixAll"] },
    });
    for (const a of all) assert.deepEqual(invariant.problems(a.edit!.changes![uri]), [], a.title);
  }
});
