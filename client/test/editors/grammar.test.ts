import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../scripts/paths";
import { vscodeDir } from "./tools";

/**
 * The injection grammar on top of VS Code's own YAML grammar, tokenized by VS Code's own TextMate engine
 * (vscode-textmate and vscode-oniguruma as code-server 4.100.3 ships them), the way the editor colours a pack.
 */

interface Token {
  text: string;
  scopes: string[];
}

async function tokenize(text: string): Promise<Token[][]> {
  const vscode = vscodeDir();
  // code-server's copies, loaded at run time: they are not this project's dependencies.
  const tm = require(join(vscode, "node_modules", "vscode-textmate"));
  const onig = require(join(vscode, "node_modules", "vscode-oniguruma"));
  await onig.loadWASM(readFileSync(join(vscode, "node_modules", "vscode-oniguruma", "release", "onig.wasm")).buffer);
  const yamlGrammars = join(vscode, "extensions", "yaml", "syntaxes");
  const files: Record<string, string> = {
    "source.yaml": join(yamlGrammars, "yaml.tmLanguage.json"),
    "source.yaml.1.0": join(yamlGrammars, "yaml-1.0.tmLanguage.json"),
    "source.yaml.1.1": join(yamlGrammars, "yaml-1.1.tmLanguage.json"),
    "source.yaml.1.2": join(yamlGrammars, "yaml-1.2.tmLanguage.json"),
    "source.yaml.1.3": join(yamlGrammars, "yaml-1.3.tmLanguage.json"),
    "source.yaml.embedded": join(yamlGrammars, "yaml-embedded.tmLanguage.json"),
  };
  // Ours, exactly as the extension's manifest contributes them.
  const manifest = JSON.parse(readFileSync(join(ROOT, "client", "package.json"), "utf8"));
  const injections: Record<string, string[]> = {};
  for (const g of manifest.contributes.grammars as { scopeName: string; path: string; injectTo?: string[] }[]) {
    files[g.scopeName] = join(ROOT, "client", g.path);
    for (const target of g.injectTo ?? []) (injections[target] ??= []).push(g.scopeName);
  }
  const registry = new tm.Registry({
    onigLib: Promise.resolve({ createOnigScanner: (s: string[]) => new onig.OnigScanner(s), createOnigString: (s: string) => new onig.OnigString(s) }),
    loadGrammar: async (scope: string) => (files[scope] ? tm.parseRawGrammar(readFileSync(files[scope], "utf8"), files[scope]) : null),
    getInjections: (scope: string) => injections[scope] ?? [],
  });
  const grammar = await registry.loadGrammar("source.yaml.agentclash-pack");
  let state = tm.INITIAL;
  return text.split("\n").map((line) => {
    const r = grammar.tokenizeLine(line, state);
    state = r.ruleStack;
    return r.tokens.map((t: { startIndex: number; endIndex: number; scopes: string[] }) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes }));
  });
}

/** The tokens of a line that our injection scoped, as `text=scope` (the most specific of ours). */
function ours(line: Token[]): string[] {
  return line.flatMap((t) => {
    const scope = t.scopes.filter((s) => s.endsWith(".agentclash-pack") && s !== "source.yaml.agentclash-pack").at(-1);
    return scope ? [`${t.text}=${scope}`] : [];
  });
}

test("grammar: pack references get their own scopes on top of VS Code's YAML grammar", async () => {
  const src = [
    "version:", //                                                                       0
    "  evaluation_spec:",
    "    validators:",
    "      - target: final_output",
    "        expected_from: case.expectations.policy_reference # where the answer is",
    "    llm_judges:", //                                                                 5
    "      - reference_from: literal:the refund window is 14 days",
    "        context_from: [case.inputs.prompt, transcript.last_n:3, file:out_json]",
    "input_sets:",
    "  - cases:",
    "      - expectations:", //                                                           10
    "          - source: input:prompt",
    "          - source: 'artifact:policy_pdf'",
    "          - title: final_output is a word here # input:not-this",
    "          - key: input",
  ].join("\n");
  const lines = await tokenize(src);
  assert.deepEqual(ours(lines[3]), ["final_output=support.variable.evidence.agentclash-pack"]);
  assert.deepEqual(ours(lines[4]), [
    "case.expectations=support.variable.evidence.agentclash-pack",
    ".=punctuation.accessor.agentclash-pack",
    "policy_reference=variable.other.reference.agentclash-pack",
  ]);
  assert.deepEqual(ours(lines[6]), [
    "literal=keyword.other.reference.agentclash-pack",
    ":=punctuation.separator.reference.agentclash-pack",
    "the refund window is 14 days=string.unquoted.literal.agentclash-pack",
  ]);
  assert.deepEqual(ours(lines[7]), [
    "case.inputs=support.variable.evidence.agentclash-pack",
    ".=punctuation.accessor.agentclash-pack",
    "prompt=variable.other.reference.agentclash-pack",
    "transcript.last_n=support.variable.evidence.agentclash-pack",
    ":=punctuation.separator.reference.agentclash-pack",
    "3=constant.numeric.integer.agentclash-pack",
    "file=keyword.other.reference.agentclash-pack",
    ":=punctuation.separator.reference.agentclash-pack",
    "out_json=variable.other.reference.agentclash-pack",
  ]);
  for (const [i, kind, key] of [
    [11, "input", "prompt"],
    [12, "artifact", "policy_pdf"],
  ] as const) {
    assert.deepEqual(ours(lines[i]), [
      `${kind}=keyword.other.reference.agentclash-pack`,
      ":=punctuation.separator.reference.agentclash-pack",
      `${key}=variable.other.reference.agentclash-pack`,
    ]);
  }
  assert.deepEqual(ours(lines[13]), [], "a word inside prose, and anything in a comment, stays YAML");
  assert.deepEqual(ours(lines[14]), []);
  // Underneath, it is still VS Code's YAML: keys are keys.
  assert.ok(lines[11].some((t) => t.text === "source" && t.scopes.some((s) => s.startsWith("entity.name.tag.yaml"))));
});
