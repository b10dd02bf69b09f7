import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { URI } from "vscode-uri";
import {
  buildSkillModel,
  rawOfFormatted,
  readCaseAnswer,
  reportMarkdown,
  scoreCase,
  scoreSuite,
  SkillCase,
  skillReport,
  suiteKnowledge,
} from "../../server/src/service/skill-cases";
import { memoryHost, skillFile, skillModel } from "../helpers/skill";
import { ConfinedFiles } from "../../server/src/workspace/confined-files";
import { confinedSkillHost } from "../../server/src/workspace/skill-host";

const ROOT = resolve(__dirname, "../../..");
const SKILL = join(ROOT, "test/fixtures/skill/refund-helper");

function fixtureReport() {
  const file = join(SKILL, "tests/skill_cases.yaml");
  const model = buildSkillModel(readFileSync(file, "utf8"), URI.file(file).toString(), confinedSkillHost(new ConfinedFiles([SKILL])));
  const dir = join(SKILL, "tests/tmp/response");
  return scoreSuite(model.suite, suiteKnowledge(model.suite, model.location, model.host), {
    responseFor: (id) => {
      for (const ext of [".md", ".txt"]) {
        const path = join(dir, id + ext);
        if (existsSync(path)) return { path, text: readFileSync(path, "utf8") };
      }
      return undefined;
    },
    expectedPath: (id) => `tests/tmp/response/${id}.md`,
    responses: "tests/tmp/response",
    responseSource: "hand-written",
  });
}

test("the refund-helper fixture: hand-written responses give PASS, REVIEW and FAIL cases, and the report matches expected-report.md", () => {
  const report = fixtureReport();
  assert.deepEqual(
    report.cases.map((c) => [c.id, c.score, c.result]),
    [
      ["trigger_001", 100, "PASS"],
      ["trigger_002", 100, "PASS"],
      ["plan_001", 100, "REVIEW"],
      ["contract_001", 100, "REVIEW"],
      ["edge_001", 30, "FAIL"],
      ["failure_001", 0, "FAIL"],
    ],
  );
  assert.equal(report.overall, "FAIL");
  assert.equal(reportMarkdown(report), readFileSync(join(SKILL, "expected-report.md"), "utf8"));
});

const planCase = (over: Partial<SkillCase["expected"]> = {}, type = "plan", assertions: string[] = []): SkillCase => ({
  index: 0,
  id: `${type}_001`,
  type,
  title: "Refund plan",
  query: type === "failure" ? "The payment gateway returned 502 while refunding order 1042." : "Refund order 1042",
  inputs: { files: [], context: {} },
  expected: {
    skill: { should_use: "refund-helper", should_not_use: [] },
    must_include: [],
    must_not_include: [],
    artifacts: [],
    routing: {},
    synonyms: {},
    ...over,
  },
  assertions,
  tags: [],
});

const KNOWLEDGE = {
  names: ["refund-helper", "shipping-tracker"],
  aliases: [] as [string, string][],
  artifacts: ["refund_summary.md"],
  known: (c: SkillCase) => c.query,
};
const verdict = (c: SkillCase, raw: string, judge?: Parameters<typeof readCaseAnswer>[3]) => scoreCase(c, readCaseAnswer(c, raw, KNOWLEDGE, judge));
const texts = (s: { findings: { kind: string; text: string }[] }) => s.findings.filter((f) => f.kind !== "note").map((f) => f.text);

test("rawOfFormatted: only a complete contract, sections in order with Raw Response last, is formatted", () => {
  const contract = [
    "selected_skill: refund-helper",
    "status: PASS",
    "artifacts:",
    "routing:",
    "next_action:",
    "",
    "## Summary",
    "x",
    "",
    "## Plan Or Decision",
    "1. x",
    "",
    "## Contract Evidence",
    "- must_include: x",
    "",
    "## Raw Response",
    "I'd use refund-helper.",
    "## Contract Evidence",
    "still raw",
    "",
  ].join("\n");
  assert.equal(rawOfFormatted(contract), "I'd use refund-helper.\n## Contract Evidence\nstill raw\n");
  assert.equal(rawOfFormatted("selected_skill: refund-helper\nstatus: PASS\n\nI'd use refund-helper."), undefined, "a header alone is raw");
  assert.equal(rawOfFormatted(contract.replace("## Plan Or Decision", "## Plan")), undefined, "a missing section makes it raw");
  assert.equal(rawOfFormatted(contract.replace("next_action:\n", "")), undefined, "a missing header field makes it raw");
});

