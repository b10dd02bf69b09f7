import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import type {
  CompletionList,
  FoldingRange,
  Hover,
  InlayHint,
  SelectionRange,
  SemanticTokens,
  SemanticTokensDelta,
  SymbolInformation,
} from "vscode-languageserver/node";
import { bounded, protocol, ServerProcess } from "../helpers/lsp-client";
import { pack, sections } from "../helpers/packs";
import { buildPackModel, SEMANTIC_TOKENS_LEGEND, semanticTokens } from "../../server/src/service/pack";
import { head, negative, positive } from "../helpers/skill";

/**
 * The editor features of issue 21 through a real JSON-RPC connection: semantic tokens (full, delta, range),
 * selection ranges, inlay hints and their setting, comment folding, workspace symbols of every keyed thing, and
 * case files' completion and hover.
 */
const P = protocol;
const PACK = "file:///tmp/packlint-editor/support.pack.yaml";
const SKILL = "file:///tmp/packlint-editor/refund-helper/tests/skill_cases.yaml";

let server: ServerProcess;
let inlayRefreshes = 0;
let tokenRefreshes = 0;

before(async () => {
  server = await ServerProcess.start(
    { diagnosticsDebounceMs: 0 },
    { workspace: { inlayHint: { refreshSupport: true }, semanticTokens: { refreshSupport: true } } },
    null,
    (conn) => {
      conn.onRequest("workspace/inlayHint/refresh", () => {
        inlayRefreshes++;
        server?.wake();
        return null;
      });
      conn.onRequest("workspace/semanticTokens/refresh", () => {
        tokenRefreshes++;
        server?.wake();
        return null;
      });
    },
  );
});

after(() => server?.kill());

const request = <R>(method: string, params: unknown) => bounded(server.conn.sendRequest(method, params) as Promise<R>, method);

const text =
  "# The support pack\n# kept small\n" +
  pack({ inputSets: sections.inputSets.replace("source: input:prompt", "source: input:prompt\n            colour: red") });
const lines = text.split("\n");
const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle));

async function open(uri: string, content: string, version = 1) {
  await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "yaml", version, text: content } });
  await server.diagnosticsFor(uri, version);
}

test("protocol: the server offers semantic tokens (full with deltas, range), selection ranges and inlay hints", async () => {
  const caps = server.initializeResult!.capabilities as Record<string, unknown>;
  assert.deepEqual(caps.semanticTokensProvider, { legend: SEMANTIC_TOKENS_LEGEND, full: { delta: true }, range: true });
  assert.equal(caps.selectionRangeProvider, true);
  assert.deepEqual(caps.inlayHintProvider, { resolveProvider: false });
  await open(PACK, text);
});

test("protocol: semantic tokens in full, then as one edit after a change, then for a range", async () => {
  const doc = { uri: PACK };
  const full = await request<SemanticTokens>("textDocument/semanticTokens/full", { textDocument: doc });
  assert.deepEqual(full.data, semanticTokens(buildPackModel(text)).data);
  assert.ok(full.resultId);
  const unknown = SEMANTIC_TOKENS_LEGEND.tokenTypes.indexOf("unknownKey");
  assert.ok(
    full.data.some((n, i) => i % 5 === 3 && n === unknown),
    "the unknown key `colour` is a token",
  );

  const line = lineOf("challenge_key: refund-question");
  const edited = text.replace("challenge_key: refund-question", "challenge_key: refund-questions");
  await server.conn.sendNotification(P.DidChangeTextDocumentNotification.type, {
    textDocument: { uri: PACK, version: 2 },
    contentChanges: [{ range: { start: { line, character: lines[line].length }, end: { line, character: lines[line].length } }, text: "s" }],
  });
  const delta = await request<SemanticTokensDelta>("textDocument/semanticTokens/full/delta", { textDocument: doc, previousResultId: full.resultId });
  const expected = semanticTokens(buildPackModel(edited)).data;
  assert.equal(delta.edits.length, 1);
  const applied = [...full.data];
  for (const e of delta.edits) applied.splice(e.start, e.deleteCount, ...(e.data ?? []));
  assert.deepEqual(applied, expected);
  assert.ok(delta.edits[0].deleteCount < full.data.length, "only the changed tokens are sent again");

  const stale = await request<SemanticTokens>("textDocument/semanticTokens/full/delta", { textDocument: doc, previousResultId: "no such result" });
  assert.deepEqual(stale.data, expected, "a result the server no longer has: the full tokens");

  const ranged = await request<SemanticTokens>("textDocument/semanticTokens/range", {
    textDocument: doc,
    range: { start: { line, character: 0 }, end: { line, character: 40 } },
  });
  assert.deepEqual(ranged.data, [
    line,
    lines[line].indexOf("refund-question"),
    "refund-questions".length,
    SEMANTIC_TOKENS_LEGEND.tokenTypes.indexOf("class"),
    0,
  ]);

  // Back to the text the other tests read.
  await server.conn.sendNotification(P.DidChangeTextDocumentNotification.type, { textDocument: { uri: PACK, version: 3 }, contentChanges: [{ text }] });
  await server.diagnosticsFor(PACK, 3);

  const bad = await server.conn.sendRequest("textDocument/semanticTokens/full/delta", { textDocument: doc }).then(
    () => undefined,
    (e: { code: number }) => e.code,
  );
  assert.equal(bad, P.ErrorCodes.InvalidParams);
});

