import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { URI } from "vscode-uri";
import { buildSkillModel, parseResponse, reportMarkdown, scoreCase, scoreSuite, SkillCase, skillReport } from "../../server/src/service/skill-cases";
import { memoryHost, skillFile, skillModel } from "../helpers/skill";
import { ConfinedFiles } from "../../server/src/workspace/confined-files";
import { confinedSkillHost } from "../../server/src/workspace/skill-host";

const ROOT = resolve(__dirname, "../../..");
const SKILL = join(ROOT, "test/fixtures/skill/refund-helper");

function fixtureReport() {
  const file = join(SKILL, "tests/skill_cases.yaml");
  const model = buildSkillModel(readFileSync(file, "utf8"), URI.file(file).toString(), confinedSkillHost(new ConfinedFiles([SKILL])));
  const dir = join(SKILL, "tests/tmp/response");
  return scoreSuite(model.suite, {
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
      ["plan_001", 83, "REVIEW"],
      ["contract_001", 100, "REVIEW"],
      ["edge_001", 30, "FAIL"],
      ["failure_001", 0, "FAIL"],
    ],
  );
  assert.equal(report.overall, "FAIL");
  assert.equal(reportMarkdown(report), readFileSync(join(SKILL, "expected-report.md"), "utf8"));
});

test("plan_001's score follows the rubric: 2 of 3 must_include terms missing, one route to the wrong target", () => {
  const plan = fixtureReport().cases.find((c) => c.id === "plan_001")!;
  assert.deepEqual(plan.points, { selection: 15, workflow: 7, contract: 20, edge: 15, routing: 11, overreach: 10, expression: 5 });
});

test("parseResponse reads the response contract's header, lists and sections", () => {
  const r = parseResponse(
    [
      "selected_skill: `refund-helper`",
      "status: needs_confirmation",
      "artifacts: [refund_summary.md, 'audit.json']",
      "routing:",
      "- on_blocked: human_confirm",
      "- on_failure -> skill-author",
      "next_action: none",
      "",
      "## Summary",
      "Asks for the order number.",
      "## Contract Evidence",
      "- must_not_include: issue the refund (avoided)",
      "## Raw Response",
      "Which order do you mean?",
    ].join("\n"),
  );
  assert.equal(r.formatted, true);
  assert.equal(r.selected_skill, "refund-helper");
  assert.equal(r.status, "NEEDS_CONFIRMATION");
  assert.deepEqual(r.artifacts, ["refund_summary.md", "audit.json"]);
  assert.deepEqual(r.routing, { on_blocked: "human_confirm", on_failure: "skill-author" });
  assert.equal(r.next_action, "");
  assert.ok(r.searchable.includes("Which order do you mean?"));
  assert.ok(!r.searchable.includes("issue the refund"), "Contract Evidence restates expectations and is not searched");
});

const planCase = (over: Partial<SkillCase["expected"]> = {}, type = "plan", assertions: string[] = []): SkillCase => ({
  index: 0,
  id: `${type}_001`,
  type,
  title: "Refund plan",
  query: "Refund order 1042",
  inputs: { files: [], context: {} },
  expected: { skill: { should_use: "refund-helper", should_not_use: [] }, must_include: [], must_not_include: [], artifacts: [], routing: {}, ...over },
  assertions,
  tags: [],
});

const response = (header: string, raw: string) => parseResponse(`${header}\n\n## Raw Response\n${raw}\n`);
const where = { expectedPath: "x.md" };

