import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { confinedPath, pathEscape } from "../../server/src/service/util/confine";
import { buildSkillModel, nodeHost, skillDiagnostics, skillReport } from "../../server/src/service/skill-cases";
import { head, positive, negative, skillFile } from "../helpers/skill";
import { diagnose } from "../helpers/expect";
import { pack } from "../helpers/packs";

/** A workspace with a pack folder, files inside, a secret outside and links of every kind. */
function tree() {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "packlint-confine-")));
  const ws = join(base, "ws");
  const out = join(base, "outside");
  mkdirSync(join(ws, "packs", "assets"), { recursive: true });
  mkdirSync(join(ws, "shared"));
  mkdirSync(out);
  writeFileSync(join(ws, "packs", "assets", "policy.pdf"), "%PDF");
  writeFileSync(join(ws, "shared", "common.json"), "{}");
  writeFileSync(join(out, "secret.txt"), "secret");
  const link = (target: string, at: string) => symlinkSync(target, join(ws, at));
  link(join(out, "secret.txt"), "packs/assets/escape.pdf"); // absolute link out
  link("../../../outside/secret.txt", "packs/assets/relative-escape.pdf"); // relative link out
  link(out, "packs/linked-dir"); // a folder link out
  link("policy.pdf", "packs/assets/alias.pdf"); // a link that stays inside
  link("../shared", "packs/shared-link"); // a folder link that stays inside
  link("escape.pdf", "packs/assets/chain.pdf"); // a link to a link out
  link("loop-b", "packs/loop-a");
  link("loop-a", "packs/loop-b");
  return { base, ws, out, packs: join(ws, "packs") };
}

/** Runs `fn`, recording every path the fs functions were called with. */
function recordingFs<T>(fn: () => T): { result: T; paths: string[] } {
  const paths: string[] = [];
  const mod = require("node:fs") as Record<string, unknown>; // the module object itself: what the code under test calls
  const names = ["lstatSync", "statSync", "readlinkSync", "readFileSync", "existsSync", "realpathSync", "openSync", "readdirSync", "accessSync"];
  const saved = names.map((n) => mod[n]);
  names.forEach((n, i) => {
    const original = saved[i] as (...a: unknown[]) => unknown;
    mod[n] = (p: unknown, ...rest: unknown[]) => {
      paths.push(resolve(String(p)));
      return original(p, ...rest);
    };
  });
  try {
    return { result: fn(), paths };
  } finally {
    names.forEach((n, i) => (mod[n] = saved[i]));
  }
}

const insideOf = (root: string) => (p: string) => !relative(root, p).startsWith("..");

test("pathEscape: absolute paths and paths climbing out of their folder, in POSIX and Windows spellings", () => {
  for (const p of ["/etc/passwd", "\\\\server\\share", "C:\\Windows", "c:/x"]) assert.equal(pathEscape(p), "absolute", p);
  for (const p of ["../x", "..", "a/../../x", "a\\..\\..\\x", "./../x"]) assert.equal(pathEscape(p), "outside", p);
  for (const p of ["a", "a/b/../c", "./a", "a/..", "assets/policy.pdf", "..hidden", "a..b"]) assert.equal(pathEscape(p), undefined, p);
});

test("confinedPath: files inside the roots are found, through links that stay inside", () => {
  const t = tree();
  assert.equal(confinedPath(t.packs, "assets/policy.pdf", [t.ws]), join(t.packs, "assets", "policy.pdf"));
  assert.equal(confinedPath(t.packs, "assets/alias.pdf", [t.ws]), join(t.packs, "assets", "policy.pdf"));
  assert.equal(confinedPath(t.packs, "shared-link/common.json", [t.ws]), join(t.ws, "shared", "common.json"));
  assert.equal(confinedPath(t.packs, "../shared/common.json", [t.ws]), join(t.ws, "shared", "common.json"), "up, but inside the workspace");
  assert.equal(confinedPath(t.packs, "../shared/common.json", [t.packs]), undefined, "up, out of the only root");
  assert.equal(confinedPath(t.packs, "assets", [t.ws]), undefined, "a folder is not a file");
  assert.equal(confinedPath(t.packs, "assets", [t.ws], "any"), join(t.packs, "assets"));
  assert.equal(confinedPath(t.packs, "assets/missing.pdf", [t.ws]), undefined);
});