test("protocol: selection ranges grow from the name in `input:prompt` to the document", async () => {
  const line = lineOf("source: input:prompt");
  const [r] = await request<SelectionRange[]>("textDocument/selectionRange", {
    textDocument: { uri: PACK },
    positions: [{ line, character: lines[line].indexOf("prompt") + 2 }],
  });
  const slice = (s: SelectionRange) =>
    s.range.start.line === s.range.end.line
      ? lines[s.range.start.line].slice(s.range.start.character, s.range.end.character)
      : `lines ${s.range.start.line}-${s.range.end.line}`;
  assert.deepEqual([slice(r), slice(r.parent!), slice(r.parent!.parent!)], ["prompt", "input:prompt", "source: input:prompt"]);
  let depth = 0;
  for (let s: SelectionRange | undefined = r; s; s = s.parent) depth++;
  assert.ok(depth >= 8, `expands through the expectation, the case, the input set to the document (${depth} ranges)`);
});

test("protocol: inlay hints show the challenge's title and the input's value; packlint.inlayHints.enabled false turns them off", async () => {
  const range = { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } };
  const hints = await request<InlayHint[]>("textDocument/inlayHint", { textDocument: { uri: PACK }, range });
  assert.deepEqual(
    hints.map((h) => [h.position.line, h.label]),
    [
      [lineOf("challenge_key: refund-question"), "Refund question"],
      [lineOf("source: input:prompt"), "= Can I get a refund after 14 days?"],
    ],
  );
  const before = inlayRefreshes;
  const tokensBefore = tokenRefreshes;
  await server.conn.sendNotification(P.DidChangeConfigurationNotification.type, {
    settings: { packlint: { diagnosticsDebounceMs: 0, inlayHints: { enabled: false } } },
  });
  // Semantic tokens are asked for again too (the document kinds may have changed with the settings).
  await server.waitFor("inlay hint and semantic token refreshes", () => (inlayRefreshes > before && tokenRefreshes > tokensBefore ? true : undefined));
  assert.deepEqual(await request<InlayHint[]>("textDocument/inlayHint", { textDocument: { uri: PACK }, range }), []);
  await server.conn.sendNotification(P.DidChangeConfigurationNotification.type, { settings: { packlint: { diagnosticsDebounceMs: 0 } } });
  await server.waitFor("a second refresh", () => (inlayRefreshes > before + 1 ? true : undefined));
  assert.equal((await request<InlayHint[]>("textDocument/inlayHint", { textDocument: { uri: PACK }, range })).length, 2);
});

test("protocol: runs of comment lines fold as comments, in packs and case files", async () => {
  const packFolds = await request<FoldingRange[]>("textDocument/foldingRange", { textDocument: { uri: PACK } });
  assert.deepEqual(packFolds[0], { startLine: 0, endLine: 1, kind: "comment" });
  const skillText = "# refund-helper cases\n# one positive, one negative\n" + head + positive + negative;
  await open(SKILL, skillText);
  const skillFolds = await request<FoldingRange[]>("textDocument/foldingRange", { textDocument: { uri: SKILL } });
  assert.deepEqual(skillFolds[0], { startLine: 0, endLine: 1, kind: "comment" });
  assert.ok(skillFolds.length > 5, "and the case file's blocks");
});

test("protocol: workspace symbols find the pack itself, its assets, judges and metrics", async () => {
  const spec = sections.evaluationSpec.replace(
    "  scorecard:",
    "  metrics:\n    - key: token-count\n      type: numeric\n      collector: run_total_tokens\n  llm_judges:\n    - key: tone-judge\n      mode: rubric\n  scorecard:",
  );
  assert.ok(spec.includes("tone-judge"));
  const uri = "file:///tmp/packlint-editor/judged.pack.yaml";
  await open(uri, pack({ head: sections.head.replace("support-eval", "judged-eval"), evaluationSpec: spec }));
  const find = async (query: string) =>
    (await request<SymbolInformation[]>("workspace/symbol", { query })).filter((s) => s.location.uri === uri).map((s) => [s.name, s.kind]);
  assert.deepEqual(await find("judged-eval"), [["judged-eval", P.SymbolKind.Package]]);
  assert.deepEqual(await find("policy_pdf"), [["policy_pdf", P.SymbolKind.File]]);
  assert.deepEqual(await find("tone-judge"), [["tone-judge", P.SymbolKind.Event]]);
  assert.deepEqual(await find("token-count"), [["token-count", P.SymbolKind.Variable]]);
});

test("protocol: a case file's case with every key gets no completion; key hover reads as a pack key's", async () => {
  const full = positive.replace(`      - "selected_skill == 'refund-helper'"\n`, `      - "selected_skill == 'refund-helper'"\n    tags: [positive]\n    \n`);
  const skillText = head + full + negative;
  await server.conn.sendNotification(P.DidCloseTextDocumentNotification.type, { textDocument: { uri: SKILL } });
  await open(SKILL, skillText, 3);
  const skillLines = skillText.split("\n");
  const empty = skillLines.findIndex((l, i) => l === "    " && skillLines[i - 1].includes("tags"));
  const completion = await request<CompletionList>("textDocument/completion", { textDocument: { uri: SKILL }, position: { line: empty, character: 4 } });
  assert.deepEqual(completion.items, []);
  const typeLine = skillLines.findIndex((l) => l.includes("type: trigger"));
  const hover = await request<Hover>("textDocument/hover", { textDocument: { uri: SKILL }, position: { line: typeLine, character: 6 } });
  assert.match((hover.contents as { value: string }).value, /^\*\*`type`\*\* · text · required/);
});
