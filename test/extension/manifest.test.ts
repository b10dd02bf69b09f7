import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Commands, ServerCommands, DEFAULT_SETTINGS, LanguageIds, RULE_LEVELS } from "../../shared/src";
import { enumValues } from "../../server/src/service/catalog";
import { ruleInfo } from "../../server/src/service/rule-registry";
import { SEMANTIC_TOKENS_LEGEND } from "../../server/src/service/pack";

/**
 * The VS Code extension's manifest (client/package.json) against the code it describes: settings and their
 * defaults, command ids, language ids, grammars. Plain JSON checks; the extension itself is tested in real editors.
 */

const ROOT = join(__dirname, "..", "..", "..");
const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), "utf8"));
const manifest = read("client/package.json");
const contributes = manifest.contributes;
const properties: Record<string, { default: unknown; enum?: string[]; additionalProperties?: { enum: string[] } }> = contributes.configuration.properties;

test("manifest: one version with the npm package, and the entry points the build writes", () => {
  assert.equal(manifest.version, read("package.json").version);
  assert.equal(manifest.main, "./dist/extension.js");
  assert.equal(manifest.browser, "./dist/extension-web.js", "the web build (vscode.dev, github.dev)");
  assert.deepEqual(manifest.capabilities, { untrustedWorkspaces: { supported: true }, virtualWorkspaces: true });
  assert.equal(manifest.engines.vscode, "^1.91.0", "vscode-languageclient 11 needs 1.91");
  assert.equal(read("package.json").devDependencies["@types/vscode"], "1.91.0", "the API types match the oldest VS Code the manifest accepts");
});

test("manifest: each setting's default is the server's default", () => {
  const settings = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k.replace(/^packlint\./, ""), v.default]));
  assert.deepEqual(settings, {
    packGlobs: DEFAULT_SETTINGS.packGlobs,
    sniffContent: DEFAULT_SETTINGS.sniffContent,
    skillCaseGlobs: DEFAULT_SETTINGS.skillCaseGlobs,
    unknownKeySeverity: ruleInfo("unknown-key")?.severity,
    diagnosticsDebounceMs: DEFAULT_SETTINGS.diagnosticsDebounceMs,
    rules: DEFAULT_SETTINGS.rules,
    "skill.agentCommand": "",
    "skill.judgeCommand": "",
    "skill.repeat": 1,
    docsBaseUrl: DEFAULT_SETTINGS.docsBaseUrl,
    "inlayHints.enabled": DEFAULT_SETTINGS.inlayHints,
    "trace.server": "off",
  });
  assert.deepEqual(properties["packlint.unknownKeySeverity"].enum?.slice().sort(), [...RULE_LEVELS].sort());
  assert.deepEqual(properties["packlint.rules"].additionalProperties?.enum.slice().sort(), [...RULE_LEVELS].sort());
});

test("manifest: the contributed commands are the client's commands, each with a title", () => {
  const contributed = (contributes.commands as { command: string; title: string }[]).map((c) => c.command).sort();
  const { offerInputSetRun, ...palette } = Commands;
  assert.ok(!contributed.includes(offerInputSetRun), "the input-set lens's command: registered by the client, not in the palette");
  assert.deepEqual(contributed, Object.values(palette).sort());
  // The language client registers the server's commands itself: one of ours with the same id would fail to register.
  for (const id of Object.values(ServerCommands)) assert.ok(!(Object.values(Commands) as string[]).includes(id) && !(contributed as string[]).includes(id), id);
  for (const c of contributes.commands) assert.ok(c.title && c.category, c.command);
  for (const m of contributes.menus.commandPalette) assert.ok(contributed.includes(m.command), m.command);
});