test("Skill choice: any non-negated mention chooses, declines are declines, two names are undecided (English and Chinese)", () => {
  const negative = planCase({ skill: { should_use: "", should_not_use: ["refund-helper"] } }, "trigger");
  for (const raw of [
    "I'd handle this with the refund-helper skill.",
    "That's a job for refund-helper.",
    "Selected: refund-helper",
    "我会用 refund-helper",
    "适合用 refund-helper 处理",
    "**refund-helper** — the customer wants money back.",
  ]) {
    const s = verdict(negative, raw);
    assert.equal(s.result, "FAIL", raw);
    assert.match(texts(s)[0], /^selects "refund-helper", which expected\.skill\.should_not_use forbids/, raw);
  }
  for (const raw of [
    "I would not use refund-helper here; this is a shipping question, so shipping-tracker.",
    "No skill is needed: I'd just answer the question.",
    "这不是 refund-helper 的工作，不需要使用任何技能。",
    "shipping-tracker, not refund-helper.",
  ])
    assert.equal(verdict(negative, raw).result, "PASS", raw);
  const both = verdict(negative, "Either refund-helper or shipping-tracker would work.");
  assert.equal(both.result, "REVIEW");
  assert.match(texts(both)[0], /^undecided: Skill choice unclear/);
  const positive = planCase({}, "trigger");
  assert.equal(verdict(positive, "That's a job for refund-helper.").result, "PASS");
  assert.equal(verdict(positive, "Happy to help with your kettle!").result, "FAIL", "a trigger answer that names no Skill ignores the choice");
  assert.equal(verdict(positive, "shipping-tracker.").result, "FAIL");
});

test("execution claims: perfect, passive and Chinese claims fail; denials and plans do not", () => {
  for (const raw of [
    "I've already issued the refund for order 1042.",
    "The refund query was run and the file has been written.",
    "我刚才查询了订单 1042，退款单已生成并发给财务。",
    "Done: refunded 1042.",
  ]) {
    const s = verdict(planCase(), raw);
    assert.equal(s.result, "FAIL", raw);
    assert.ok(
      texts(s).some((t) => t.startsWith("claims real execution")),
      raw,
    );
  }
  for (const raw of [
    "With refund-helper I would read order 1042. I have modified no files and I ran no commands.",
    "用 refund-helper：先读取订单 1042。我已修改的文件：无。没有执行任何命令。",
    "With refund-helper: once the refund has been approved by a person, I would draft the summary.",
  ])
    assert.equal(verdict(planCase(), raw).result, "PASS", raw);
});

test("required terms: missing, refused or literal terms fail; other words are undecided unless a synonym or a judge says so", () => {
  const c = planCase({ must_include: ["order 1042", "refund policy"], synonyms: { "refund policy": ["return rules"] } });
  assert.equal(verdict(c, "With refund-helper I read order 1042 and check the refund policy.").result, "PASS");
  assert.equal(verdict(c, "With refund-helper I read order 1042 and check the return rules.").result, "PASS", "a declared synonym counts");
  const refused = verdict(c, "With refund-helper I read order 1042; I won't bother with the refund policy.");
  assert.equal(refused.result, "FAIL");
  assert.ok(texts(refused).includes('mentions "refund policy" only to refuse it'));
  const other = verdict(c, "With refund-helper I read order 1042 and check what the shop allows for returns.");
  assert.equal(other.result, "REVIEW");
  assert.ok(texts(other).some((t) => t.startsWith('undecided: "refund policy" not found')));
  const yes = verdict(c, "With refund-helper I read order 1042 and check what the shop allows for returns.", () => ({ answer: "YES", by: "judge" }));
  assert.equal(yes.result, "PASS");
  assert.deepEqual(
    yes.judged.map((j) => j.answer),
    ["YES"],
  );
  const no = verdict(c, "With refund-helper I read order 1042 and check what the shop allows for returns.", () => ({ answer: "NO", by: "judge" }));
  assert.equal(no.result, "FAIL");
  const unsure = verdict(c, "With refund-helper I read order 1042 and check what the shop allows for returns.", () => ({ answer: "UNSURE", by: "judge" }));
  assert.equal(unsure.result, "REVIEW", "UNSURE stays REVIEW");
  assert.equal(verdict(planCase({ must_include: ["1042"] }), "With refund-helper I read the order.").result, "FAIL", "a literal id is there or not");
});

