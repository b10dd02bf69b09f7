import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { URI } from "vscode-uri";
import type { Diagnostic, DocumentLink, ProtocolConnection, SymbolInformation } from "vscode-languageserver/node";
import { bounded, protocol as P, ServerProcess } from "../helpers/lsp-client";
import { pack, sections } from "../helpers/packs";
import { PACK_ASSET, tempTree } from "../helpers/cli";
import { Requests } from "../../shared/src";

/**
 * The workspace features against the real server over stdio: a two-folder workspace on disk, the index
 * built in the background with progress, workspace symbols, the "validate workspace" request under each
 * folder's settings and project config, file watching, and asset checks confined to the workspace.
 */

const withChallenge = (key: string, extra: Record<string, string> = {}) =>
  pack({ challenges: sections.challenges.replace("refund-question", key), inputSets: sections.inputSets.replace("refund-question", key), ...extra });
const withAsset = (path: string, text = pack()) => text.replace(`path: ${PACK_ASSET}`, `path: ${path}`);

const top = tempTree({
  "a/.packlintrc.json": JSON.stringify({ rules: { "asset-file-missing": "error" }, packs: ["custom/*.yml"], ignore: ["fixtures/**"] }),
  "a/packs/support.pack.yaml": withChallenge("refund-question"),
  [`a/packs/${PACK_ASSET}`]: "%PDF",
  "a/packs/missing.pack.yaml": withAsset("assets/gone.pdf", withChallenge("missing-asset-question")),
  // Not sniffed (its section keys carry anchors), a pack only by the config's `packs` glob.
  "a/custom/odd.yml": withAsset("../packs/assets/policy.pdf", withChallenge("odd-question")).replace(/^(pack|version|challenges|input_sets):/gm, "&$1 $1:"),
  "a/fixtures/ignored.pack.yaml": withChallenge("ignored-question"),
  "b/refunds.pack.yaml": withAsset("assets/gone.pdf", withChallenge("billing-question")),
  "c/later.pack.yaml": withChallenge("later-folder-question"),
  "outside.txt": "not in the workspace",
});
const A = join(top, "a");
const B = join(top, "b");
const uriOf = (path: string) => URI.file(path).toString();
const [A_URI, B_URI] = [uriOf(A), uriOf(B)];

let server: ServerProcess;
const progress: { token: unknown; value: { kind: string; percentage?: number } }[] = [];
const registrations: { method: string; registerOptions?: { watchers?: { globPattern: unknown }[] } }[] = [];
/** Folder B turns the asset check off; folder A's settings say hint, which A's config (error) overrides. */
const folderSettings = (scopeUri?: string) =>
  scopeUri === B_URI
    ? { diagnosticsDebounceMs: 5, rules: { "asset-file-missing": "off" } }
    : { diagnosticsDebounceMs: 5, rules: { "asset-file-missing": "hint" } };

before(async () => {
  const setup = (conn: ProtocolConnection) => {
    conn.onRequest(P.WorkDoneProgressCreateRequest.type.method, () => null);
    conn.onNotification("$/progress", (p: { token: unknown; value: { kind: string } }) => {
      progress.push(p);
      server?.wake();
    });
    conn.onRequest(P.ConfigurationRequest.type.method, (p: { items: { scopeUri?: string }[] }) => p.items.map((i) => folderSettings(i.scopeUri)));
    conn.onRequest(P.RegistrationRequest.type.method, (p: { registrations: typeof registrations }) => {
      registrations.push(...p.registrations);
      return null;
    });
  };
  const capabilities = {
    window: { workDoneProgress: true },
    workspace: { configuration: true, workspaceFolders: true, didChangeWatchedFiles: { dynamicRegistration: true } },
  };
  server = await ServerProcess.start({}, capabilities, [A_URI, B_URI], setup);
});

after(() => server?.kill());

const request = <R>(method: string, params: unknown) => bounded(server.conn.sendRequest(method, params) as Promise<R>, method);
const symbols = (query: string) => request<SymbolInformation[]>(P.WorkspaceSymbolRequest.type.method, { query });
const watched = (...changes: [string, 1 | 2 | 3][]) =>
  server.conn.sendNotification(P.DidChangeWatchedFilesNotification.type, { changes: changes.map(([path, type]) => ({ uri: uriOf(path), type })) });
