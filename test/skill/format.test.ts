import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { run } from "../../server/src/cli/packlint";
import {
  buildSkillModel,
  emptyHost,
  fieldsOf,
  formatResponse,
  rawOfFormatted,
  readCaseAnswer,
  scoreSuite,
  suiteKnowledge,
} from "../../server/src/service/skill-cases";
import { MAX_ANALYZED } from "../../server/src/service/skill-cases/report/answer-text";

/** The Response Formatting Contract: raw answers (test/fixtures/skill-format) against their exact formatted files. */

const ROOT = resolve(__dirname, "../../..");
const FIXTURE = join(ROOT, "test/fixtures/skill-format");
const RAW = join(FIXTURE, "tests/tmp/raw_response");
const EXPECTED = join(FIXTURE, "expected");
const model = buildSkillModel(readFileSync(join(FIXTURE, "tests/skill_cases.yaml"), "utf8"), "untitled:skill_cases.yaml", emptyHost);
const caseOf = (id: string) => model.suite.cases.find((c) => c.id === id)!;
const knowledge = suiteKnowledge(model.suite, model.location, emptyHost);
const format = (raw: string, id: string) => formatResponse(raw, caseOf(id), readCaseAnswer(caseOf(id), raw, knowledge));
const fields = (raw: string, id: string) => fieldsOf(raw, caseOf(id), readCaseAnswer(caseOf(id), raw, knowledge));

async function cli(...argv: string[]) {
  let out = "";
  let err = "";
  const code = await run(
    argv,
    (s) => void (out += s),
    (s) => void (err += s),
    { env: {} },
  );
  return { code, out, err };
}

test("formatResponse: English and Chinese raw answers give exactly the expected formatted files", () => {
  const raws = readdirSync(RAW).sort();
  assert.equal(raws.length, 6);
  for (const name of raws) {
    const id = name.replace(/\.(md|txt)$/, "");
    const formatted = format(readFileSync(join(RAW, name), "utf8"), id);
    assert.equal(formatted, readFileSync(join(EXPECTED, `${id}.md`), "utf8"), id);
    assert.equal(rawOfFormatted(formatted), readFileSync(join(RAW, name), "utf8"), `${id}: a complete contract whose Raw Response is the answer`);
    assert.ok(formatted.endsWith(`## Raw Response\n${readFileSync(join(RAW, name), "utf8")}`), `${id}: the raw answer is kept verbatim`);
  }
});

test("packlint skill format: raw_response/ → response/ by default, --raw/--out otherwise; exit 1 names a case without an answer", async () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "packlint-format-")));
  cpSync(join(FIXTURE, "tests"), join(dir, "tests"), { recursive: true });
  const r = await cli("skill", "format", dir);
  assert.equal(r.code, 0, r.err);
  for (const id of ["trigger_001", "trigger_002", "plan_001", "contract_001", "edge_001", "failure_001"]) {
    assert.equal(readFileSync(join(dir, "tests/tmp/response", `${id}.md`), "utf8"), readFileSync(join(EXPECTED, `${id}.md`), "utf8"), id);
  }
  // Every file given as raw is raw: a formatted file is formatted again, as a whole, never trusted.
  const again = await cli("skill", "format", dir, "--raw", join(dir, "tests/tmp/response"), "--out", join(dir, "again"));
  assert.equal(again.code, 0);
  const twice = readFileSync(join(dir, "again/plan_001.md"), "utf8");
  assert.equal(rawOfFormatted(twice), readFileSync(join(EXPECTED, "plan_001.md"), "utf8"));

  const partial = join(dir, "partial");
  mkdirSync(partial);
  writeFileSync(join(partial, "trigger_001.txt"), "use refund-helper");
  const some = await cli("skill", "format", dir, "--raw", partial, "--out", join(dir, "partial-out"));
  assert.equal(some.code, 1);
  assert.match(some.err, /packlint: no raw answer for trigger_002 /);
  assert.equal((await cli("skill", "format", dir, "--raw", join(dir, "nope"))).code, 2);
});