test("confinedPath: paths and links leading out are refused without touching anything outside", () => {
  const t = tree();
  const outsideTouched = (paths: string[]) => paths.filter((p) => !insideOf(t.ws)(p));
  for (const written of [
    "../../outside/secret.txt",
    join(t.out, "secret.txt"),
    "assets/escape.pdf",
    "assets/relative-escape.pdf",
    "linked-dir/secret.txt",
    "assets/chain.pdf",
    "loop-a",
    "assets/policy.pdf\0.txt",
  ]) {
    const { result, paths } = recordingFs(() => confinedPath(t.packs, written, [t.ws]));
    assert.equal(result, undefined, written);
    assert.deepEqual(outsideTouched(paths), [], `${written} touched ${outsideTouched(paths).join(", ")}`);
  }
});

test("asset paths that are absolute or climb out of the pack's folder get a warning, at the path", () => {
  const d = diagnose(pack({ version: "version:\n  number: 1\n  assets:\n    - key: a\n      path: ../../etc/passwd\n    - key: b\n      path: /etc/shadow\n    - key: c\n      path: assets/./x/../policy.pdf\n" }));
  assert.deepEqual(
    d.filter((x) => x.code === "asset-path-outside").map((x) => [x.severity, x.field, x.message, x.range.start.line]),
    [
      ["warning", "version.assets[0].path", 'asset path "../../etc/passwd" leads outside the pack\'s folder', 8],
      ["warning", "version.assets[1].path", 'asset path "/etc/shadow" is absolute: asset paths are relative to the pack\'s folder', 10],
    ],
  );
});

test("Skill inputs.files: paths out of the Skill directory are reported and never looked up; links out count as missing", () => {
  const t = tree();
  const skillDir = join(t.ws, "skill");
  mkdirSync(join(skillDir, "tests"), { recursive: true });
  mkdirSync(join(skillDir, "references"));
  writeFileSync(join(skillDir, "references", "policy.md"), "# policy");
  symlinkSync(join(t.out, "secret.txt"), join(skillDir, "references", "leak.md"));
  const files = ["references/policy.md", "../../outside/secret.txt", join(t.out, "secret.txt"), "references/leak.md"];
  const text = skillFile({ cases: [positive.replace("      files: []", `      files: [${files.map((f) => JSON.stringify(f)).join(", ")}]`), negative] });
  assert.ok(text.startsWith(head));
  const casesPath = join(skillDir, "tests", "skill_cases.yaml");
  const { result, paths } = recordingFs(() => skillDiagnostics(buildSkillModel(text, casesPath, nodeHost)));
  assert.deepEqual(
    result.filter((d) => d.code.startsWith("skill-input-file")).map((d) => [d.code, d.field]),
    [
      ["skill-input-file-outside", "cases[0].inputs.files[1]"],
      ["skill-input-file-outside", "cases[0].inputs.files[2]"],
      ["skill-input-file-missing", "cases[0].inputs.files[3]"],
    ],
  );
  assert.deepEqual(paths.filter((p) => !insideOf(skillDir)(p)), [], "nothing outside the Skill directory was touched");
});

test("Skill report: a response file that links out of the response directory is not read", () => {
  const t = tree();
  const skillDir = join(t.ws, "skill");
  const responses = join(skillDir, "tests", "tmp", "response");
  mkdirSync(responses, { recursive: true });
  writeFileSync(join(t.out, "trigger_001.md"), "selected_skill: refund-helper\n");
  symlinkSync(join(t.out, "trigger_001.md"), join(responses, "trigger_001.md"));
  const text = skillFile({ cases: [positive, negative] });
  const model = buildSkillModel(text, join(skillDir, "tests", "skill_cases.yaml"), nodeHost);
  const result = skillReport(model)!;
  const trigger = result.report.cases.find((c) => c.id === "trigger_001")!;
  assert.equal(trigger.responsePath, undefined, "the linked response was not read");
});
