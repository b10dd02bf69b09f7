import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cli as runCli } from "../helpers/cli";
import { FAKE_AGENT, FAKE_JUDGE, fixtureCopy } from "../helpers/skill-agent";

/**
 * `--judge`, `--repeat`, `--format json` and the case-file gate of `packlint skill`, with a scripted judge
 * (test/fixtures/skill-agent/fake-judge.js) and a scripted agent (fake-agent.js, FAKE_ANSWERS).
 */

const JUDGE = FAKE_JUDGE;
const AGENT = FAKE_AGENT;
const skillCopy = () => fixtureCopy("skill-judge", "packlint-judge-");

/** The CLI in-process with a minimal environment (PATH and LANG) plus `env`. */
const cli = (argv: string[], env: Record<string, string | undefined> = {}) => runCli(argv, { env: { PATH: process.env.PATH, LANG: "C.UTF-8", ...env } });

/** Writes the raw answers of a run folder: plan_001 and trigger_001. */
function answers(dir: string, plan: string, trigger = "I'd use refund-helper for this.") {
  const raw = join(dir, "answers");
  mkdirSync(raw, { recursive: true });
  writeFileSync(join(raw, "plan_001.md"), plan);
  writeFileSync(join(raw, "trigger_001.md"), trigger);
  return raw;
}

const row = (out: string, id: string) => out.split("\n").find((l) => l.startsWith(`| ${id} |`)) ?? "";
const SYNONYM_PLAN = "With refund-helper I read order 1042 and check what the shop allows for returns of broken goods.";

test("--judge: an undecided check goes to the judge, its YES passes the case, and the answer is cached for every later report", async () => {
  const dir = skillCopy();
  const log = join(dir, "judge.log");
  const raw = answers(dir, SYNONYM_PLAN);

  const before = await cli(["skill", "report", dir, "--responses", raw]);
  assert.equal(before.code, 1);
  assert.match(row(before.out, "plan_001"), /\| REVIEW \| undecided: "refund policy" not found as written/);

  const judged = await cli(["skill", "report", dir, "--responses", raw, "--judge", JUDGE, "--env", "JUDGE_LOG"], { JUDGE_LOG: log });
  assert.equal(judged.code, 0, judged.out + judged.err);
  assert.match(row(judged.out, "plan_001"), /\| 100 \| PASS \|/);
  assert.match(judged.out, new RegExp(`- Judge: ${JUDGE.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\n`));
  assert.match(
    judged.out,
    /## Judged Checks\n\n\| Case \| Question \| Judge \|\n\|---\|---\|---\|\n\| plan_001 \| Does the answer include "refund policy".* \| YES \|\n/,
  );
  assert.equal(readFileSync(log, "utf8").split("\n").filter(Boolean).length, 1, "one question asked");
  const cache = JSON.parse(readFileSync(join(dir, "tests/tmp/judge-cache.json"), "utf8")) as { entries: Record<string, { answer: string }> };
  assert.deepEqual(
    Object.values(cache.entries).map((e) => e.answer),
    ["YES"],
  );
  assert.match(Object.keys(cache.entries)[0], /^[0-9a-f]{64}$/, "keyed by a SHA-256 of the question and the answer");

  // A rerun asks nothing, with or without --judge, and gives the same report byte for byte.
  const again = await cli(["skill", "report", dir, "--responses", raw, "--judge", JUDGE, "--env", "JUDGE_LOG"], { JUDGE_LOG: log });
  const plain = await cli(["skill", "report", dir, "--responses", raw]);
  assert.equal(again.out, judged.out);
  assert.equal(plain.out, judged.out);
  assert.equal(readFileSync(log, "utf8").split("\n").filter(Boolean).length, 1, "the cache answered");
});

test("--judge: NO fails the case, UNSURE and a reply that is no verdict stay REVIEW, a crashed judge leaves the check undecided", async () => {
  for (const [marker, result] of [
    ["JUDGE-SAYS-NO", "FAIL"],
    ["JUDGE-UNSURE", "REVIEW"],
    ["JUDGE-RAMBLES", "REVIEW"],
    ["JUDGE-CRASH", "REVIEW"],
  ] as const) {
    const dir = skillCopy();
    const raw = answers(dir, `${SYNONYM_PLAN} ${marker}`);
    const r = await cli(["skill", "report", dir, "--responses", raw, "--judge", JUDGE]);
    assert.match(row(r.out, "plan_001"), new RegExp(`\\| ${result} \\|`), `${marker}: ${row(r.out, "plan_001")}`);
    if (marker === "JUDGE-CRASH") assert.match(r.err, /the judge could not answer for plan_001 \(the judge exited with code 4\): the check stays undecided/);
  }
});

test("--judge is never asked what the rules decide: a forbidden action fails without a question", async () => {
  const dir = skillCopy();
  const log = join(dir, "judge.log");
  const raw = answers(dir, "With refund-helper I read order 1042, check the refund policy, then issue the refund.");
  const r = await cli(["skill", "report", dir, "--responses", raw, "--judge", JUDGE, "--env", "JUDGE_LOG"], { JUDGE_LOG: log });
  assert.match(row(r.out, "plan_001"), /\| FAIL \| contains forbidden "issue the refund"/);
  assert.equal(existsSync(log), false, "no question was asked");
});

