import { test } from "node:test";
import assert from "node:assert/strict";
import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { URI } from "vscode-uri";
import { WorkspaceScopes } from "../../server/src/lsp/workspace-scopes";
import { buildSkillModel, documentDiagnostics } from "../../server/src/service/skill-cases";
import { resolveSettings } from "../../shared/src";
import { tempTree } from "../helpers/cli";
import { negative, positive, skillFile } from "../helpers/skill";

const top = tempTree({
  "a/.packlintrc.json": JSON.stringify({ rules: { "unknown-key": "error" }, packs: ["custom/*.yml"], ignore: ["fixtures/**"] }),
  "a/custom/odd.yml": "not sniffed\n",
  "a/notes.yaml": "title: notes\n",
  "a/fixtures/f.pack.yaml": "pack: {}\n",
  "b/x.pack.yaml": "",
  "a/skill/SKILL.md": "---\nname: refund-helper\n---\n",
  "a/skill/references/policy.md": "policy",
  "secret.md": "secret",
  "a/small-dump.yaml": "pack:\n  slug: s\nchallenges: []\n",
  "a/large-dump.yaml": "pack:\n  slug: s\nchallenges: []\n" + ("# " + "x".repeat(98) + "\n").repeat(81_000),
  "a/large.pack.yaml": "pack:\n  slug: s\n" + ("# " + "x".repeat(98) + "\n").repeat(81_000),
});
const [A, B] = [join(top, "a"), join(top, "b")];
symlinkSync(join(top, "secret.md"), join(A, "skill/references/linked.md"));
const uri = (p: string) => URI.file(p).toString();

function scopes(): WorkspaceScopes {
  const s = new WorkspaceScopes();
  s.setFolders([
    { uri: uri(A), name: "a" },
    { uri: uri(B), name: "b" },
  ]);
  s.setSettings(
    resolveSettings({ rules: { "unknown-key": "hint", "legacy-items": "off" } }),
    new Map([[uri(B), resolveSettings({ sniffContent: false, rules: { "legacy-items": "warning" } })]]),
  );
  return s;
}

test("scopes: each folder its own settings; the project config's rule levels win over them; files outside the folders get neither", () => {
  const s = scopes();
  assert.equal(s.folderOf(uri(join(A, "p.pack.yaml")))?.name, "a");
  assert.deepEqual(s.rulesFor(uri(join(A, "p.pack.yaml"))), { "unknown-key": "error", "legacy-items": "off" });
  assert.deepEqual(s.rulesFor(uri(join(B, "p.pack.yaml"))), { "legacy-items": "warning" });
  assert.equal(s.settingsFor(uri(join(B, "x.pack.yaml"))).sniffContent, false);
  assert.deepEqual(
    s.rulesFor(uri(join(top, "loose.pack.yaml"))),
    { "unknown-key": "hint", "legacy-items": "off" },
    "no folder: the global settings, no config",
  );
  assert.equal(s.assetFiles(uri(join(top, "loose.pack.yaml"))), undefined, "no folder: no asset check");
});

test("scopes: the config's packs globs make a file a pack; its ignore globs keep files out of the index", () => {
  const s = scopes();
  assert.equal(s.kindsFor(uri(join(A, "custom/odd.yml"))).kindOf(uri(join(A, "custom/odd.yml")), "yaml", "not sniffed\n"), "challenge-pack");
  assert.equal(s.classifyFile(join(A, "custom/odd.yml"))?.kind, "challenge-pack");
  assert.equal(s.classifyFile(join(A, "notes.yaml")), undefined);
  assert.equal(s.classifyFile(join(A, "fixtures/f.pack.yaml")), undefined, "ignored");
  assert.equal(s.classifyFile(join(top, "secret.md")), undefined, "outside the folders");
  assert.equal(s.classifyFile(join(A, "small-dump.yaml"))?.kind, "challenge-pack", "a pack by its content");
  assert.equal(s.classifyFile(join(A, "large-dump.yaml")), undefined, "over the full-check limit: not read to sniff it");
  assert.equal(s.classifyFile(join(A, "large.pack.yaml"))?.kind, "challenge-pack", "a pack by its name is read whatever its size (up to the read limit)");
  writeFileSync(join(A, "utf16.pack.yaml"), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("pack:\n  name: 狐\n", "utf16le")]));
  assert.deepEqual(
    s.classifyFile(join(A, "utf16.pack.yaml")),
    { kind: "challenge-pack", decoded: { text: "pack:\n  name: 狐\n" } },
    "UTF-16 by its byte order mark, as the CLI reads it",
  );
  s.configChanged();
  assert.equal(s.ignored(join(A, "fixtures/f.pack.yaml")), true);
  assert.equal(s.outsideIndex(join(A, "node_modules/dep/package.json")), true, "file watching ignores dependencies");
  assert.equal(s.outsideIndex(join(A, ".git/config")), true);
  assert.equal(s.outsideIndex(join(top, "elsewhere.pack.yaml")), true);
  assert.equal(s.outsideIndex(join(A, "packs/.hidden.pack.yaml")), false, "only folders are skipped");
  assert.equal(s.outsideIndex(join(A, "package.json")), false);
});

