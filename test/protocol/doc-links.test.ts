import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { URI } from "vscode-uri";
import { packTree } from "../helpers/cli";
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

test("protocol: a project config's docsBaseUrl moves the links of its files; the editor's setting wins over it", async () => {
  const ws = packTree({ "support.pack.yaml": broken, ".packlintrc.json": JSON.stringify({ docsBaseUrl: "https://git.example.org/packlint/docs/rules" }) });
  const uri = URI.file(join(ws, "support.pack.yaml")).toString();
  const hrefWith = async (options: object) => {
    const server = await ServerProcess.start({ diagnosticsDebounceMs: 0, ...options }, {}, [URI.file(ws).toString()]);
    servers.push(server);
    await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "yaml", version: 1, text: broken } });
    return (await server.diagnosticsFor(uri, 1)).diagnostics.find((d) => d.code === "case-challenge-key-undeclared")!.codeDescription!.href;
  };
  assert.equal(await hrefWith({}), "https://git.example.org/packlint/docs/rules/case-challenge-key-undeclared.md");
  assert.equal(await hrefWith({ docsBaseUrl: "https://mine.example.com/r/" }), "https://mine.example.com/r/case-challenge-key-undeclared.md");
});
