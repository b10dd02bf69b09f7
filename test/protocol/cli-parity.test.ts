import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { URI } from "vscode-uri";
import type { Diagnostic } from "vscode-languageserver/node";
import { bounded, protocol as P, ServerProcess } from "../helpers/lsp-client";
import { pack, sections } from "../helpers/packs";
import { cli, PACK_ASSET, tempTree } from "../helpers/cli";
import { skillFile } from "../helpers/skill";
import { Requests, type WorkspaceValidation } from "../../shared/src";

/**
 * One file check for the CLI and the editor: `packlint --format json DIR` and the server's "validate workspace"
 * over the same workspace, every kind, encoding and naming case, must give every file the same diagnostics
 * (code, severity, message with its field, range) and agree on which files are packs and case files at all.
 */

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
const utf16be = (text: string) => Buffer.from(utf16le(text).swap16());
const withChallenge = (key: string) =>
  pack({ challenges: sections.challenges.replace("refund-question", key), inputSets: sections.inputSets.replace("refund-question", key) });
/** A pack of the legacy layout, below challenge-packs/ (like AgentClash's examples): no `pack:`, `version` given twice. */
const LEGACY_LAYOUT = "version: challenge_pack/v0\nname: smoke\n\nversion:\n  inputs: []\n\ntasks:\n  - id: t\n    prompt: hi\n";
const SKILL_MD = "---\nname: refund-helper\ndescription: Drafts refund decisions.\n---\n# Refund helper\n";

const files: Record<string, string | Buffer> = {
  ".packlintrc.json": JSON.stringify({ rules: { "unknown-key": "error" }, packs: ["custom/*.yml"], ignore: ["ignored/**"] }),
  "packs/good.pack.yaml": withChallenge("good-question"),
  [`packs/${PACK_ASSET}`]: "%PDF",
  "packs/missing-asset.pack.yml": withChallenge("missing-question").replace(`path: ${PACK_ASSET}`, "path: assets/gone.pdf"),
  "packs/unknown-key.pack.yaml": withChallenge("unknown-question").replace(/^pack:\n/m, "pack:\n  colour: blue\n"),
  // A nested config: it extends the root config (cascade) and a shared file (extends).
  "nested/.packlintrc.json": JSON.stringify({ extends: "../shared/levels.json", rules: { "asset-file-missing": "warning" } }),
  "shared/levels.json": JSON.stringify({ rules: { "unknown-key": "hint" } }),
  "nested/cascade.pack.yaml": withChallenge("nested-question")
    .replace(/^pack:\n/m, "pack:\n  colour: blue\n")
    .replace(`path: ${PACK_ASSET}`, "path: assets/gone.pdf"),
  "nested/root/.packlintrc.json": JSON.stringify({ root: true }),
  "nested/root/alone.pack.yaml": withChallenge("alone-question").replace(/^pack:\n/m, "pack:\n  colour: blue\n"),
  "challenge-packs/a.yaml": LEGACY_LAYOUT,
  "challenge-packs/plain.yml": "title: not a pack at all\n",
  "x/skill_cases.yaml": skillFile(),
  "refund-helper/SKILL.md": SKILL_MD,
  "refund-helper/tests/skill_cases.yml": skillFile().replace("should_use: refund-helper", "should_use: refund-helpr"),
  "by-content/cases.yaml": skillFile(),
  "by-content/sniffed.yaml": withChallenge("sniffed-question").replace(`path: ${PACK_ASSET}`, "path: ../packs/assets/policy.pdf"),
  "enc/utf16le.pack.yaml": utf16le(withChallenge("le-question")),
  "enc/utf16be.yaml": utf16be(withChallenge("be-question")),
  "enc/bom.pack.yaml": "\uFEFF" + withChallenge("bom-question"),
  "enc/stray-ff.pack.yaml": Buffer.concat([Buffer.from(withChallenge("ff-question").replace("Refund", "Re")), Buffer.from([0xff]), Buffer.from("\n")]),
  "enc/stray-ff-sniffed.yaml": Buffer.concat([Buffer.from("# caf"), Buffer.from([0xe9]), Buffer.from("\n" + withChallenge("latin1-question"))]),
  "enc/odd-utf16.pack.yaml": Buffer.concat([utf16le(withChallenge("odd-question")), Buffer.from([0x41])]),
  "custom/odd.yml": withChallenge("custom-question").replace(/^pack:/m, '"pack":'),
  "ignored/skipped.pack.yaml": withChallenge("ignored-question"),
  "node_modules/dep.pack.yaml": withChallenge("dependency-question"),
  "notes.yaml": "title: notes\nitems: [1, 2]\n",
  // An error its folder's config turns off: silenced, so not valid, for both.
  "silenced/.packlintrc.json": JSON.stringify({ rules: { "version-number-positive": "off" } }),
  "silenced/zero.pack.yaml": withChallenge("zero-question").replace("number: 1", "number: 0"),
  // Suppression comments: one silences an error, one names a code nothing reports, one an unknown code.
  "packs/suppressed.pack.yaml": withChallenge("suppressed-question")
    .replace("  number: 1", "  # packlint-disable-next-line version-number-positive -- next release\n  number: 0")
    .replace(/^pack:\n/m, "pack:\n  # packlint-disable-next-line legacy-items, unknwn-key\n  colour: blue\n"),
};
// Asset files next to the packs that name `assets/policy.pdf`.
for (const dir of ["enc", "custom", "challenge-packs", "x", "by-content", "silenced"]) files[`${dir}/${PACK_ASSET}`] = "%PDF";

