import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ROOT } from "../fuzz/protocol/raw-server";
import { negative, positive, skillFile } from "../helpers/skill";

/**
 * The CLI on Skill case files, end to end, under the preload that forbids any file access outside the allowed
 * folders (packlint's own code, its dependencies, the workspace): inputs.files and response files that lead out
 * of the workspace (`..`, absolute paths, symbolic links) are reported, never looked at.
 */

const PRELOAD = join(__dirname, "forbid-io.js");
const CLI = join(ROOT, "out", "server", "src", "cli", "bin.js");

function workspace() {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "packlint-cli-confine-")));
  const ws = join(base, "ws");
  const outside = join(base, "outside");
  const skill = join(ws, "skill");
  mkdirSync(join(skill, "tests", "tmp", "response"), { recursive: true });
  mkdirSync(join(skill, "references"));
  mkdirSync(outside);
  writeFileSync(join(skill, "SKILL.md"), "---\nname: refund-helper\n---\n");
  writeFileSync(join(skill, "references", "policy.md"), "# policy");
  writeFileSync(join(outside, "secret.txt"), "secret");
  writeFileSync(join(outside, "trigger_001.md"), "selected_skill: refund-helper\n");
  symlinkSync(join(outside, "secret.txt"), join(skill, "references", "leak.md"));
  symlinkSync(join(outside, "trigger_001.md"), join(skill, "tests", "tmp", "response", "trigger_001.md"));
  const files = ["references/policy.md", "../../outside/secret.txt", join(outside, "secret.txt"), "references/leak.md"];
  const text = skillFile({ cases: [positive.replace("      files: []", `      files: [${files.map((f) => JSON.stringify(f)).join(", ")}]`), negative] });
  writeFileSync(join(skill, "tests", "skill_cases.yaml"), text);
  return { ws, outside, cases: join(skill, "tests", "skill_cases.yaml") };
}

function cli(ws: string, args: string[]) {
  // The CLI looks for its config in the folders above (as linters do): those two files may be read, nothing else.
  const configs: string[] = [];
  for (let dir = dirname(ws); ; dir = dirname(dir)) {
    configs.push(join(dir, ".packlintrc.json"), join(dir, "package.json"));
    if (dirname(dir) === dir) break;
  }
  const allow = [ROOT, realpathSync(join(ROOT, "node_modules")), ws, ...configs];
  const r = spawnSync(process.execPath, ["--require", PRELOAD, CLI, ...args], {
    cwd: ws,
    encoding: "utf8",
    env: { ...process.env, PACKLINT_FS_ALLOW: JSON.stringify(allow), NO_COLOR: "1" },
    timeout: 60_000,
  });
  assert.doesNotMatch(r.stderr, /PACKLINT-FORBIDDEN/, `${args.join(" ")}: something outside the workspace was touched\n${r.stderr}`);
  return r;
}

test("CLI on a case file: inputs.files leading out of the workspace are reported as outside, and nothing there is touched", () => {
  const t = workspace();
  const r = cli(t.ws, ["--format", "json", t.cases]);
  assert.ok(r.status === 0 || r.status === 1, r.stderr);
  const report = JSON.parse(r.stdout) as { files: { diagnostics: { code: string; field: string | null; message: string }[] }[] };
  const inputs = report.files[0].diagnostics.filter((d) => d.code === "skill-input-file-missing").map((d) => [d.field, d.message]);
  assert.deepEqual(inputs, [
    ["cases[0].inputs.files[1]", '"../../outside/secret.txt" is outside the workspace; it is not checked'],
    ["cases[0].inputs.files[2]", `"${join(t.outside, "secret.txt")}" is outside the workspace; it is not checked`],
    ["cases[0].inputs.files[3]", '"references/leak.md" is outside the workspace; it is not checked'],
  ]);
});

test("CLI skill report: a response file linked from outside the workspace is not read", () => {
  const t = workspace();
  const r = cli(t.ws, ["skill", "report", t.cases]);
  assert.match(r.stdout, /trigger_001/);
  // The linked response would make trigger_001 pass; unread, the case has no response.
  assert.doesNotMatch(r.stdout, /Overall: PASS/);
});
