import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { parse } from "yaml";
import { ROOT } from "../../scripts/bundle";
import { PACKAGE_NAME, packTarball, userEnv } from "../helpers/installed-package";
import { pack, sections } from "../helpers/packs";

/**
 * The README's install recipes, word for word, as a new user runs them: in an empty folder (a packs repository
 * with Git) and with an empty npm cache. The devDependency from a tarball kept in the repository, `npm ci` on a
 * clean runner, the CI command on packs written as AgentClash's own examples are, the pre-commit hook's command
 * and lint-staged (installed from the registry: the one step that downloads).
 */

const README = readFileSync(join(ROOT, "README.md"), "utf8");
let scratch: string;
let tarball: string;
let repo: string;

/** The README's line, checked to be there as written; `/path/to/` becomes the tarball's folder. */
function recipe(line: string): string {
  assert.ok(README.includes(line), `the README says: ${line}`);
  return line.replace("/path/to/", `${dirname(tarball)}/`);
}

function env(online = false): NodeJS.ProcessEnv {
  return { ...userEnv(), npm_config_cache: join(scratch, "npm-cache"), npm_config_offline: online ? "false" : "true" };
}

function sh(command: string, online = false) {
  return spawnSync("bash", ["-c", command], { cwd: repo, env: env(online), encoding: "utf8", maxBuffer: 64 << 20 });
}

function ok(command: string, online = false): string {
  const r = sh(command, online);
  assert.equal(r.status, 0, `${command}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** A pack as AgentClash's published examples write one: input_set_keys on a challenge, tools under version. */
const AGENTCLASH_STYLE = pack({
  version: sections.version + "  tools:\n    custom:\n      - name: search_runbook\n        parameters: {type: object}\n",
  challenges: sections.challenges + "    input_set_keys:\n      - refund-smoke\n",
});
const BROKEN = pack({ version: "version:\n  number: 0\n" });

before(async () => {
  scratch = mkdtempSync(join(tmpdir(), "packlint-recipes-"));
  ({ tarball } = await packTarball(join(scratch, "tarballs")));
  assert.equal(basename(tarball), "agentclash-packlint-0.1.0.tgz", "the tarball the README's recipes name (update them with the version)");
  repo = join(scratch, "packs-repo");
  mkdirSync(join(repo, "packs", "assets"), { recursive: true });
  mkdirSync(join(repo, ".github", "workflows"), { recursive: true });
  writeFileSync(join(repo, "packs", "support.pack.yaml"), AGENTCLASH_STYLE);
  cpSync(join(ROOT, "examples", "assets"), join(repo, "packs", "assets"), { recursive: true });
  writeFileSync(join(repo, ".github", "workflows", "ci.yml"), "on: push\njobs: {}\n");
  writeFileSync(join(repo, ".gitignore"), "node_modules/\n");
  writeFileSync(join(repo, "package.json"), JSON.stringify({ name: "packs", version: "1.0.0", private: true }, null, 2) + "\n");
  ok("git init -q");
});

after(() => rmSync(scratch, { recursive: true, force: true }));

test("the devDependency from a tarball kept in the repository: package.json names it inside, npm ci installs it on a clean runner", () => {
  ok(recipe("mkdir -p vendor && cp /path/to/agentclash-packlint-0.1.0.tgz vendor/"));
  ok(recipe("npm install --save-dev ./vendor/agentclash-packlint-0.1.0.tgz"));
  ok(recipe("git add vendor/agentclash-packlint-0.1.0.tgz package.json package-lock.json"));
  const manifest = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
  assert.deepEqual(manifest.devDependencies, { [PACKAGE_NAME]: "file:vendor/agentclash-packlint-0.1.0.tgz" });
  assert.match(readFileSync(join(repo, "package-lock.json"), "utf8"), /"resolved": "file:vendor\/agentclash-packlint-0\.1\.0\.tgz"/);
  // A clean runner: no node_modules, a cache of its own, no registry.
  rmSync(join(repo, "node_modules"), { recursive: true });
  rmSync(join(scratch, "npm-cache"), { recursive: true, force: true });
  ok("npm ci");
  const run = sh(recipe("npx --package agentclash-packlint packlint packs/"));
  assert.equal(run.status, 0, run.stdout + run.stderr);
});

test("the CI recipe's command passes --max-warnings 0 on packs written as AgentClash's own examples, and fails a broken one", () => {
  const command = "npx --package agentclash-packlint packlint --format github --max-warnings 0 .";
  const clean = sh(recipe(command));
  assert.equal(clean.status, 0, clean.stdout + clean.stderr);
  assert.match(clean.stdout, /^::notice file=packs\/support\.pack\.yaml,.*title=unknown-key::/m, "the nested tools: information");
  assert.doesNotMatch(clean.stdout, /::warning|input_set_keys/);
  writeFileSync(join(repo, "packs", "broken.pack.yaml"), BROKEN);
  const broken = sh(command);
  assert.equal(broken.status, 1);
  assert.match(broken.stdout, /^::error file=packs\/broken\.pack\.yaml,line=6,/m);
  rmSync(join(repo, "packs", "broken.pack.yaml"));
});

test("the pre-commit hooks (this repository's and the README's local one) skip staged YAML files that are not packs", () => {
  const [hook] = parse(readFileSync(join(ROOT, ".pre-commit-hooks.yaml"), "utf8")) as { id: string; entry: string; files: string }[];
  assert.equal(hook.id, "packlint");
  const staged = [".github/workflows/ci.yml", "packs/support.pack.yaml"];
  assert.ok(staged.every((f) => new RegExp(hook.files).test(f)));
  const local = recipe("entry: npx --package agentclash-packlint packlint --skip-non-packs").replace("entry: ", "");
  // pre-commit appends the staged files to the entry; the node hook's `packlint` is the installed bin.
  for (const entry of [hook.entry.replace(/^packlint /, "npx --package agentclash-packlint packlint "), local]) {
    const r = sh(`${entry} ${staged.join(" ")}`);
    assert.equal(r.status, 0, `${entry}\n${r.stdout}${r.stderr}`);
    assert.match(r.stdout, /1 file checked, 0 errors, 0 warnings, 1 file skipped/);
  }
});

test("lint-staged (installed from the registry) runs the README's task on the staged YAML files and fails on an error", () => {
  ok(recipe("npm install --save-dev lint-staged"), true);
  const config = JSON.parse(`{${recipe('"lint-staged": { "*.{yaml,yml}": "packlint --skip-non-packs" }')}}`) as Record<string, unknown>;
  const manifest = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as Record<string, unknown>;
  writeFileSync(join(repo, "package.json"), JSON.stringify({ ...manifest, ...config }, null, 2) + "\n");
  ok("git add .gitignore package.json .github packs");
  const clean = sh("npx lint-staged");
  assert.equal(clean.status, 0, clean.stdout + clean.stderr);
  writeFileSync(join(repo, "packs", "broken.pack.yaml"), BROKEN);
  ok("git add packs/broken.pack.yaml");
  const broken = sh("npx lint-staged");
  assert.equal(broken.status, 1, broken.stdout + broken.stderr);
  assert.match(broken.stdout + broken.stderr, /version-number-positive/);
});
