import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { ProjectConfigs, type FoundConfig } from "../../server/src/workspace/project-config";
import { configGlobs } from "../../server/src/workspace/discovery";
import { tempTree } from "../helpers/cli";

test("project configs (server): nearest to the file, never above the workspace folder; broken ones reported once and applied in part", () => {
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
  const configs = new ProjectConfigs(
    (p) => (read.push(p), readOrUndefined(p)),
    (c) => problems.push(c),
  );

  const root = configs.forFile(join(ws, "packs/a/p.pack.yaml"), ws)!;
  assert.equal(root.path, `${join(ws, "package.json")}#packlint`);
  assert.deepEqual(root.config.rules, { "unknown-key": "hint" });
  assert.ok(
    read.every((p) => p.startsWith(ws)),
    "nothing above the workspace folder is read",
  );

  const team = configs.forFile(join(ws, "team/p.pack.yaml"), ws)!;
  assert.deepEqual(team.config.rules, { "unknown-key": "error", "unknown-kye": "off" }, "the well-formed part applies");
  assert.ok(
    team.problems.some((p) => p.startsWith("rules.unknown-kye: unknown rule code (did you mean unknown-key")),
    `a code packlint does not know is reported as the CLI reports it: ${team.problems.join("; ")}`,
  );
  assert.equal(configs.forFile(join(ws, "team/sub/q.pack.yaml"), ws), team);
  assert.equal(configs.forFile(join(ws, "broken/p.pack.yaml"), ws)?.syntaxError !== undefined, true);
  assert.deepEqual(
    problems.map((c) => c.path),
    [join(ws, "team/.packlintrc.json"), join(ws, "broken/.packlintrc.json")],
    "each reported once",
  );
  assert.equal(configs.forFile(join(top, "other/p.pack.yaml"), ws), undefined, "a file outside the folder has none");

  const globs = configGlobs(root);
  assert.equal(globs.pack(join(ws, "custom/a.yml")), true);
  assert.equal(globs.pack(join(ws, "other/custom/a.yml")), false, "relative to the config's folder");
  assert.equal(globs.ignored(join(ws, "fixtures/x/y.pack.yaml")), true);
  assert.equal(globs.ignored(join(top, "fixtures/y.pack.yaml")), false, "never outside its folder");
});

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}
