import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { URI } from "vscode-uri";
import { DocumentKinds } from "../../server/src/lsp/document-kinds";
import { FileKinds } from "../../server/src/workspace/file-kinds";
import { WorkspaceScopes } from "../../server/src/lsp/workspace-scopes";
import { resolveSettings } from "../../shared/src";

const PACK_TEXT = "pack:\n  slug: x\nchallenges: []\n";

test("document kinds: pack globs, content sniffing of other YAML, skill case files, and nothing else", () => {
  const kinds = new DocumentKinds(new FileKinds(resolveSettings({})));
  assert.equal(kinds.kindOf("file:///w/support.pack.yaml", "yaml", ""), "challenge-pack");
  assert.equal(kinds.kindOf("file:///w/challenge-packs/a/b.yml", "yaml", ""), "challenge-pack");
  assert.equal(kinds.kindOf("file:///w/packs/any.yaml", "yaml", PACK_TEXT), "challenge-pack");
  assert.equal(kinds.kindOf("file:///w/skill/tests/skill_cases.yaml", "yaml", PACK_TEXT), "skill-cases");
  assert.equal(kinds.kindOf("file:///w/x/skill_cases.yml", "yaml", ""), "skill-cases", "a case file by its name, in any folder");
  assert.equal(kinds.kindOf("file:///w/odd.pack.yml", "yaml", ""), "challenge-pack");
  assert.equal(kinds.kindOf("file:///w/cases.yaml", "yaml", "skill: s\ncases: []\n"), "skill-cases", "a case file by its content");
  assert.equal(kinds.kindOf("file:///w/.github/workflows/ci.yaml", "yaml", "on: push\njobs: {}\n"), undefined);
  assert.equal(kinds.kindOf("file:///w/notes.md", "markdown", PACK_TEXT), undefined);
  assert.equal(kinds.kindOf("untitled:Untitled-1", "yaml", PACK_TEXT), "challenge-pack");
});

test("document kinds: settings replace the globs and can turn sniffing off; ill-typed globs fall back to the defaults", () => {
  const kinds = new DocumentKinds(new FileKinds(resolveSettings({ packGlobs: ["**/*.agentpack"], sniffContent: false })));
  assert.equal(kinds.kindOf("file:///w/a.agentpack", "yaml", ""), "challenge-pack");
  assert.equal(kinds.kindOf("file:///w/a.pack.yaml", "yaml", PACK_TEXT), undefined);
  assert.equal(new DocumentKinds(new FileKinds(resolveSettings({ packGlobs: ["[", 3] }))).kindOf("file:///w/a.pack.yaml", "yaml", ""), "challenge-pack");
});

test("settings: known fields of the right type win, everything else falls back to the defaults", () => {
  const s = resolveSettings({
    diagnosticsDebounceMs: -5,
    rules: { "unknown-key": "off", x: "loud" },
    sniffContent: "yes",
    packGlobs: ["**/*.p.yaml"],
    largeFileChars: 1.5,
    maxOutlineItems: 300,
    docsBaseUrl: "https://docs.example.org/rules",
  });
  assert.deepEqual(s, {
    packGlobs: ["**/*.p.yaml"],
    sniffContent: true,
    skillCaseGlobs: ["**/skill_cases.y?(a)ml"],
    diagnosticsDebounceMs: 200,
    rules: { "unknown-key": "off" },
    largeFileChars: 2_000_000,
    maxOutlineItems: 300,
    docsBaseUrl: "https://docs.example.org/rules/",
    inlayHints: true,
  });
  assert.equal(resolveSettings({ docsBaseUrl: "docs/rules" }).docsBaseUrl, "", "not an absolute URL");
  assert.equal(resolveSettings({ inlayHints: { enabled: false } }).inlayHints, false, "packlint.inlayHints.enabled");
  assert.equal(resolveSettings({ inlayHints: { enabled: "no" } }).inlayHints, true, "a value that is not a boolean is ignored");
});

test("asset links resolve relative paths of existing files next to the pack, inside the workspace, nothing else", () => {
  const top = mkdtempSync(join(tmpdir(), "packlint-links-"));
  const dir = join(top, "ws");
  mkdirSync(join(dir, "assets"), { recursive: true });
  writeFileSync(join(dir, "assets", "policy.pdf"), "%PDF");
  writeFileSync(join(top, "outside.pdf"), "%PDF");
  const scopes = new WorkspaceScopes();
  scopes.setFolders([{ uri: URI.file(dir).toString(), name: "ws" }]);
  const resolve = scopes.linkResolver(URI.file(join(dir, "support.pack.yaml")).toString());
  assert.equal(resolve("assets/policy.pdf"), URI.file(join(dir, "assets", "policy.pdf")).toString());
  assert.equal(resolve("assets/missing.pdf"), undefined);
  assert.equal(resolve("assets"), undefined, "a directory is not a link target");
  assert.equal(resolve(join(dir, "assets", "policy.pdf")), undefined, "absolute paths are not followed");
  assert.equal(resolve("../outside.pdf"), undefined, "no links out of the workspace");
  assert.equal(scopes.linkResolver("untitled:Untitled-1")("assets/policy.pdf"), undefined);
});