test("scopes: a case file reads its Skill folder only inside the workspace; inputs leading out are reported as such, never read", () => {
  const s = scopes();
  const caseUri = uri(join(A, "skill/tests/skill_cases.yaml"));
  const files = "files: [references/policy.md, ../../secret.md, references/linked.md, /etc/passwd]";
  const text = skillFile({ cases: [positive.replace("files: []", files), negative] });
  const model = buildSkillModel(text, caseUri, s.skillHost(caseUri));
  assert.equal(model.location.skillMdName, "refund-helper", "SKILL.md inside the workspace is read");
  assert.deepEqual(
    documentDiagnostics(model)
      .filter((d) => d.code === "skill-input-file-missing")
      .map((d) => d.message),
    [
      '"../../secret.md" is outside the workspace; it is not checked',
      '"references/linked.md" is outside the workspace; it is not checked',
      '"/etc/passwd" is outside the workspace; it is not checked',
    ],
  );
  assert.equal(s.skillHost(caseUri).readFile(join(top, "secret.md")), undefined);
});

test("scopes: a nested config keeps the folder config's levels (cascade), never reads above the folder; an extends target's change is a config change", () => {
  const ws = tempTree({
    ".packlintrc.json": JSON.stringify({ rules: { "unknown-key": "off" } }),
    "folder/.packlintrc.json": JSON.stringify({ rules: { "legacy-items": "warning" }, ignore: ["fixtures/**"] }),
    "folder/team/.packlintrc.json": JSON.stringify({ extends: "../shared/base.json", rules: { "unknown-key": "error" } }),
    "folder/shared/base.json": JSON.stringify({ rules: { "version-number-positive": "hint" } }),
    "folder/alone/.packlintrc.json": JSON.stringify({ root: true }),
    "folder/out/.packlintrc.json": JSON.stringify({ extends: "../../.packlintrc.json" }),
  });
  const folder = join(ws, "folder");
  const problems: string[] = [];
  const s = new WorkspaceScopes((c) => problems.push(c.path));
  s.setFolders([{ uri: uri(folder), name: "folder" }]);
  assert.deepEqual(s.rulesFor(uri(join(folder, "team/p.pack.yaml"))), {
    "legacy-items": "warning",
    "version-number-positive": "hint",
    "unknown-key": "error",
  });
  assert.equal(s.ignored(join(folder, "fixtures/p.pack.yaml")), true);
  assert.deepEqual(s.rulesFor(uri(join(folder, "alone/p.pack.yaml"))), {}, "root: nothing of the folder's config");
  assert.deepEqual(s.rulesFor(uri(join(folder, "p.pack.yaml"))), { "legacy-items": "warning" }, "the config above the workspace folder is never read");
  assert.equal(s.isConfigFile(join(folder, "shared/base.json")), true);
  assert.equal(s.isConfigFile(join(folder, "shared/other.json")), false);
  assert.equal(s.isConfigFile(join(folder, "x/package.json")), true);
  assert.deepEqual(problems, []);
  assert.deepEqual(s.rulesFor(uri(join(folder, "out/p.pack.yaml"))), { "legacy-items": "warning" }, "an extends leading out of the folder is not read");
  assert.deepEqual(problems, [join(ws, ".packlintrc.json")], "and is reported");
});