test("manifest: our language ids, each with a grammar; the schema is offered for the files the pack language claims", () => {
  const languages = (contributes.languages as { id: string; filenamePatterns: string[] }[]).map((l) => l.id).sort();
  assert.deepEqual(languages, Object.values(LanguageIds).sort());
  const grammars = contributes.grammars as { language?: string; scopeName: string; path: string; injectTo?: string[] }[];
  for (const id of languages)
    assert.ok(
      grammars.some((g) => g.language === id && g.scopeName === `source.yaml.${id}`),
      id,
    );
  for (const g of grammars) {
    // The package step copies syntaxes/ into the extension's dist/syntaxes/.
    assert.match(g.path, /^\.\/dist\/syntaxes\/[^/]+\.json$/);
    const grammar = read(g.path.replace("./dist/syntaxes/", "syntaxes/"));
    assert.equal(grammar.scopeName, g.scopeName, g.path);
  }
  const pack = contributes.languages.find((l: { id: string }) => l.id === LanguageIds.pack);
  assert.deepEqual(contributes.yamlValidation[0].fileMatch, pack.filenamePatterns);
  assert.equal(contributes.yamlValidation[0].url, "./dist/pack.schema.json");
});

test("grammar: the evidence references it colours are the catalog's", () => {
  const injection = read("syntaxes/pack-references.injection.tmLanguage.json");
  const alternatives = (pattern: string) => {
    const group = /\(\?<=[^)]*\)\(([^()]+)\)/.exec(pattern);
    assert.ok(group, pattern);
    return group[1].split("|").map((a) => a.replace(/\\\./g, "."));
  };
  assert.deepEqual(alternatives(injection.repository["evidence-exact"].match).sort(), enumValues("evidence_reference_exact").sort());
  assert.deepEqual(
    alternatives(injection.repository["evidence-dotted"].match).sort(),
    enumValues("evidence_reference_dotted_prefix")
      .map((p) => p.replace(/\.$/, ""))
      .sort(),
  );
  assert.equal(injection.injectionSelector, `L:source.yaml.${LanguageIds.pack} -comment`);
});

test("manifest and client: one product name where an author looks (commands, settings, status bar, output channel, diagnostics)", () => {
  assert.deepEqual([...new Set(contributes.commands.map((c: { category: string }) => c.category))], ["AgentClash"]);
  assert.equal(contributes.configuration.title, "AgentClash");
  // Setting ids stay under `packlint.` (users' settings keep working); the CLI is `packlint`.
  assert.ok(Object.keys(properties).every((k) => k.startsWith("packlint.")));
  assert.match(manifest.displayName, /^AgentClash\b/);
  const src = (f: string) => readFileSync(join(ROOT, "client/src", f), "utf8");
  assert.match(src("activate.ts"), /createOutputChannel\("AgentClash"/);
  assert.match(src("status-bar.ts"), /item\.name = "AgentClash: pack status"/);
  assert.match(src("language-client.ts"), /new LanguageClient\("packlint", "AgentClash"/);
  assert.match(src("browser-extension.ts"), /new LanguageClient\(\s*"packlint",\s*"AgentClash"/);
  assert.match(readFileSync(join(ROOT, "server/src/lsp/convert.ts"), "utf8"), /source: "agentclash"/);
  const readme = readFileSync(join(ROOT, "client/README.md"), "utf8");
  for (const c of contributes.commands as { title: string }[]) assert.ok(readme.includes(`| AgentClash: ${c.title} |`), `client/README.md lists ${c.title}`);
});

test("manifest: token types of our own are declared and scoped; word suggestions are off where the server completes", () => {
  const standard = new Set([
    "namespace",
    "class",
    "enum",
    "interface",
    "struct",
    "typeParameter",
    "type",
    "parameter",
    "variable",
    "property",
    "enumMember",
    "decorator",
    "event",
    "function",
    "method",
    "macro",
    "label",
    "comment",
    "string",
    "keyword",
    "number",
    "regexp",
    "operator",
  ]);
  const own = SEMANTIC_TOKENS_LEGEND.tokenTypes.filter((t) => !standard.has(t));
  assert.deepEqual(own, ["unknownKey"]);
  assert.deepEqual(
    (contributes.semanticTokenTypes as { id: string }[]).map((t) => t.id),
    own,
  );
  const scoped = Object.assign({}, ...(contributes.semanticTokenScopes as { scopes: Record<string, string[]> }[]).map((s) => s.scopes));
  for (const t of own) assert.match(scoped[t]?.[0] ?? "", /^invalid\./, `${t} takes the colour themes give to invalid text`);
  for (const id of Object.values(LanguageIds)) assert.equal(contributes.configurationDefaults[`[${id}]`]["editor.wordBasedSuggestions"], "off", id);
});
