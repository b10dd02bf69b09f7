import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { walkFiles } from "../../server/src/workspace/discovery";
import { fillMessage, hasPlaceholders, rules } from "../../server/src/service/catalog";

/**
 * A code from a diagnostic can be found by searching the source: every code of the catalog that a pack can
 * trigger is written whole, as a string literal, in the service (never built from a prefix such as
 * `pack-${key}-required`). The codes the catalog marks unreachable cannot fire from YAML and are written nowhere.
 */

const SERVICE = join(__dirname, "..", "..", "..", "server", "src", "service");

function stringLiterals(): Set<string> {
  const out = new Set<string>();
  for (const path of walkFiles(SERVICE)) {
    if (!path.endsWith(".ts") || path.endsWith(".d.ts")) continue;
    const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.add(node.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

test("every catalog code a pack can trigger is a string literal in server/src/service/pack", () => {
  const literals = stringLiterals();
  assert.ok(literals.size > 1000, `read the service's sources (${literals.size} literals)`);
  const missing = rules.filter((r) => r.reachable && !literals.has(r.id)).map((r) => r.id);
  assert.deepEqual(missing, []);
  const unreachableWritten = rules.filter((r) => !r.reachable && literals.has(r.id)).map((r) => r.id);
  assert.deepEqual(unreachableWritten, [], "a code written in the service can fire: the catalog should say it is reachable");
});

test("catalog messages: placeholders filled as the reference formats them", () => {
  assert.equal(fillMessage('references unknown metric key "{key}"', { key: 'a"b' }), 'references unknown metric key "a\\"b"');
  assert.equal(fillMessage("invalid regexp: {err}", { err: "missing )" }), "invalid regexp: missing )");
  assert.equal(
    fillMessage("unresolved placeholder {{{name}}} for case template context", { name: "payload.x" }),
    "unresolved placeholder {{payload.x}} for case template context",
  );
  assert.throws(() => fillMessage("invalid JSON: {err}", {}), /no value for \{err\}/);
  assert.equal(hasPlaceholders("is required"), false);
  assert.equal(hasPlaceholders('must be "higher" for {source} source (got "{direction}")'), true);
});
