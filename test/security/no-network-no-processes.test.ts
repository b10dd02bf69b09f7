import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { URI } from "vscode-uri";
import { fuzzProtocol } from "../fuzz/protocol/protocol-fuzzer";
import { RawServer, ROOT } from "../fuzz/protocol/raw-server";
import { pack } from "../helpers/packs";

/**
 * The server and the CLI run with a preload (forbid-io.ts) under which any use of child_process, net, tls, http(s),
 * http2, dgram, dns or fetch throws and is written to stderr; with PACKLINT_FS_ALLOW, so is any file-system call
 * outside the allowed folders. The tests fail on any such line.
 */

const PRELOAD = join(__dirname, "forbid-io.js");
const FORBIDDEN = "PACKLINT-FORBIDDEN";
const CLI = join(ROOT, "out", "server", "src", "cli", "bin.js");

function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, ["--require", PRELOAD, ...args], { cwd: ROOT, encoding: "utf8", env: { ...process.env, ...env }, timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test("the preload does forbid processes, sockets, HTTP, DNS and fetch (else the tests below would prove nothing)", () => {
  const attempts = [
    "require('child_process').execSync('echo hi')",
    "require('child_process').spawn('ls')",
    "require('net').connect(9, '127.0.0.1')",
    "new (require('net').Socket)().connect(9, '127.0.0.1')",
    "require('http').get('http://127.0.0.1:9')",
    "require('https').request('https://127.0.0.1:9')",
    "require('dns').lookup('localhost', () => {})",
    "require('dns').promises.resolve4('example.com')",
    "require('dgram').createSocket('udp4')",
    "fetch('http://127.0.0.1:9')",
  ];
  for (const code of attempts) {
    const r = run(["-e", code]);
    assert.match(r.stderr, new RegExp(FORBIDDEN), code);
    assert.notEqual(r.status, 0, code);
  }
  const outside = run(["-e", "require('fs').readFileSync('/etc/hostname')"], { PACKLINT_FS_ALLOW: JSON.stringify([ROOT]) });
  assert.match(outside.stderr, /PACKLINT-FORBIDDEN fs\.readFileSync\(\/etc\/hostname\)/);
});

test("the CLI never starts a process or touches the network: packs, several threads, every format, schema, rules, Skill commands", () => {
  const skill = join(ROOT, "examples", "skills", "refund-helper", "tests", "skill_cases.yaml");
  // Raw prose answers, which `skill format` and `skill report` format into files of their own.
  const prose = realpathSync(mkdtempSync(join(tmpdir(), "packlint-security-prose-")));
  for (const id of ["trigger_001", "trigger_002"]) writeFileSync(join(prose, `${id}.md`), "I would use the refund-helper skill.");
  // `skill run` is left out on purpose: starting the user's agent is its whole job (test/skill/run.test.ts).
  const commands = [
    ["--jobs", "2", "examples"],
    ["--format", "json", "examples/broken.pack.yaml"],
    ["--format", "sarif", "examples"],
    ["--format", "github", "examples/valid.pack.yaml"],
    ["schema"],
    ["rules"],
    ["report", "examples/valid.pack.yaml"],
    ["skill", "prompts", skill],
    ["skill", "report", skill],
    ["skill", "format", skill, "--raw", prose, "--out", join(prose, "formatted")],
    ["skill", "report", skill, "--responses", prose],
  ];
  for (const args of commands) {
    const r = run([CLI, ...args]);
    assert.doesNotMatch(r.stderr, new RegExp(FORBIDDEN), args.join(" "));
    assert.ok(r.status === 0 || r.status === 1, `${args.join(" ")}: exit ${r.status}\n${r.stderr}`);
    assert.ok(r.stdout.length > 0, args.join(" "));
  }
});

test("the language server never starts a process, touches the network or reads outside its workspace: every feature, links included", async (t) => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "packlint-security-")));
  const workspace = join(base, "workspace");
  const outside = join(base, "outside");
  mkdirSync(join(workspace, "packs", "assets"), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(workspace, "packs", "assets", "policy.pdf"), "%PDF");
  writeFileSync(join(outside, "secret.txt"), "secret");
  symlinkSync(join(outside, "secret.txt"), join(workspace, "packs", "assets", "escape.pdf"));
  symlinkSync(outside, join(workspace, "packs", "linked-dir"));
  const allowed = [ROOT, realpathSync(join(ROOT, "node_modules")), workspace];
  const guarded = RawServer.start({ nodeArgs: ["--require", PRELOAD], env: { PACKLINT_FS_ALLOW: JSON.stringify(allowed) } });
  t.after(() => guarded.kill());

  const uri = URI.file(join(workspace, "packs", "support.pack.yaml")).toString();
  const assets = [
    "assets/policy.pdf",
    "../../outside/secret.txt",
    join(outside, "secret.txt"),
    "assets/escape.pdf",
    "linked-dir/secret.txt",
    "../packs/assets/policy.pdf",
  ];
  const text = pack({
    version: "version:\n  number: 1\n  assets:\n" + assets.map((p, i) => `    - key: a${i}\n      path: ${JSON.stringify(p)}\n`).join(""),
  });
  let id = 0;
  const ask = async (method: string, params: unknown) => {
    const n = ++id;
    guarded.send({ jsonrpc: "2.0", id: n, method, params });
    await guarded.waitFor(method, 30_000, () => guarded.responseTo(n) !== undefined || !guarded.alive);
    assert.ok(guarded.alive, guarded.stderr);
    return guarded.responseTo(n)!;
  };
  await ask("initialize", {
    processId: null,
    rootUri: URI.file(workspace).toString(),
    workspaceFolders: [{ uri: URI.file(workspace).toString(), name: "ws" }],
    capabilities: {},
    initializationOptions: { diagnosticsDebounceMs: 0 },
  });
  guarded.send({ jsonrpc: "2.0", method: "initialized", params: {} });
  guarded.send({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { uri, languageId: "yaml", version: 1, text } } });
  const links = (await ask("textDocument/documentLink", { textDocument: { uri } })).result as { target: string }[];
  assert.deepEqual(
    links.map((l) => l.target),
    [URI.file(join(workspace, "packs", "assets", "policy.pdf")).toString(), URI.file(join(workspace, "packs", "assets", "policy.pdf")).toString()],
  );
  await guarded.waitFor("diagnostics", 30_000, () => guarded.received.some((m) => m.method === "textDocument/publishDiagnostics"));
  const published = guarded.received.find((m) => m.method === "textDocument/publishDiagnostics")!.params as {
    diagnostics: { code: string; message: string }[];
  };
  // Each path leading out is reported; the one that climbs out of the pack's folder but stays inside the workspace is not.
  assert.deepEqual(
    published.diagnostics.filter((d) => d.code === "asset-path-outside-workspace").map((d) => d.message.replace(/ \(.*\)/, "")),
    [
      "version.assets[1].path leads outside the workspace; it is not checked",
      "version.assets[2].path is an absolute path; write it relative to the pack's folder",
      "version.assets[3].path leads outside the workspace through a symbolic link; it is not followed",
      "version.assets[4].path leads outside the workspace through a symbolic link; it is not followed",
    ],
  );
  const lines = text.split("\n").length;
  for (const method of [
    "textDocument/completion",
    "textDocument/hover",
    "textDocument/definition",
    "textDocument/documentHighlight",
    "textDocument/prepareRename",
  ]) {
    for (let line = 0; line < lines; line += 3) await ask(method, { textDocument: { uri }, position: { line, character: 8 } });
  }
  for (const method of ["textDocument/documentSymbol", "textDocument/foldingRange", "textDocument/codeLens"]) await ask(method, { textDocument: { uri } });
  await ask("textDocument/codeAction", {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end: { line: lines, character: 0 } },
    context: { diagnostics: [] },
  });
  await ask("shutdown", undefined);
  guarded.send({ jsonrpc: "2.0", method: "exit" });
  await guarded.waitFor("exit", 30_000, () => !guarded.alive);
  assert.equal(guarded.stderr, "", "nothing forbidden was attempted");
  assert.equal(guarded.exit?.code, 0);
});

test("the language server under the preload survives fuzzed sessions without any forbidden use", { timeout: 300_000 }, async () => {
  const problems: string[] = [];
  const report = await fuzzProtocol({
    seed: 4242,
    sessions: 3,
    steps: 150,
    boundMs: 60_000,
    hugeBytes: 1_000_000,
    nodeArgs: ["--require", PRELOAD],
    onFailure: (f) => {
      problems.push(...f.problems);
      return false;
    },
  });
  assert.deepEqual(problems, []);
  assert.ok(report.requests > 0);
});
