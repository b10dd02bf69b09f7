import { after, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { URI } from "vscode-uri";
import type { ProtocolConnection } from "vscode-languageserver/node";
import { bounded, protocol as P, ServerProcess } from "../helpers/lsp-client";
import { pack } from "../helpers/packs";
import { tempTree } from "../helpers/cli";
import { Requests } from "../../shared/src";

/**
 * Issue 35: `packlint/validateWorkspace` sent right after start-up answered `{"files":0,"errors":0}` for a workspace
 * holding a broken pack, since the index's first build starts only once the client's settings are in. The client
 * here holds its answer to `workspace/configuration` until the request has been sent, so the request always comes
 * before the build: it must wait for it, as workspace symbols do.
 */

const broken = pack().replace("\n  number: 1\n", "\n  number: 0\n");
const top = tempTree({ "packs/broken.pack.yaml": broken, "packs/fine.pack.yaml": pack() });

let server: ServerProcess | undefined;
after(() => server?.kill());

test("validate workspace right after start-up waits for the index and reports the broken pack's errors", async () => {
  assert.notEqual(broken, pack(), "the fixture is broken");
  let release: () => void = () => undefined;
  const sent = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  const setup = (conn: ProtocolConnection) => {
    conn.onRequest(P.ConfigurationRequest.type.method, async (p: { items: unknown[] }) => {
      asked++;
      await sent;
      return p.items.map(() => ({}));
    });
  };
  server = await ServerProcess.start({}, { workspace: { configuration: true } }, [URI.file(top).toString()], setup);
  const answer = server.conn.sendRequest(Requests.validateWorkspace, {}) as Promise<Record<string, number>>;
  release();
  const result = await bounded(answer, Requests.validateWorkspace);
  assert.ok(asked >= 1, "the server asked for its settings first");
  assert.equal(result.files, 2, JSON.stringify(result));
  assert.equal(result.filesWithErrors, 1, JSON.stringify(result));
  assert.ok(result.errors >= 1, JSON.stringify(result));
  const published = server.published.find((p) => p.uri === URI.file(join(top, "packs/broken.pack.yaml")).toString());
  assert.ok(
    published?.diagnostics.some((d) => d.code === "version-number-positive"),
    "the broken pack's diagnostics are published",
  );
});