const [CREATED, CHANGED, DELETED] = [1, 2, 3] as const;
const lastFor = (uri: string, from: number, ok: (d: Diagnostic[]) => boolean = () => true) =>
  server.waitFor(
    `diagnostics of ${uri}`,
    () =>
      server.published
        .slice(from)
        .filter((p) => p.uri === uri && ok(p.diagnostics))
        .at(-1)?.diagnostics,
  );
const codes = (d: Diagnostic[]) => d.map((x) => [x.code, x.severity]);

test("index: built in the background with workDoneProgress; every file watched", async () => {
  const end = await server.waitFor("the index's progress to end", () => progress.find((p) => p.value.kind === "end"));
  const mine = progress.filter((p) => p.token === end.token).map((p) => p.value);
  assert.equal(mine[0].kind, "begin");
  const percents = mine.filter((v) => v.kind === "report").map((v) => v.percentage!);
  assert.ok(percents.length >= 1 && percents.at(-1) === 100, JSON.stringify(mine));
  assert.deepEqual(
    percents,
    [...percents].sort((x, y) => x - y),
    "never goes back",
  );
  const watch = registrations.find((r) => r.method === P.DidChangeWatchedFilesNotification.type.method);
  assert.deepEqual(watch?.registerOptions?.watchers, [{ globPattern: "**/*" }]);
});

test("workspace symbols: challenges, input sets, cases and validators of files never opened; fuzzy queries; ignored files left out", async () => {
  const all = await symbols("");
  const names = (list: SymbolInformation[]) => [...new Set(list.map((s) => s.name))].sort();
  assert.deepEqual(names(all.filter((s) => s.kind === 5)), ["billing-question", "missing-asset-question", "odd-question", "refund-question"]);
  assert.ok(
    all.some((s) => s.kind === 2 && s.name === "refund-smoke"),
    "input sets",
  );
  assert.ok(
    all.some((s) => s.kind === 19 && s.name === "refund-window-basic" && s.containerName === "support-eval › refund-smoke"),
    "cases, in their input set",
  );
  assert.ok(
    all.some((s) => s.kind === 12 && s.name === "exact"),
    "validators",
  );

  const support = all.find((s) => s.name === "refund-question")!;
  assert.equal(support.location.uri, uriOf(join(A, "packs/support.pack.yaml")));
  const line = pack().split("\n")[support.location.range.start.line];
  assert.equal(line.slice(support.location.range.start.character, support.location.range.end.character), "refund-question");

  assert.deepEqual(names(await symbols("rfndq")), ["refund-question"], "characters in order");
  assert.deepEqual(names(await symbols("refnud-question")), ["refund-question"], "a typo");
  assert.equal((await symbols("odd-question")).length, 1, "a pack by the config's packs glob");
  assert.deepEqual(await symbols("ignored-question"), [], "the config's ignore globs");
  assert.equal((await symbols("BILLING"))[0].name, "billing-question", "case does not matter; the best match comes first");
});

test("validate workspace: each folder's settings and project config; asset paths checked on disk", async () => {
  const from = server.published.length;
  const result = await request<Record<string, number>>(Requests.validateWorkspace, {});
  assert.equal(result.files, 4);
  assert.equal(result.filesWithErrors, 1);
  const missing = await lastFor(uriOf(join(A, "packs/missing.pack.yaml")), from);
  const found = missing.find((d) => d.code === "asset-file-missing")!;
  assert.equal(found.severity, 1, "A's config (error) wins over A's settings (hint)");
  assert.equal(
    found.message,
    "version.assets[0].path refers to a missing file: packs/assets/gone.pdf",
    "relative to the workspace folder, as the CLI prints it",
  );
  assert.deepEqual(
    codes(await lastFor(uriOf(join(B, "refunds.pack.yaml")), from)).filter(([c]) => String(c).startsWith("asset")),
    [],
    "B turns it off",
  );
  assert.deepEqual(
    codes(await lastFor(uriOf(join(A, "custom/odd.yml")), from)).filter(([c]) => String(c).startsWith("asset")),
    [],
    "../packs/… stays inside",
  );
});

