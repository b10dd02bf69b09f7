import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { URI } from "vscode-uri";
import { ROOT } from "../../scripts/bundle";
import { cli } from "../helpers/cli";
import { installGlobally, installInProject, npm, PACKAGE_NAME, packTarball, runCommand, userEnv } from "../helpers/installed-package";
import { protocol, ServerProcess } from "../helpers/lsp-client";
import { pack } from "../helpers/packs";
import { Requests } from "../../shared/src";

/**
 * The npm package as someone outside this repository gets it: `npm pack`, then installed with no registry into an
 * empty project (a devDependency, as the README's CI recipe does) and into a global prefix (as the Neovim and Helix
 * recipes run it). The installed commands must do what this checkout's do, from the bundles alone.
 */

let scratch: string;
let tarball: string;
let packedFiles: string[];
/** The packs repository: the examples, a pack that fails, and enough packs for a run in worker threads. */
let project: string;
let globalBin: string;

const VERSION = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;

before(async () => {
  scratch = mkdtempSync(join(tmpdir(), "packlint-packaging-"));
  ({ tarball, files: packedFiles } = await packTarball(join(scratch, "tarballs")));
  project = installInProject(tarball, join(scratch, "packs-repo"));
  cpSync(join(ROOT, "examples"), join(project, "examples"), { recursive: true });
  mkdirSync(join(project, "many", "assets"), { recursive: true });
  cpSync(join(ROOT, "examples", "assets"), join(project, "many", "assets"), { recursive: true });
  for (let i = 0; i < 16; i++) cpSync(join(ROOT, "examples", "valid.pack.yaml"), join(project, "many", `pack-${String(i).padStart(2, "0")}.pack.yaml`));
  globalBin = installGlobally(tarball, join(scratch, "global"));
});

after(() => rmSync(scratch, { recursive: true, force: true }));