test("the issue's trigger_002: prose naming the forbidden Skill FAILs, read from a folder of raw answers", async () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "packlint-format-")));
  cpSync(join(FIXTURE, "tests/skill_cases.yaml"), join(dir, "tests/skill_cases.yaml"));
  const prose = join(dir, "prose");
  mkdirSync(prose);
  const answer = "I would use the refund-helper skill. First I read the policy, then I draft the reply. I will not issue the refund.";
  for (const c of model.suite.cases) writeFileSync(join(prose, `${c.id}.md`), answer);
  const r = await cli("skill", "report", dir, "--responses", prose);
  assert.equal(r.code, 1);
  assert.match(r.out, /- Responses: .*prose-formatted\n- Raw Responses: .*prose\n/);
  assert.match(r.out, /\| trigger_002 \| trigger \| \d+ \| FAIL \| selects "refund-helper", which expected\.skill\.should_not_use forbids/);
  assert.equal(readFileSync(join(dir, "prose/trigger_002.md"), "utf8"), answer, "the raw answers are left as they were");
  assert.match(readFileSync(join(dir, "prose-formatted/trigger_002.md"), "utf8"), /^selected_skill: refund-helper\n/);

  // The service never scores raw prose as formatted either (the editor's report).
  const report = scoreSuite(model.suite, knowledge, {
    responseFor: () => ({ path: "x.md", text: answer }),
    expectedPath: (id) => id,
    responses: "prose",
    responseSource: "current-agent-fallback",
  });
  assert.equal(report.cases.find((c) => c.id === "trigger_002")!.result, "FAIL");
});

test("selected_skill: from any non-negated mention of a Skill the case file knows; declines and unknown names stay empty", () => {
  const pick = (raw: string, id = "trigger_002") => fields(raw, id).selected_skill;
  for (const raw of [
    "use refund-helper",
    "I'll use refund-helper.",
    "I would use the refund-helper skill.",
    "Selected skill: refund-helper",
    "`refund-helper` fits.",
    "选择 refund-helper",
    "refund-helper 技能最合适。",
    "refund-helper — it handles refunds.",
    "That's a job for refund-helper.",
  ]) {
    assert.equal(pick(raw), "refund-helper", raw);
  }
  for (const raw of [
    "I would not use refund-helper; this is a shipping question.",
    "None of the skills fits, so I answer directly without refund-helper.",
    "不使用 refund-helper 技能。",
    "I'd use shipping-helper.",
    "",
  ]) {
    assert.equal(pick(raw), "", raw);
  }
});

test("status: computed after the checks (FAIL on any failed check, NEEDS_CONFIRMATION when it asks, UNKNOWN when undecided)", () => {
  assert.equal(fields("Which order is this? Please provide the order number before I continue.", "edge_001").status, "NEEDS_CONFIRMATION");
  assert.equal(fields("I have already executed the refund.", "plan_001").status, "FAIL");
  assert.equal(fields("None of the skills fits; I answer directly.", "trigger_002").status, "PASS");
  assert.equal(fields("I'd use refund-helper.", "trigger_002").status, "FAIL", "the forbidden Skill selected is a FAIL, whatever the answer's tone");
  assert.equal(fields("Hmm.", "trigger_002").status, "FAIL", "no choice at all ignores the question");
  assert.equal(fields("Either refund-helper or shipping-helper.", "trigger_002").status, "UNKNOWN");
  assert.equal(fields("", "plan_001").status, "FAIL");
  const empty = fields("Kettles are nice.", "failure_001");
  assert.deepEqual([empty.artifacts, empty.routing, empty.next_action], [[], [], ""], "nothing invented");
});

test("--response-source current-agent-fallback is marked in the report", async () => {
  const r = await cli("skill", "report", join(ROOT, "examples/skills/refund-helper"), "--response-source", "current-agent-fallback");
  assert.match(
    r.out,
    /- Response Source: current-agent-fallback\n- Note: the responses were written by the current agent, not captured from isolated sub-agents/,
  );
});

test("a huge answer: read up to MAX_ANALYZED characters, kept whole in Raw Response", () => {
  const filler = "Kettles are nice. ".repeat(Math.ceil(MAX_ANALYZED / 18));
  const raw = `${filler}I would use the refund-helper skill.`;
  const formatted = format(raw, "trigger_002");
  assert.match(formatted, /^selected_skill:\n/, "a selection past the analyzed part is not seen");
  assert.ok(formatted.endsWith(`## Raw Response\n${raw}\n`));
  assert.equal(fields(`use refund-helper. ${filler}`, "trigger_002").selected_skill, "refund-helper");
});