test("file watching: created, changed, renamed and deleted files and folders keep the index (and published diagnostics) current", async () => {
  const file = join(A, "packs/new.pack.yaml");
  writeFileSync(file, withAsset("assets/none.pdf", withChallenge("brand-new-question")));
  let from = server.published.length;
  await watched([file, CREATED]);
  assert.equal((await symbols("brand-new-question"))[0]?.location.uri, uriOf(file));
  // After a validation, files that appear are published too.
  assert.deepEqual(codes(await lastFor(uriOf(file), from)), [["asset-file-missing", 1]]);

  writeFileSync(file, withChallenge("changed-question"));
  from = server.published.length;
  await watched([file, CHANGED]);
  assert.deepEqual(await symbols("brand-new-question"), []);
  assert.equal((await symbols("changed-question")).length, 1);
  assert.deepEqual(await lastFor(uriOf(file), from), [], "republished: its asset now exists");

  const moved = join(A, "packs/moved.pack.yaml");
  renameSync(file, moved);
  from = server.published.length;
  await watched([file, DELETED], [moved, CREATED]);
  assert.deepEqual(
    (await symbols("changed-question")).map((s) => s.location.uri),
    [uriOf(moved)],
  );
  assert.deepEqual(await lastFor(uriOf(file), from), [], "the old name's diagnostics are withdrawn");

  const dir = join(A, "team");
  mkdirSync(join(dir, "deep"), { recursive: true });
  writeFileSync(join(dir, "deep/team.pack.yaml"), withChallenge("team-question"));
  await watched([dir, CREATED]);
  assert.equal((await symbols("team-question"))[0]?.location.uri, uriOf(join(dir, "deep/team.pack.yaml")));
  rmSync(dir, { recursive: true });
  await watched([dir, DELETED]);
  assert.deepEqual(await symbols("team-question"), []);
});

test("open packs: asset paths follow the disk, links only inside the workspace, unsaved keys searchable, config changes apply", async () => {
  const uri = uriOf(join(A, "packs/open.pack.yaml"));
  const text = withChallenge("unsaved-question").replace(
    `path: ${PACK_ASSET}`,
    "path: assets/later.pdf\n    - key: secret\n      path: ../../outside.txt\n    - key: policy\n      path: assets/policy.pdf",
  );
  let from = server.published.length;
  await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "yaml", version: 1, text } });
  const first = await lastFor(uri, from);
  assert.deepEqual(
    first.filter((d) => String(d.code).startsWith("asset")).map((d) => [d.code, d.severity, d.message]),
    [
      ["asset-file-missing", 1, "version.assets[0].path refers to a missing file: packs/assets/later.pdf"],
      ["asset-path-outside-workspace", 2, `version.assets[1].path leads outside the workspace (${join(top, "outside.txt")}); it is not checked`],
    ],
  );
  const links = await request<DocumentLink[]>(P.DocumentLinkRequest.type.method, { textDocument: { uri } });
  assert.deepEqual(
    links.map((l) => l.target),
    [uriOf(join(A, "packs/assets/policy.pdf"))],
  );
  assert.equal((await symbols("unsaved-question"))[0]?.location.uri, uri, "open, not saved: searched with its current text");

  writeFileSync(join(A, "packs/assets/later.pdf"), "%PDF");
  from = server.published.length;
  await watched([join(A, "packs/assets/later.pdf"), CREATED]);
  const later = await lastFor(uri, from);
  assert.deepEqual(
    later.filter((d) => String(d.code).startsWith("asset")).map((d) => d.code),
    ["asset-path-outside-workspace"],
  );

  writeFileSync(join(A, ".packlintrc.json"), JSON.stringify({ rules: { "asset-path-outside-workspace": "off" } }));
  from = server.published.length;
  await watched([join(A, ".packlintrc.json"), CHANGED]);
  const reconfigured = await lastFor(uri, from, (d) => !d.some((x) => x.code === "asset-path-outside-workspace"));
  assert.ok(!reconfigured.some((d) => String(d.code).startsWith("asset")));
  // The config no longer names custom/*.yml: odd.yml is not sniffed, so it leaves the index.
  assert.deepEqual(await symbols("odd-question"), []);
});

test("workspace folders: an added folder is indexed, a removed one leaves the index", async () => {
  const C_URI = uriOf(join(top, "c"));
  await server.conn.sendNotification(P.DidChangeWorkspaceFoldersNotification.type, {
    event: { added: [{ uri: C_URI, name: "c" }], removed: [{ uri: B_URI, name: "folder1" }] },
  });
  assert.equal((await symbols("later-folder-question"))[0]?.location.uri, uriOf(join(top, "c/later.pack.yaml")));
  assert.deepEqual(await symbols("billing-question"), []);
});