test("the tarball holds the bundles, their notices, the rule pages, README, LICENSE, CHANGELOG, package.json and the config's schema, with no dependencies", () => {
  const pages = readdirSync(join(ROOT, "docs", "rules"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/rules/${f}`);
  assert.ok(pages.length > 100, `${pages.length} rule pages`);
  assert.deepEqual(
    packedFiles.filter((f) => f.startsWith("docs/")),
    ["docs/keys.md", ...pages].sort(),
  );
  assert.deepEqual(
    packedFiles.filter((f) => !f.startsWith("docs/")),
    [
      "CHANGELOG.md",
      "LICENSE",
      "README.md",
      "lib/THIRD-PARTY-NOTICES.md",
      "lib/index-worker.js",
      "lib/packlint-language-server.js",
      "lib/packlint.js",
      "lib/worker.js",
      "package.json",
      "packlintrc.schema.json",
    ],
  );
  const installed = JSON.parse(readFileSync(join(project, "node_modules", PACKAGE_NAME, "package.json"), "utf8")) as Record<string, unknown>;
  assert.equal(installed.name, PACKAGE_NAME);
  assert.equal(installed.dependencies, undefined);
  const schema = JSON.parse(readFileSync(join(project, "node_modules", PACKAGE_NAME, "packlintrc.schema.json"), "utf8")) as { properties: object };
  assert.ok("extends" in schema.properties, "the config's JSON Schema, where a $schema key can name it");
  assert.deepEqual(installed.bin, { packlint: "lib/packlint.js", "packlint-language-server": "lib/packlint-language-server.js" });
  assert.match(readFileSync(join(project, "node_modules", PACKAGE_NAME, "LICENSE"), "utf8"), /^MIT License/);
  // Nothing but our package was installed: the bundles need nothing else.
  const lock = JSON.parse(readFileSync(join(project, "package-lock.json"), "utf8")) as { packages: Record<string, unknown> };
  assert.deepEqual(Object.keys(lock.packages).sort(), ["", `node_modules/${PACKAGE_NAME}`]);
});

/** The two installs' `packlint`: the project's node_modules/.bin and the global prefix's bin. */
const installs = () => [
  { where: "project", bin: join(project, "node_modules", ".bin") },
  { where: "global prefix", bin: globalBin },
];

test("the installed CLI: --version, a broken pack (exit 1, the checkout's diagnostics), report, skill prompts", async () => {
  for (const { where, bin } of installs()) {
    const packlint = (...args: string[]) => runCommand(join(bin, "packlint"), args, project);
    const version = packlint("--version");
    assert.equal(version.status, 0, `${where}: ${version.stderr}`);
    assert.equal(version.stdout, `${VERSION}\n`);
    const serverVersion = runCommand(join(bin, "packlint-language-server"), ["--version"], project);
    assert.equal(serverVersion.status, 0, `${where}: ${serverVersion.stderr}`);
    assert.equal(serverVersion.stdout, `${VERSION}\n`);

    // Absolute paths: the in-process run reads files relative to this process's directory, not `cwd`.
    const brokenPack = join(project, "examples", "broken.pack.yaml");
    const broken = packlint("--format", "json", brokenPack);
    assert.equal(broken.status, 1, `${where}: ${broken.stderr}`);
    const expected = await cli(["--format", "json", brokenPack], { cwd: project });
    assert.equal(broken.stdout, expected.out, where);
    const codes = (JSON.parse(broken.stdout) as { files: { diagnostics: { code: string }[] }[] }).files[0].diagnostics.map((d) => d.code);
    assert.ok(codes.includes("version-number-positive"), `${where}: ${codes.join(", ")}`);

    const text = packlint("--no-color", "examples/broken.pack.yaml");
    assert.equal(text.status, 1);
    assert.match(text.stdout, /Challenge pack has errors/);

    const validPack = join(project, "examples", "valid.pack.yaml");
    const report = packlint("report", validPack);
    assert.equal(report.status, 0, `${where}: ${report.stderr}`);
    assert.equal(report.stdout, (await cli(["report", validPack], { cwd: project })).out);
    assert.match(report.stdout, /Ready for scoring: yes/);

    const skill = join(project, "examples", "skills", "refund-helper");
    const prompts = packlint("skill", "prompts", skill, "--format", "markdown");
    assert.equal(prompts.status, 0, `${where}: ${prompts.stderr}`);
    assert.equal(prompts.stdout, (await cli(["skill", "prompts", skill, "--format", "markdown"], { cwd: project })).out);
    assert.match(prompts.stdout, /which skill will you use to handle it\?/);
  }
});

test("the installed CLI loads what it loads on first use: JSON Schemas (ajv) and patterns (re2js) are checked", async () => {
  const text = pack({
    extra: [
      "tools:",
      "  custom:",
      "    - name: lookup",
      "      implementation: {primitive: http, args: {}}",
      "      parameters: {properties: {n: {type: 5}, m: {pattern: '(abc'}}}",
      "security:",
      "  forbidden_outputs:",
      "    - description: look-ahead is not RE2",
      '      pattern: "(?=secret)"',
      "",
    ].join("\n"),
  });
  const file = join(project, "schemas.pack.yaml");
  writeFileSync(file, text);
  const r = runCommand(join(globalBin, "packlint"), ["--format", "json", file], project);
  assert.equal(r.status, 1, r.stderr);
  assert.equal(r.stdout, (await cli(["--format", "json", file], { cwd: project })).out);
  const codes = (JSON.parse(r.stdout) as { files: { diagnostics: { code: string }[] }[] }).files[0].diagnostics.map((d) => d.code);
  assert.ok(codes.includes("tool-parameters-invalid-schema"), codes.join(", "));
  assert.ok(codes.includes("forbidden-output-pattern-invalid-regexp"), codes.join(", "));
});

test("the installed CLI validates a folder in worker threads (the worker's own bundle)", () => {
  const r = runCommand(join(globalBin, "packlint"), ["--format", "json", "--jobs", "2", "many"], project);
  assert.equal(r.status, 0, r.stderr);
  const files = (JSON.parse(r.stdout) as { files: { valid: boolean }[] }).files;
  assert.equal(files.length, 16);
  assert.ok(files.every((f) => f.valid));
});

test("the README's CI commands run our installed package, not the registry's `packlint`", () => {
  // npx with the package named: the project's install answers, with the registry switched off.
  const github = runCommand("npx", ["--package", PACKAGE_NAME, "packlint", "--format", "github", "--max-warnings", "0", "."], project);
  assert.equal(github.status, 1, github.stderr);
  assert.match(github.stdout, /^::error file=examples\/broken\.pack\.yaml,line=\d+/m);
  const sarif = runCommand("npx", ["--package", PACKAGE_NAME, "packlint", "--format", "sarif", "many"], project);
  assert.equal(sarif.status, 0, sarif.stderr);
  const log = JSON.parse(sarif.stdout) as { runs: { tool: { driver: { name: string; version: string } } }[] };
  assert.equal(log.runs[0].tool.driver.version, VERSION);
  // No helpUri to a file of this machine; with --docs-base-url, one to the team's copy.
  type Rules = { runs: { tool: { driver: { rules: { id: string; helpUri?: string }[] } } }[] };
  assert.ok((JSON.parse(sarif.stdout) as Rules).runs[0].tool.driver.rules.every((r) => r.helpUri === undefined));
  const hosted = runCommand(
    "npx",
    ["--package", PACKAGE_NAME, "packlint", "--format", "sarif", "--docs-base-url", "https://git.example.org/rules/", "many"],
    project,
  );
  const rules = (JSON.parse(hosted.stdout) as Rules).runs[0].tool.driver.rules;
  assert.equal(rules.find((r) => r.id === "unknown-key")?.helpUri, "https://git.example.org/rules/unknown-key.md");
  // npm's own view of the project: our package, from the tarball.
  assert.match(npm(["ls", "--depth", "0"], project), new RegExp(`${PACKAGE_NAME}@${VERSION.replace(/\./g, "\\.")}`));
});

test("the installed language server over stdio: initialize, open the broken example, its diagnostics arrive", async () => {
  const uri = URI.file(join(project, "examples", "broken.pack.yaml")).toString();
  const text = readFileSync(join(project, "examples", "broken.pack.yaml"), "utf8");
  const expected = JSON.parse((await cli(["--format", "json", join(project, "examples", "broken.pack.yaml")], { cwd: project })).out) as {
    files: { diagnostics: { code: string; message: string; range: unknown }[] }[];
  };
  const servers = [
    // As the Neovim and Helix recipes start it: the command on PATH, from the global prefix.
    { argv: ["packlint-language-server"], env: userEnv([globalBin]) },
    { argv: [process.execPath, join(project, "node_modules", ".bin", "packlint-language-server")], env: userEnv() },
  ];
  for (const { argv, env } of servers) {
    const server = await ServerProcess.start({ diagnosticsDebounceMs: 0 }, {}, [URI.file(project).toString()], undefined, { argv, cwd: project, env });
    try {
      await server.conn.sendNotification(protocol.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "yaml", version: 1, text } });
      const published = await server.diagnosticsFor(uri, 1);
      assert.deepEqual(
        published.diagnostics.map((d) => [d.code, d.range]).filter(([code]) => code !== "asset-file-missing"),
        expected.files[0].diagnostics.map((d) => [d.code, d.range]).filter(([code]) => code !== "asset-file-missing"),
      );
      assert.ok(published.diagnostics.length >= 8, argv.join(" "));
      // Each code links to its page in the install the server runs from (lib/ → ../docs/rules), which is there.
      const installedDocs = join(
        argv[0] === "packlint-language-server" ? join(globalBin, "..", "lib", "node_modules") : join(project, "node_modules"),
        PACKAGE_NAME,
        "docs",
        "rules",
      );
      for (const d of published.diagnostics) {
        const page = fileURLToPath(d.codeDescription!.href);
        assert.equal(page, join(realpathSync(installedDocs), `${d.code}.md`), argv.join(" "));
        assert.ok(existsSync(page), page);
      }
      // The workspace index's files are analysed by the worker thread's own bundle (lib/index-worker.js).
      const from = server.published.length;
      const validation = (await server.conn.sendRequest(Requests.validateWorkspace, {})) as { files: number };
      assert.ok(validation.files >= 17, `the examples and the 16 packs of many/ indexed (${validation.files})`);
      const failed = server.published.slice(from).filter((p) => p.diagnostics.some((d) => d.code === "internal-error"));
      assert.deepEqual(
        failed.map((p) => p.uri),
        [],
        "no file failed in the worker thread",
      );
      assert.equal(await server.stop(), 0);
    } finally {
      server.kill();
    }
  }
});