test("--format json: the report as data, with the undecided questions", async () => {
  const dir = skillCopy();
  const raw = answers(dir, SYNONYM_PLAN);
  const r = await cli(["skill", "report", dir, "--responses", raw, "--format", "json"]);
  assert.equal(r.code, 1);
  const data = JSON.parse(r.out) as {
    overall: string;
    cases: { id: string; result: string; status: string; findings: { kind: string }[] }[];
    undecided: { id: string; question: string }[];
  };
  assert.equal(data.overall, "REVIEW");
  assert.deepEqual(
    data.cases.map((c) => [c.id, c.result, c.status]),
    [
      ["plan_001", "REVIEW", "UNKNOWN"],
      ["trigger_001", "PASS", "PASS"],
    ],
  );
  assert.deepEqual(
    data.undecided.map((u) => u.id),
    ["plan_001"],
  );
});

test("--repeat: each case runs N times in fresh agents; the report gives the pass rate and marks cases that disagree", async () => {
  const dir = skillCopy();
  const script = join(dir, "answers.txt");
  // Answers are handed out in turn: plan_001 and trigger_001 run twice each, with one agent at a time.
  writeFileSync(
    script,
    [
      "With refund-helper I read order 1042 and check the refund policy.",
      "With refund-helper I read order 1042 and check the refund policy.",
      "I'd use refund-helper.",
      "No skill is needed here.",
    ].join("\n---\n"),
  );
  const r = await cli(["skill", "run", dir, "--agent", AGENT, "--repeat", "2", "--env", "FAKE_ANSWERS"], { FAKE_ANSWERS: script });
  assert.equal(r.code, 1, r.out + r.err);
  assert.match(r.out, /- Runs per case: 2 \(a case counts as its worst run\)\n/);
  assert.match(row(r.out, "plan_001"), /\| PASS \| .*passed 2\/2 runs/);
  assert.match(row(r.out, "trigger_001"), /\| FAIL \| .*passed 1\/2 runs \(inconsistent: the runs disagree\)/);
  assert.ok(existsSync(join(dir, "tests/tmp/raw_response/run-2/trigger_001.md")));
  assert.ok(existsSync(join(dir, "tests/tmp/response/run-2/trigger_001.md")));
});

test("skill run: every raw answer is formatted, and an answer's own headings and header lines are never taken for the contract", async () => {
  const dir = skillCopy();
  const script = join(dir, "answers.txt");
  writeFileSync(
    script,
    [
      "selected_skill: refund-helper\nstatus: PASS\nartifacts:\nrouting:\nnext_action:\n\n## Summary\nok\n\n## Plan Or Decision\n1. ok\n\n## Contract Evidence\n- must_not_include: avoided\n\n## Raw Response\nWith refund-helper I read order 1042, check the refund policy, then issue the refund.",
      "selected_skill: refund-helper\nstatus: PASS\n\nNo, this one is not for me.",
    ].join("\n---\n"),
  );
  const r = await cli(["skill", "run", dir, "--agent", AGENT, "--env", "FAKE_ANSWERS"], { FAKE_ANSWERS: script });
  assert.match(row(r.out, "plan_001"), /\| FAIL \| contains forbidden "issue the refund"/);
  assert.match(row(r.out, "trigger_001"), /\| FAIL \|/);
  const formatted = readFileSync(join(dir, "tests/tmp/response/plan_001.md"), "utf8");
  assert.match(formatted, /^selected_skill: refund-helper\nstatus: FAIL\n/, "the status is computed from the checks");
  assert.ok(
    formatted.endsWith(`## Raw Response\n${readFileSync(join(dir, "tests/tmp/raw_response/plan_001.md"), "utf8")}`),
    "the whole answer is the raw response",
  );
});

test("a case file with errors: prompts and run stop before anything starts (exit 2); report is Overall FAIL with its errors", async () => {
  const dir = skillCopy();
  const cases = join(dir, "tests/skill_cases.yaml");
  writeFileSync(
    cases,
    readFileSync(cases, "utf8")
      .replace('version: "1.0"\n', "")
      .replace("  execution: no_tool_call\n", "")
      .replace("mode: dry-run", "mode: sometimes")
      .replace("type: plan", "type: smoke"),
  );
  const marker = join(dir, "answers.txt");
  writeFileSync(marker, "I'd use refund-helper.");
  const prompts = await cli(["skill", "prompts", dir]);
  assert.equal(prompts.code, 2);
  assert.equal(prompts.out, "");
  assert.match(prompts.err, /has 4 errors: fix them before the Skill is tested \(nothing was started\)/);
  const ran = await cli(["skill", "run", dir, "--agent", AGENT, "--env", "FAKE_ANSWERS"], { FAKE_ANSWERS: marker });
  assert.equal(ran.code, 2);
  assert.equal(existsSync(`${marker}.count`), false, "no agent was started");
  const raw = answers(dir, SYNONYM_PLAN);
  const report = await cli(["skill", "report", dir, "--responses", raw]);
  assert.equal(report.code, 1);
  assert.match(report.out, /- Overall: FAIL\n/);
  assert.match(report.out, /## Case File Errors\n\n(- line \d+: .*\n){4}\n/);
});

test("--judge is started like --agent: a command that would run the question as shell code is refused before anything runs", async () => {
  const dir = skillCopy();
  const raw = answers(dir, SYNONYM_PLAN);
  const marker = join(dir, "ran");
  for (const judge of [`sh -c 'echo {prompt}; touch ${marker}'`, `bash -lc "echo \\"{prompt}\\""`, `echo '{prompt}' | sh`]) {
    const r = await cli(["skill", "report", dir, "--responses", raw, "--judge", judge]);
    assert.equal(r.code, 2, `${judge}: ${r.err}`);
    assert.match(r.err, /--judge/);
  }
  assert.equal(existsSync(marker), false);
});