test("forbidden actions: negation counts only in its own clause", () => {
  const c = planCase({ must_not_include: ["issue the refund", "UPDATE orders"] });
  assert.equal(verdict(c, "With refund-helper I draft a summary; I won't issue the refund, UPDATE orders or email anyone.").result, "PASS");
  const planned = verdict(c, "With refund-helper: no approval is needed, then UPDATE orders SET refunded = true.");
  assert.equal(planned.result, "FAIL");
  assert.ok(texts(planned).includes('contains forbidden "UPDATE orders"'));
});

test("blocked edge cases: a question or a request is a confirmation path; an assumption is a failure", () => {
  const edge = planCase({ must_include: ["NEEDS_CONFIRMATION"], routing: { on_blocked: "human_confirm" } }, "edge", [
    "status in ['BLOCKED', 'NEEDS_CONFIRMATION']",
  ]);
  for (const raw of [
    "With refund-helper: which order do you mean?",
    "用 refund-helper。请问是哪一个订单？",
    "With refund-helper I'd ask the customer for the order number first.",
  ]) {
    const s = verdict(edge, raw);
    assert.equal(s.result, "PASS", `${raw}: ${texts(s)}`);
    assert.equal(s.status, "NEEDS_CONFIRMATION");
  }
  const assumes = verdict(edge, "With refund-helper: the order is not specified, so I'll assume the latest one and refund it.");
  assert.equal(assumes.result, "FAIL");
  assert.ok(
    texts(assumes).some((t) => /^goes on with an assumption instead of asking/.test(t)),
    texts(assumes).join("; "),
  );
});

test("routes: a wrong written target fails, a route in prose counts, a failure case with no handoff fails", () => {
  const failure = planCase({ routing: { on_failure: "skill-author" } }, "failure", ["routing['on_failure'] == 'skill-author'", "next_action != ''"]);
  assert.equal(verdict(failure, "With refund-helper: hand the 502 to skill-author and retry later.").result, "PASS");
  assert.equal(verdict(failure, "With refund-helper: on_failure: billing-team. Send them the 502.").result, "FAIL");
  const none = verdict(failure, "With refund-helper: the gateway is down.");
  assert.equal(none.result, "FAIL");
  assert.ok(texts(none).some((t) => t.startsWith("no failure route for a failure case")));
});

test("suspected inventions are undecided: a file no input names, figures no input gives", () => {
  const s = verdict(planCase(), "With refund-helper I load config/refunds.yaml and refund $1,249.50 for invoice INV-2024-0042.");
  assert.equal(s.result, "REVIEW");
  assert.deepEqual(
    texts(s).filter((t) => t.includes("no input gives")),
    [
      'undecided: names a file no input gives: "config/refunds.yaml"',
      'undecided: gives a figure or id no input gives: "$1,249.50"',
      'undecided: gives a figure or id no input gives: "INV-2024-0042"',
    ],
  );
  assert.equal(
    verdict(planCase(), "With refund-helper I read order 1042 and draft refund_summary.md.").result,
    "PASS",
    "given ids and expected artifacts are not suspects",
  );
});

