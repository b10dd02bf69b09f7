import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { walkFiles } from "../../server/src/workspace/discovery";

/**
 * What is worked out from a model is kept in the model's own cache (model/model-cache.ts), made with it: no
 * module-level WeakMap or Map keyed by a model, whose entries would stay right only by a convention.
 */

const SERVICE = join(__dirname, "..", "..", "..", "server", "src", "service");

function moduleLevelModelMaps(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      const init = d.initializer;
      if (!init || !ts.isNewExpression(init) || !ts.isIdentifier(init.expression) || !/^(Weak)?Map$/.test(init.expression.text)) continue;
      const key = init.typeArguments?.[0]?.getText(source) ?? "";
      if (/Model\b/.test(key)) found.push(`${relative(SERVICE, path)}: ${d.name.getText(source)} = new ${init.expression.text}<${key}, …>`);
    }
  }
  return found;
}

test("no module-level cache keyed by a model in server/src/service/pack", () => {
  const files = [...walkFiles(SERVICE)].filter((p) => p.endsWith(".ts") && !p.endsWith(".d.ts"));
  assert.ok(files.length > 100, `read the service's sources (${files.length})`);
  assert.deepEqual(files.flatMap(moduleLevelModelMaps), []);
});
