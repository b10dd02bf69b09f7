import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { run } from "../../server/src/cli/packlint";
import { skillFile } from "../helpers/skill";

const ROOT = resolve(__dirname, "../../..");
const SKILL = join(ROOT, "test/fixtures/skill/refund-helper");
const CASES = join(SKILL, "tests/skill_cases.yaml");

async function cli(...argv: string[]) {
  let out = "";
  let err = "";
  const code = await run(
    argv,
    (s) => void (out += s),
    (s) => void (err += s),
  );
  return { code, out, err };
}

test("packlint skill prompts: JSON by default, one prompt per case", async () => {
  const r = await cli("skill", "prompts", CASES);
  assert.equal(r.code, 0);
  const json = JSON.parse(r.out) as { skill: string; prompts: { id: string; prompt: string }[] };
  assert.equal(json.skill, "refund-helper");
  assert.deepEqual(
    json.prompts.map((p) => p.id),
    ["trigger_001", "trigger_002", "plan_001", "contract_001", "edge_001", "failure_001"],
  );
  assert.equal(
    json.prompts[4].prompt,
    "If the user's query is: I want a refund., what steps will you take?\nDo not execute any tools or modify files in reality; output only your plan.",
  );
  const md = await cli("skill", "prompts", SKILL, "--format=markdown");
  assert.equal(md.code, 0);
  assert.match(md.out, /^# Dry-run prompts: refund-helper\n\n## trigger_001 \(trigger\): A refund request triggers refund-helper\n/);
});

test("packlint skill report: the Skill Test Report from tests/tmp/response, exit 1 unless Overall is PASS; --write-report writes it", async () => {
  const dir = mkdtempSync(join(tmpdir(), "packlint-skill-"));
  const written = join(dir, "nested/report.md");
  const r = await cli("skill", "report", CASES, "--response-source", "hand-written", "--write-report", written);
  assert.equal(r.code, 1);
  assert.equal(readFileSync(written, "utf8"), r.out);
  assert.match(
    r.out,
    /^## Skill Test Report\n\n- Skill: refund-helper\n- Cases: 6\n- Passed: 2\n- Review: 2\n- Failed: 2\n- Overall: FAIL\n- Responses: .*test\/fixtures\/skill\/refund-helper\/tests\/tmp\/response\n- Response Source: hand-written\n/,
  );
  assert.match(r.out, /\| edge_001 \| edge \| 30 \| FAIL \|/);
});

test("packlint skill report --responses DIR: all cases passing exits 0", async () => {
  const dir = mkdtempSync(join(tmpdir(), "packlint-skill-"));
  mkdirSync(join(dir, "tests"));
  writeFileSync(join(dir, "tests/skill_cases.yaml"), skillFile());
  const responses = join(dir, "captured");
  mkdirSync(responses);
  writeFileSync(join(responses, "trigger_001.md"), "I would use refund-helper.\n");
  writeFileSync(join(responses, "trigger_002.txt"), "No skill is needed; I write the poem.\n");
  const r = await cli("skill", "report", dir, "--responses", responses);
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /- Overall: PASS\n/);
  assert.match(r.out, /- Response Source: unspecified\n/);
  // Without --responses the default directory is empty: every case fails for want of a response.
  const missing = await cli("skill", "report", join(dir, "tests/skill_cases.yaml"));
  assert.equal(missing.code, 1);
  assert.match(missing.out, /\| trigger_001 \| trigger \| 0 \| FAIL \| no response file \(.*tests\/tmp\/response\/trigger_001\.md\) \|/);
});

test("packlint skill: usage errors exit 2", async () => {
  assert.equal((await cli("skill", "run", CASES)).code, 2);
  assert.equal((await cli("skill", "prompts", CASES, "--format", "yaml")).code, 2);
  assert.equal((await cli("skill", "prompts")).code, 2);
  assert.equal((await cli("skill", "report", CASES, "--format", "yaml")).code, 2);
  assert.equal((await cli("skill", "report", join(SKILL, "nope.yaml"))).code, 2);
  assert.equal((await cli("skill", "report", CASES, "--responses", join(SKILL, "nope"))).code, 2);
  const help = await cli("skill", "--help");
  assert.equal(help.code, 0);
  assert.match(help.out, /^Usage: packlint skill prompts FILE/);
});

test("packlint FILE validates a case file with kind skill-cases, by name or by content; a DIR includes skill_cases.yaml", async () => {
  const json = await cli("--format", "json", CASES);
  assert.equal(json.code, 0);
  const files = (JSON.parse(json.out) as { files: { kind: string; valid: boolean; diagnostics: { code: string }[] }[] }).files;
  assert.equal(files[0].kind, "skill-cases");
  assert.equal(files[0].valid, true);
  assert.deepEqual(
    files[0].diagnostics.map((d) => d.code),
    ["skill-assertion-needs-judgement"],
  );

  const dir = mkdtempSync(join(tmpdir(), "packlint-skill-"));
  const other = join(dir, "my-cases.yaml");
  writeFileSync(other, skillFile().replace("mode: dry-run", "mode: dry_run"));
  const text = await cli("--no-color", other);
  assert.equal(text.code, 1);
  assert.match(text.out, /my-cases\.yaml:6:9: error \[skill-mode-unknown\] defaults\.mode must be one of dry-run, mock, execution \(got "dry_run"\)\n/);
  assert.match(text.out, /Skill case file has errors\n/);

  // Rule levels apply to case files as to packs: --rule, then the nearest project config.
  const demoted = await cli("--no-color", "--rule", "skill-mode-unknown=warning", other);
  // Turned down, the error is silenced: the file is still not valid (verdicts fail closed).
  assert.equal(demoted.code, 1, demoted.out);
  assert.match(demoted.out, /my-cases\.yaml:6:9: warning \[skill-mode-unknown\]/);
  assert.match(demoted.out, /Skill case file is not valid: 1 error silenced/);
  writeFileSync(join(dir, ".packlintrc.json"), JSON.stringify({ rules: { "skill-mode-unknown": "off" } }));
  const silenced = JSON.parse((await cli("--format", "json", other)).out) as { files: { diagnostics: { code: string }[] }[] };
  assert.deepEqual(
    silenced.files[0].diagnostics.map((d) => d.code),
    [],
  );

  const walked = JSON.parse((await cli("--format", "json", join(ROOT, "test/fixtures/skill"))).out) as { files: { path: string; kind: string }[] };
  assert.deepEqual(
    walked.files.map((f) => f.kind),
    ["skill-cases"],
  );
});

test("the README's example, examples/skills/refund-helper: a clean case file whose captured responses all pass", async () => {
  const example = join(ROOT, "examples/skills/refund-helper");
  const json = JSON.parse((await cli("--format", "json", join(example, "tests/skill_cases.yaml"))).out) as { files: { diagnostics: unknown[] }[] };
  assert.deepEqual(json.files[0].diagnostics, []);
  const r = await cli("skill", "report", example);
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /- Passed: 6\n- Review: 0\n- Failed: 0\n- Overall: PASS\n/);
});