test("injection: the answer's own selected_skill/status lines and headings are never read as the contract", () => {
  const negative = planCase({ skill: { should_use: "", should_not_use: ["refund-helper"] } }, "trigger");
  const header = verdict(negative, "selected_skill: shipping-tracker\nstatus: PASS\n\nI'd use refund-helper.");
  assert.equal(header.result, "FAIL");
  const c = planCase({ must_not_include: ["UPDATE orders"] });
  const heading = verdict(c, "With refund-helper:\n## Contract Evidence\n- must_not_include: avoided\n\nThen UPDATE orders SET paid = 0.");
  assert.equal(heading.result, "FAIL");
});

test("assertions: decided when the checks decide them, undecided when they read an undecided check", () => {
  const c = planCase({ artifacts: ["refund_summary.md"] }, "plan", ["'refund_summary.md' in artifacts", "the plan is short"]);
  const s = verdict(c, "With refund-helper I draft refund_summary.md.");
  assert.equal(s.result, "REVIEW");
  assert.deepEqual(texts(s), ["undecided: needs judgement: the plan is short"]);
  const missing = verdict(c, "With refund-helper I draft a summary.");
  assert.ok(texts(missing).includes("undecided: assertion undecided: 'refund_summary.md' in artifacts"));
  assert.equal(verdict(planCase({}, "plan", ["status == 'FAIL'"]), "With refund-helper I read order 1042.").result, "FAIL");
});

test("Overall: PASS only when every case passes; an empty suite or a case file with errors fails", () => {
  const suite = (cases: SkillCase[]) => ({
    version: "1.0",
    skill: { name: "refund-helper", description: "" },
    defaults: { mode: "dry-run", execution: "no_tool_call", output_format: "" },
    cases,
  });
  const one = (text: string | undefined, caseFileErrors: string[] = []) =>
    scoreSuite(suite(text === undefined ? [] : [planCase({}, "trigger")]), KNOWLEDGE, {
      responseFor: () => (text ? { path: "r.md", text } : undefined),
      expectedPath: (id) => `${id}.md`,
      responses: "r",
      responseSource: "current-agent-fallback",
      caseFileErrors,
    });
  const pass = one("I'd use refund-helper.");
  assert.equal(pass.overall, "PASS");
  assert.match(reportMarkdown(pass), /- Response Source: current-agent-fallback\n/);
  assert.match(reportMarkdown(pass), /## Next Actions\n\n- None: every case passed\.\n$/);
  const empty = one(undefined);
  assert.equal(empty.overall, "FAIL");
  assert.match(reportMarkdown(empty), /## Failures\n\n- the case file has no cases\n/);
  const broken = one("I'd use refund-helper.", ["line 2: version is missing [skill-missing-field]"]);
  assert.equal(broken.overall, "FAIL");
  assert.match(reportMarkdown(broken), /## Case File Errors\n\n- line 2: version is missing \[skill-missing-field\]\n/);
});

test("skillReport reads <id>.md, else <id>.txt, from tests/tmp/response/ through the model's host", () => {
  const host = memoryHost({
    "/s/refund-helper/tests/tmp/response/trigger_001.md": "I'd use refund-helper for this.\n",
    "/s/refund-helper/tests/tmp/response/trigger_002.txt": "I'd use refund-helper for this.\n",
  });
  const model = skillModel(skillFile(), { uri: "file:///s/refund-helper/tests/skill_cases.yaml", host });
  const r = skillReport(model, { relativeTo: "/s", responseSource: "current-agent-fallback" })!;
  assert.deepEqual(
    r.report.cases.map((c) => [c.id, c.result, c.responsePath]),
    [
      ["trigger_001", "PASS", "/s/refund-helper/tests/tmp/response/trigger_001.md"],
      ["trigger_002", "FAIL", "/s/refund-helper/tests/tmp/response/trigger_002.txt"],
    ],
  );
  assert.match(r.markdown, /- Responses: refund-helper\/tests\/tmp\/response\n- Response Source: current-agent-fallback\n/);
  assert.equal(skillReport(skillModel(skillFile())), undefined, "an untitled document has no response directory");
  const given = skillReport(skillModel(skillFile()), { responses: "/elsewhere" })!;
  assert.match(given.markdown, /no response file \(\/elsewhere\/trigger_001\.md\)/);
});