const root = tempTree({});
for (const [path, content] of Object.entries(files)) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}
const rel = (path: string) => relative(root, path).split(sep).join("/");

type Seen = [code: string, severity: string, message: string, range: string][];
const SEVERITY = ["", "error", "warning", "information", "hint"];
const at = (r: { start: { line: number; character: number }; end: { line: number; character: number } }) =>
  `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;

let server: ServerProcess;
let cliFiles: Map<string, Seen>;
let cliKinds: Map<string, string>;
/** Per file, how many errors its rule levels silenced (the CLI's JSON `silenced`). */
let cliSilenced: Map<string, number>;

before(async () => {
  const run = await cli(["--format", "json", root], { cwd: root });
  assert.ok(run.code === 1, `the CLI found errors (exit 1), got ${run.code}: ${run.err}`);
  const json = JSON.parse(run.out) as {
    files: {
      path: string;
      kind: string;
      diagnostics: { code: string; severity: string; field: string | null; message: string; range: never }[];
      silenced?: unknown[];
    }[];
  };
  cliFiles = new Map(
    json.files.map((f) => [rel(f.path), f.diagnostics.map((d) => [d.code, d.severity, d.field ? `${d.field} ${d.message}` : d.message, at(d.range)])]),
  );
  cliKinds = new Map(json.files.map((f) => [rel(f.path), f.kind]));
  cliSilenced = new Map(json.files.map((f) => [rel(f.path), f.silenced?.length ?? 0]));
  server = await ServerProcess.start({ diagnosticsDebounceMs: 0 }, {}, [URI.file(root).toString()]);
});

after(() => server?.kill());

const fromServer = (diagnostics: Diagnostic[]): Seen => diagnostics.map((d) => [String(d.code), SEVERITY[d.severity ?? 0], d.message, at(d.range)]);

test("parity: the CLI and the workspace index take the same files, of the same kinds", () => {
  assert.deepEqual([...cliKinds].sort(), [
    ["by-content/cases.yaml", "skill-cases"],
    ["by-content/sniffed.yaml", "challenge-pack"],
    ["challenge-packs/a.yaml", "challenge-pack"],
    ["challenge-packs/plain.yml", "challenge-pack"],
    ["custom/odd.yml", "challenge-pack"],
    ["enc/bom.pack.yaml", "challenge-pack"],
    ["enc/odd-utf16.pack.yaml", "challenge-pack"],
    ["enc/stray-ff-sniffed.yaml", "challenge-pack"],
    ["enc/stray-ff.pack.yaml", "challenge-pack"],
    ["enc/utf16be.yaml", "challenge-pack"],
    ["enc/utf16le.pack.yaml", "challenge-pack"],
    ["nested/cascade.pack.yaml", "challenge-pack"],
    ["nested/root/alone.pack.yaml", "challenge-pack"],
    ["packs/good.pack.yaml", "challenge-pack"],
    ["packs/missing-asset.pack.yml", "challenge-pack"],
    ["packs/suppressed.pack.yaml", "challenge-pack"],
    ["packs/unknown-key.pack.yaml", "challenge-pack"],
    ["refund-helper/tests/skill_cases.yml", "skill-cases"],
    ["silenced/zero.pack.yaml", "challenge-pack"],
    ["x/skill_cases.yaml", "skill-cases"],
  ]);
});

test("parity: `packlint --format json DIR` and packlint/validateWorkspace give every file the same diagnostics", async () => {
  const from = server.published.length;
  const total = await bounded(server.conn.sendRequest(Requests.validateWorkspace, {}) as Promise<WorkspaceValidation>, "validateWorkspace");
  // Every file's diagnostics were published before the answer.
  const served = new Map<string, Seen>();
  for (const p of server.published.slice(from)) served.set(rel(URI.parse(p.uri).fsPath), fromServer(p.diagnostics));
  assert.deepEqual([...served.keys()].sort(), [...cliFiles.keys()].sort(), "the same files");
  for (const [path, seen] of cliFiles) assert.deepEqual(served.get(path), seen, path);
  const all = [...cliFiles.values()].flat();
  assert.deepEqual(total, {
    files: cliFiles.size,
    filesWithErrors: [...cliFiles].filter(([path, d]) => d.some(([, s]) => s === "error") || cliSilenced.get(path)).length,
    errors: all.filter(([, s]) => s === "error").length,
    warnings: all.filter(([, s]) => s === "warning").length,
    silenced: [...cliSilenced.values()].reduce((a, b) => a + b, 0),
  });
  assert.equal(cliSilenced.get("silenced/zero.pack.yaml"), 1, "the error its config turned off");
  assert.equal(cliSilenced.get("packs/suppressed.pack.yaml"), 1, "the error a comment suppressed");
  assert.deepEqual(
    cliFiles.get("packs/suppressed.pack.yaml")!.map(([code, severity]) => `${code}:${severity}`),
    ["suppression-unused:warning", "suppression-invalid:warning", "unknown-key:error"],
    "the comments' own findings; the config makes unknown-key an error",
  );

  // The cases the fixture is for: each is seen, the same way, by both.
  const codes = (path: string) => cliFiles.get(path)!.map(([code, severity]) => `${code}:${severity}`);
  assert.deepEqual(codes("packs/good.pack.yaml"), []);
  assert.ok(codes("enc/stray-ff.pack.yaml").includes("yaml-syntax:error"), "a stray 0xFF byte");
  assert.ok(codes("enc/stray-ff-sniffed.yaml").includes("yaml-syntax:error"), "a Latin-1 byte");
  assert.ok(codes("enc/odd-utf16.pack.yaml").includes("yaml-syntax:error"), "an odd number of UTF-16 bytes");
  for (const clean of [
    "enc/utf16le.pack.yaml",
    "enc/utf16be.yaml",
    "custom/odd.yml",
    "by-content/sniffed.yaml",
    "x/skill_cases.yaml",
    "by-content/cases.yaml",
  ]) {
    assert.deepEqual(
      codes(clean).filter((c) => c.endsWith(":error")),
      [],
      clean,
    );
  }
  assert.ok(codes("challenge-packs/a.yaml").length > 0, "a pack by its folder is checked, not skipped");
  assert.ok(codes("packs/unknown-key.pack.yaml").includes("unknown-key:error"), "the project config's rule level");
  assert.deepEqual(
    codes("nested/cascade.pack.yaml").filter((c) => /^(unknown-key|asset-file-missing):/.test(c)),
    ["unknown-key:hint", "asset-file-missing:warning"],
    "a nested config over the file it extends, over the root config",
  );
  assert.deepEqual(
    codes("nested/root/alone.pack.yaml").filter((c) => c.startsWith("unknown-key:")),
    ["unknown-key:warning"],
    '"root": true: the root config\'s level does not reach it',
  );
  assert.deepEqual(
    cliFiles
      .get("packs/missing-asset.pack.yml")!
      .filter(([code]) => code === "asset-file-missing")
      .map(([, , message]) => message),
    ["version.assets[0].path refers to a missing file: packs/assets/gone.pdf"],
  );
  assert.ok(codes("refund-helper/tests/skill_cases.yml").length > 0, "a case file's own findings");
});

test("parity: an open document gets what the CLI says of its file, a byte that is not UTF-8 included", async () => {
  for (const path of ["enc/stray-ff.pack.yaml", "x/skill_cases.yaml", "challenge-packs/a.yaml"]) {
    const uri = URI.file(join(root, path)).toString();
    // The editor hands over the text it decoded: the replacement character where the byte was.
    const text = new TextDecoder().decode(readFileSync(join(root, path)));
    const from = server.published.length;
    await server.conn.sendNotification(P.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "yaml", version: 1, text } });
    const published = await server.diagnosticsFor(uri, 1, from);
    assert.deepEqual(fromServer(published.diagnostics), cliFiles.get(path), path);
  }
});