test("automatic failures: a forbidden skill, forbidden content, and claims of real execution", () => {
  const negative = planCase({ skill: { should_use: "", should_not_use: ["refund-helper"] } }, "trigger");
  const picked = scoreCase(negative, response("selected_skill: refund-helper\nstatus: PASS", "I'd use refund-helper."), where);
  assert.equal(picked.result, "FAIL");
  assert.deepEqual(
    picked.findings.map((f) => f.text),
    ['selected "refund-helper", which expected.skill.should_not_use forbids'],
  );

  const forbidden = scoreCase(
    planCase({ must_not_include: ["issue the refund"] }),
    response("selected_skill: refund-helper\nstatus: PASS", "Then I issue the refund."),
    where,
  );
  assert.equal(forbidden.result, "FAIL");
  assert.equal(forbidden.points.overreach, 0);
  const avoided = scoreCase(
    planCase({ must_not_include: ["issue the refund"] }),
    response("selected_skill: refund-helper\nstatus: PASS", "I will never issue the refund myself."),
    where,
  );
  assert.equal(avoided.result, "PASS");
  assert.deepEqual(
    avoided.findings.map((f) => f.kind),
    ["note"],
  );

  const ran = scoreCase(planCase(), response("selected_skill: refund-helper\nstatus: PASS", "I have executed the refund script and it worked."), where);
  assert.equal(ran.result, "FAIL");
  assert.match(ran.findings[0].text, /^claims real execution in a dry run: "I have executed the refund script/);
  const planned = scoreCase(
    planCase(),
    response("selected_skill: refund-helper\nstatus: PASS", "I would run the refund script after approval; I have not executed anything."),
    where,
  );
  assert.equal(planned.result, "PASS");
});

test("failure cases need a failure route and a next action; blocked edge cases a confirmation path", () => {
  const failure = planCase({ routing: { on_failure: "skill-author" } }, "failure");
  const bare = scoreCase(
    failure,
    response("selected_skill: refund-helper\nstatus: PASS\nrouting:\n- on_failure: skill-author\nnext_action:", "Hand the error to the author."),
    where,
  );
  assert.equal(bare.result, "FAIL");
  assert.deepEqual(
    bare.findings.map((f) => f.text),
    ["no next_action (the repair or handoff) for a failure case"],
  );
  const good = scoreCase(
    failure,
    response(
      "selected_skill: refund-helper\nstatus: PASS\nrouting:\n- on_failure: skill-author\nnext_action: send the 502 to the skill author",
      "Hand the error to the author.",
    ),
    where,
  );
  assert.equal(good.result, "PASS");
  assert.equal(good.score, 100);

  const edge = planCase({ must_include: ["NEEDS_CONFIRMATION"] }, "edge");
  const asks = scoreCase(edge, response("selected_skill: refund-helper\nstatus: NEEDS_CONFIRMATION", "NEEDS_CONFIRMATION: which order?"), where);
  assert.equal(asks.result, "PASS");
  const guesses = scoreCase(edge, response("selected_skill: refund-helper\nstatus: PASS", "NEEDS_CONFIRMATION is not needed, I pick the last order."), where);
  assert.equal(guesses.result, "FAIL");
});

test("should_use: a plan-like case passes when the text says it uses the skill; a trigger case needs the selection", () => {
  const plan = scoreCase(planCase(), response("selected_skill:\nstatus: PASS", "With refund-helper I would read the order."), where);
  assert.equal(plan.points.selection, 15);
  const trigger = scoreCase(planCase({}, "trigger"), response("selected_skill:\nstatus: PASS", "With refund-helper I would read the order."), where);
  assert.equal(trigger.result, "FAIL");
  assert.deepEqual(
    trigger.findings.map((f) => f.text),
    ['selected no skill; expected "refund-helper"'],
  );
  assert.equal(trigger.score, 15, "a trigger case that misses the selection keeps only the points it earned outright");
});

test("deductions make REVIEW; an unformatted or UNKNOWN response loses the expression points", () => {
  const c = planCase({ must_include: ["order 1042", "refund policy"], artifacts: ["refund_summary.md"] });
  const r = scoreCase(c, response("selected_skill: refund-helper\nstatus: PASS", "Read order 1042."), where);
  assert.equal(r.score, 70);
  assert.equal(r.result, "REVIEW");
  const prose = scoreCase(planCase(), parseResponse("I would use refund-helper and read the order."), where);
  assert.equal(prose.points.expression, 0);
  assert.equal(prose.findings[0].text, "not in the response contract format (no selected_skill:/status: header)");
  const unknown = scoreCase(planCase(), response("selected_skill: refund-helper\nstatus: UNKNOWN", "Maybe."), where);
  assert.equal(unknown.score, 95);
});

test("assertions: evaluated when simple (a false one fails the case), left to judgement otherwise (at best REVIEW)", () => {
  const header = "selected_skill: refund-helper\nstatus: BLOCKED\nartifacts:\n- refund_summary.md\nrouting:\n- on_blocked: human_confirm";
  const ok = scoreCase(
    planCase({}, "plan", [
      "selected_skill == 'refund-helper'",
      "'refund_summary.md' in artifacts",
      "artifact_exists('REFUND_SUMMARY.md')",
      "status in ['BLOCKED', 'NEEDS_CONFIRMATION']",
      "routing['on_blocked'] == 'human_confirm' and 'on_failure' not in routing",
      "not (next_action != '')",
    ]),
    response(header, "Blocked until a person confirms."),
    where,
  );
  assert.deepEqual(ok.findings, []);
  assert.equal(ok.result, "PASS");
  const bad = scoreCase(planCase({}, "plan", ["status == 'PASS'"]), response(header, "Blocked."), where);
  assert.equal(bad.result, "FAIL");
  assert.deepEqual(
    bad.findings.map((f) => f.text),
    ["assertion failed: status == 'PASS'"],
  );
  const judged = scoreCase(planCase({}, "plan", ["the plan is short"]), response(header, "Blocked."), where);
  assert.equal(judged.score, 100);
  assert.equal(judged.result, "REVIEW");
});

test("Overall: PASS only when every case passes; an empty suite fails", () => {
  const one = (text: string | undefined) =>
    scoreSuite(
      {
        version: "1.0",
        skill: { name: "refund-helper", description: "" },
        defaults: { mode: "dry-run", execution: "no_tool_call", output_format: "" },
        cases: text === undefined ? [] : [planCase({}, "trigger")],
      },
      {
        responseFor: () => (text ? { path: "r.md", text } : undefined),
        expectedPath: (id) => `${id}.md`,
        responses: "r",
        responseSource: "current-agent-fallback",
      },
    );
  const pass = one("selected_skill: refund-helper\nstatus: PASS\n\n## Raw Response\nrefund-helper");
  assert.equal(pass.overall, "PASS");
  assert.match(reportMarkdown(pass), /- Response Source: current-agent-fallback\n/);
  assert.match(reportMarkdown(pass), /## Next Actions\n\n- None: every case passed\.\n$/);
  const empty = one(undefined);
  assert.equal(empty.overall, "FAIL");
  assert.match(reportMarkdown(empty), /## Failures\n\n- the case file has no cases\n/);
});

test("skillReport reads <id>.md, else <id>.txt, from tests/tmp/response/ through the model's host", () => {
  const host = memoryHost({
    "/s/refund-helper/tests/tmp/response/trigger_001.md": "selected_skill: refund-helper\nstatus: PASS\n",
    "/s/refund-helper/tests/tmp/response/trigger_002.txt": "selected_skill: refund-helper\nstatus: PASS\n",
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
