import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { appliedGlobs, ProjectConfigs, type FoundConfig } from "../../server/src/workspace/project-config";
import { configGlobs } from "../../server/src/workspace/discovery";
import { tempTree } from "../helpers/cli";

test("project configs (server): from the file's folder up, never above the workspace folder; broken ones reported once and applied in part", () => {
  const top = tempTree({
    ".packlintrc.json": '{ "rules": { "unknown-key": "off" } }',
    "ws/package.json": JSON.stringify({ name: "ws", packlint: { rules: { "unknown-key": "hint" }, packs: ["custom/*.yml"], ignore: ["fixtures/**"] } }),
    "ws/team/.packlintrc.json": '{ "rules": { "unknown-key": "error", "x": "loud", "unknown-kye": "off" }, "colour": 1 }',
    "ws/broken/.packlintrc.json": "{ not json",
    "other/p.pack.yaml": "",
  });
  const ws = join(top, "ws");
  const read: string[] = [];
  const problems: FoundConfig[] = [];
  const configs = new ProjectConfigs({ read: (p) => (read.push(p), readOrUndefined(p)), onProblem: (c) => problems.push(c) });

  const root = configs.forFile(join(ws, "packs/a/p.pack.yaml"), ws)!;
  assert.equal(root.nearest.path, `${join(ws, "package.json")}#packlint`);
  assert.deepEqual(root.rules, { "unknown-key": "hint" });
  assert.ok(
    read.every((p) => p.startsWith(ws)),
    "nothing above the workspace folder is read",
  );

  const team = configs.forFile(join(ws, "team/p.pack.yaml"), ws)!;
  assert.deepEqual(team.rules, { "unknown-key": "error", "unknown-kye": "off" }, "the well-formed part applies");
  assert.deepEqual(
    team.files.map((f) => f.path),
    [`${join(ws, "package.json")}#packlint`, join(ws, "team/.packlintrc.json")],
    "the nearest extends the folder's config",
  );
  assert.ok(
    team.nearest.problems.some((p) => p.startsWith("rules.unknown-kye: unknown rule code (did you mean unknown-key")),
    `a code packlint does not know is reported as the CLI reports it: ${team.nearest.problems.join("; ")}`,
  );
  assert.equal(configs.forFile(join(ws, "team/sub/q.pack.yaml"), ws), team);
  assert.equal(configs.forFile(join(ws, "broken/p.pack.yaml"), ws)?.nearest.syntaxError !== undefined, true);
  assert.deepEqual(
    problems.map((c) => c.path),
    [join(ws, "team/.packlintrc.json"), join(ws, "broken/.packlintrc.json")],
    "each reported once",
  );
  assert.equal(configs.forFile(join(top, "other/p.pack.yaml"), ws), undefined, "a file outside the folder has none");

  const globs = configGlobs(root.nearest);
  assert.equal(globs.pack(join(ws, "custom/a.yml")), true);
  assert.equal(globs.pack(join(ws, "other/custom/a.yml")), false, "relative to the config's folder");
  assert.equal(globs.ignored(join(ws, "fixtures/x/y.pack.yaml")), true);
  assert.equal(globs.ignored(join(top, "fixtures/y.pack.yaml")), false, "never outside its folder");
});

test("project configs (server): a nested config keeps the levels of the configs above it unless it says root; extends", () => {
  const ws = tempTree({
    ".packlintrc.json": '{ "rules": { "unknown-key": "off", "asset-file-missing": "warning" }, "ignore": ["fixtures/**"] }',
    "team/.packlintrc.json": '{ "$schema": "./node_modules/agentclash-packlint/packlintrc.schema.json", "rules": { "unknown-key": "error" } }',
    "alone/.packlintrc.json": '{ "root": true, "rules": { "unknown-key": "hint" } }',
    "shared/base.json": '{ "rules": { "version-number-positive": "warning", "unknown-key": "information" } }',
    "ext/.packlintrc.json": '{ "root": true, "extends": "../shared/base.json", "rules": { "unknown-key": "hint" } }',
    "loop/.packlintrc.json": '{ "extends": "./other.json" }',
    "loop/other.json": '{ "extends": "./.packlintrc.json" }',
  });
  const problems: FoundConfig[] = [];
  const configs = new ProjectConfigs({ read: readOrUndefined, onProblem: (c) => problems.push(c) });
  const team = configs.forFile(join(ws, "team/p.pack.yaml"), ws)!;
  assert.deepEqual(team.rules, { "unknown-key": "error", "asset-file-missing": "warning" }, "the root config's other levels still apply");
  assert.equal(appliedGlobs(team).ignoredBy(join(ws, "fixtures/x.pack.yaml"))?.path, join(ws, ".packlintrc.json"));
  assert.deepEqual(configs.forFile(join(ws, "alone/p.pack.yaml"), ws)!.rules, { "unknown-key": "hint" }, '"root": true stops the cascade');
  const ext = configs.forFile(join(ws, "ext/p.pack.yaml"), ws)!;
  assert.deepEqual(
    ext.files.map((f) => f.path),
    [join(ws, "shared/base.json"), join(ws, "ext/.packlintrc.json")],
  );
  assert.deepEqual(ext.rules, { "version-number-positive": "warning", "unknown-key": "hint" }, "the extended file first, this one over it");
  configs.forFile(join(ws, "loop/p.pack.yaml"), ws);
  assert.match(problems.flatMap((c) => c.problems).join("\n"), /extends: .* leads back to this config \(a circle\)/);
  assert.deepEqual(
    problems.map((c) => c.path),
    [join(ws, "loop/other.json")],
    "$schema, root and extends are accepted keys; only the circle is a problem",
  );
});

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}
