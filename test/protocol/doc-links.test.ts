import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { protocol, ServerProcess } from "../helpers/lsp-client";
import { pack, sections } from "../helpers/packs";

const P = protocol;
const PACK = "file:///tmp/packlint-doc-links/support.pack.yaml";
const broken = pack({ inputSets: sections.inputSets.replace("challenge_key: refund-question", "challenge_key: refund-questoin") });
const servers: ServerProcess[] = [];
after(() => servers.forEach((s) => s.kill()));

async function diagnosticsWith(options: unknown) {
  const server = await ServerProcess.start(options);
  servers.push(server);
  await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, { textDocument: { uri: PACK, languageId: "yaml", version: 1, text: broken } });
  return (await server.diagnosticsFor(PACK, 1)).diagnostics;
}

test("protocol: every diagnostic links to its rule's page; by default the docs shipped with packlint, which exist", async () => {
  const [d] = await diagnosticsWith({ diagnosticsDebounceMs: 0 });
  const href = d.codeDescription!.href;
  assert.match(href, /^file:\/\/.*\/docs\/rules\/case-challenge-key-undeclared\.md$/);
  assert.ok(existsSync(fileURLToPath(href)), href);
});

test("protocol: the docsBaseUrl setting moves the links (a trailing slash is added; a value that is no URL is ignored)", async () => {
  const [d] = await diagnosticsWith({ diagnosticsDebounceMs: 0, docsBaseUrl: "https://packs.example.org/docs/rules" });
  assert.equal(d.codeDescription!.href, "https://packs.example.org/docs/rules/case-challenge-key-undeclared.md");
  const [e] = await diagnosticsWith({ diagnosticsDebounceMs: 0, docsBaseUrl: "not a url" });
  assert.match(e.codeDescription!.href, /^file:\/\//);
});
