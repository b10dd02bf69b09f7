import { test } from "node:test";
import assert from "node:assert/strict";
import { marked, yaml } from "../helpers/fixture";
import { compactCase, diagnoseSkill, expectNoSkill, expectSkill, head, memoryHost, negative, positive, skillFile } from "../helpers/skill";

const FILE_URI = "file:///s/refund-helper/tests/skill_cases.yaml";

test("the helpers' base case file has no diagnostics at all", () => {
  assert.deepEqual(diagnoseSkill(skillFile()), []);
});

test("yaml-syntax: text after a block scalar indicator, as in the specification's template, is a clear error at that line", () => {
  const got = expectSkill(
    skillFile({
      extra: [
        compactCase(yaml`
          - id: plan_001
            type: plan
            title: Plan
            query: > ⟦<用户请求>⟧
        `),
      ],
    }),
    {
      code: "yaml-syntax",
      field: null,
      message: 'text cannot follow the block scalar indicator ">" on the same line: start the text on the next line, indented (or quote it: key: "text")',
    },
  );
  assert.equal(got[0].severity, "error");
  // The empty query the parser recovers on that line is not reported again.
  expectNoSkill(
    marked(
      skillFile({
        extra: [
          yaml`
    - id: plan_001
      type: plan
      title: Plan
      query: > <用户请求>
  `,
        ],
      }),
    ).text,
    "skill-field-empty",
  );
});

test("yaml-duplicate-key: the second key, with the first as related", () => {
  const m = marked(head.replace("skill:\n  name: refund-helper", "skill:\n  ⟦name⟧: refund-helper\n  ⟦name⟧: other") + positive + negative);
  const got = diagnoseSkill(m.text).filter((d) => d.code === "yaml-duplicate-key");
  assert.equal(got.length, 1);
  assert.equal(got[0].message, 'mapping key "name" already defined at line 3');
  assert.deepEqual(got[0].range, m.ranges[1]);
  assert.deepEqual(got[0].related?.[0].range, m.ranges[0]);
});

test("skill-field-required: missing top-level keys at the document's first key, missing nested keys at their parent's key", () => {
  expectSkill(
    yaml`
      ⟦version⟧: "1.0"
      skill:
        name: refund-helper
      cases: []
    `,
    { code: "skill-field-required", field: "defaults", message: "is required" },
  );
  expectSkill(
    yaml`
      version: "1.0"
      ⟦skill⟧:
        description: x
      defaults:
        mode: dry-run
        execution: no_tool_call
      cases: []
    `,
    { code: "skill-field-required", field: "skill.name", message: "is required" },
  );
  expectSkill(
    skillFile({
      cases: [positive, negative.replace("    expected:", "    ⟦expected⟧:").replace("      routing: {}\n", "")],
    }),
    { code: "skill-field-required", field: "cases[1].expected.routing", message: "is required (write {} when there is none)" },
  );
});

test("skill-field-required: a case missing a field is reported at its dash; an empty inputs: at its key, once per field", () => {
  expectSkill(
    skillFile({
      extra: [
        compactCase(yaml`
          ⟦-⟧ id: plan_001
            type: plan
            query: "Plan a refund."
        `),
      ],
    }),
    { code: "skill-field-required", field: "cases[2].title", message: "is required" },
  );
  const got = expectSkill(skillFile({ cases: [positive.replace("    inputs:\n      files: []\n      context: {}\n", "    ⟦⟦inputs⟧⟧:\n"), negative] }), {
    code: "skill-field-required",
  });
  assert.deepEqual(
    got.map((d) => [d.field, d.message]),
    [
      ["cases[0].inputs.files", "is required (write [] when there are none)"],
      ["cases[0].inputs.context", "is required (write {} when there is none)"],
    ],
  );
});

test("skill-field-type: mistyped values at the value, an empty list at its key, bad items at the item", () => {
  const got = expectSkill(
    skillFile({
      cases: [
        positive
          .replace("      files: []", "      ⟦files⟧:")
          .replace("      must_include: []", "      must_include: ⟦open the order⟧")
          .replace("      context: {}", "      context: ⟦[]⟧")
          .replace("      artifacts: []", "      artifacts:\n        - ⟦{name: x}⟧"),
        negative.replace("      routing: {}", "      routing:\n        on_success: ⟦[finish]⟧"),
      ],
    }),
    { code: "skill-field-type", severity: "error" },
  );
  assert.deepEqual(
    got.map((d) => [d.field, d.message]),
    [
      ["cases[0].inputs.files", "must be a list (write [] when there are none)"],
      ["cases[0].inputs.context", "must be a map"],
      ["cases[0].expected.must_include", "must be a list"],
      ["cases[0].expected.artifacts[0]", "must be a string"],
      ["cases[1].expected.routing.on_success", "must be a route target (a string)"],
    ],
  );
  expectSkill(head + positive + negative + "  - ⟦just a string⟧\n", { code: "skill-field-type", field: "cases[2]", message: "must be a map (a case)" });
  expectSkill("⟦- a\n- b⟧\n", { code: "skill-field-type", field: null, message: "the case file must be a mapping (version, skill, defaults, cases)" });
});

test("skill-field-empty: a required text field written empty", () => {
  expectSkill(skillFile({ cases: [positive.replace("title: Refund request", 'title: ⟦""⟧'), negative] }), {
    code: "skill-field-empty",
    field: "cases[0].title",
    message: "must not be empty",
  });
});

test("skill-unknown-key: a warning with did-you-mean, tagged unnecessary", () => {
  const got = expectSkill(skillFile({ cases: [positive.replace("      must_include: []", "      ⟦must_includes⟧: []"), negative] }), {
    code: "skill-unknown-key",
    field: "cases[0].expected.must_includes",
    message: 'unknown key "must_includes" (did you mean "must_include"?)',
    severity: "warning",
  });
  assert.deepEqual(got[0].tags, [1]);
});

test("enum values: type, mode and output_format must be valid (errors); execution is checked against the documented value (warning)", () => {
  expectSkill(skillFile({ cases: [positive.replace("type: trigger", "type: ⟦Trigger⟧"), negative] }), {
    code: "skill-case-type-unknown",
    field: "cases[0].type",
    message: 'must be one of trigger, plan, contract, edge, failure (got "Trigger")',
    severity: "error",
  });
  expectSkill(skillFile({ head: head.replace("mode: dry-run", "mode: ⟦dry_run⟧") }), {
    code: "skill-mode-unknown",
    field: "defaults.mode",
    message: 'must be one of dry-run, mock, execution (got "dry_run")',
    severity: "error",
  });
  expectSkill(skillFile({ head: head.replace("execution: no_tool_call", "execution: no_tool_call\n  output_format: ⟦yaml⟧") }), {
    code: "skill-output-format-unknown",
    field: "defaults.output_format",
    message: 'must be one of json, markdown (got "yaml")',
  });
  expectSkill(skillFile({ head: head.replace("execution: no_tool_call", "execution: ⟦tools_allowed⟧") }), {
    code: "skill-execution-unknown",
    field: "defaults.execution",
    message: '"tools_allowed" is not a documented execution value (documented: no_tool_call)',
    severity: "warning",
  });
  for (const mode of ["dry-run", "mock", "execution"]) expectNoSkill(skillFile({ head: head.replace("mode: dry-run", `mode: ${mode}`) }), "skill-mode-unknown");
});

test("skill-id-duplicate: at the second id, the first related; ids differing only in case collide too", () => {
  const m = marked(skillFile({ cases: [positive.replace("id: trigger_001", "id: ⟦trigger_001⟧"), negative.replace("id: trigger_002", "id: ⟦trigger_001⟧")] }));
  const got = diagnoseSkill(m.text).filter((d) => d.code === "skill-id-duplicate");
  assert.equal(got.length, 1);
  assert.equal(got[0].field, "cases[1].id");
  assert.equal(got[0].message, 'must be unique ("trigger_001" is also cases[0].id)');
  assert.deepEqual(got[0].range, m.ranges[1]);
  assert.deepEqual(got[0].related?.[0].range, m.ranges[0]);
  expectSkill(skillFile({ cases: [positive, negative.replace("id: trigger_002", "id: ⟦Trigger_001⟧")] }), {
    code: "skill-id-duplicate",
    message:
      'must be unique ("Trigger_001" is also cases[0].id; "trigger_001" differs only in case, and their response files collide on case-insensitive file systems)',
  });
});

test("skill-id-unsafe: an id that cannot name <id>.md; safe ids pass", () => {
  expectSkill(skillFile({ cases: [positive.replace("id: trigger_001", 'id: ⟦"../trigger 1"⟧'), negative] }), {
    code: "skill-id-unsafe",
    field: "cases[0].id",
    message: '"../trigger 1" cannot name the response file ../trigger 1.md: use letters, digits, "_", "-" and "." only',
    severity: "error",
  });
  expectNoSkill(skillFile({ cases: [positive.replace("id: trigger_001", "id: trigger-1.a"), negative] }), "skill-id-unsafe");
});

test("skill-id-convention: a hint when the id does not follow <type>_NNN", () => {
  expectSkill(skillFile({ cases: [positive.replace("id: trigger_001", "id: ⟦t1⟧"), negative.replace("id: trigger_002", "id: ⟦plan_002⟧")] }), {
    code: "skill-id-convention",
    severity: "hint",
  }).forEach((d, i) =>
    assert.equal(
      d.message,
      [`"t1" does not follow the <type>_NNN convention (e.g. trigger_001)`, `"plan_002" does not follow the <type>_NNN convention (e.g. trigger_001)`][i],
    ),
  );
});

test('skill-should-use-implausible: should_use and should_not_use items must look like skill names; "" is fine', () => {
  const got = expectSkill(
    skillFile({
      cases: [
        positive.replace("should_use: refund-helper", 'should_use: ⟦"Refund Helper!"⟧'),
        negative.replace("should_not_use: [refund-helper]", "should_not_use: [refund-helper, ⟦the refund skill⟧]"),
      ],
    }),
    { code: "skill-should-use-implausible", severity: "warning" },
  );
  assert.deepEqual(
    got.map((d) => [d.field, d.message]),
    [
      [
        "cases[0].expected.skill.should_use",
        '"Refund Helper!" is not a plausible skill name: write the Skill\'s name (e.g. lowercase words joined by "-"), or "" when no skill should be used',
      ],
      ["cases[1].expected.skill.should_not_use[1]", '"the refund skill" is not a plausible skill name'],
    ],
  );
  expectNoSkill(
    skillFile({ cases: [positive.replace("should_use: refund-helper", "should_use: acme:refund_helper.v2"), negative] }),
    "skill-should-use-implausible",
  );
});

test("skill-template-placeholder: a value left as the template's <placeholder>", () => {
  expectSkill(skillFile({ cases: [positive.replace("should_use: refund-helper", 'should_use: ⟦"<skill-name>"⟧'), negative] }), {
    code: "skill-template-placeholder",
    message: '"<skill-name>" is a placeholder from the template: replace it',
    severity: "warning",
  });
});

test("skill-name-mismatch: skill.name differs from SKILL.md's front matter name", () => {
  const host = memoryHost({ "/s/refund-helper/SKILL.md": "---\nname: refund-assistant\ndescription: x\n---\n# Refund\n" });
  expectSkill(
    skillFile({ head: head.replace("name: refund-helper", "name: ⟦refund-helper⟧") }),
    {
      code: "skill-name-mismatch",
      field: "skill.name",
      message: '"refund-helper" differs from the name in SKILL.md ("refund-assistant")',
      severity: "warning",
    },
    { uri: FILE_URI, host },
  );
  expectNoSkill(skillFile(), "skill-name-mismatch", { uri: FILE_URI, host: memoryHost({ "/s/refund-helper/SKILL.md": "---\nname: refund-helper\n---\n" }) });
});

test("skill-trigger-coverage: at least one positive and one negative trigger case, reported at cases:", () => {
  expectSkill(head.replace("cases:", "⟦cases⟧:") + negative, {
    code: "skill-trigger-coverage",
    field: "cases",
    message: 'no positive trigger case: add a trigger case whose expected.skill.should_use is "refund-helper"',
    severity: "warning",
  });
  expectSkill(head.replace("cases:", "⟦cases⟧:") + positive, {
    code: "skill-trigger-coverage",
    message: 'no negative trigger case: add a trigger case that lists "refund-helper" in expected.skill.should_not_use',
  });
  expectNoSkill(skillFile(), "skill-trigger-coverage");
});

const failureCase = (routing: string) =>
  compactCase(
    yaml`
    - id: failure_001
      type: failure
      title: Payment error
      query: "The payment gateway returned 502."
  `,
    { routing },
  );

test("skill-failure-route-missing: a failure case whose routing has no failure route", () => {
  expectSkill(skillFile({ extra: [failureCase("⟦{on_success: finish}⟧")] }), {
    code: "skill-failure-route-missing",
    field: "cases[2].expected.routing",
    message: "a failure case needs a failure route (e.g. on_failure: skill-author): the Skill Testing scorer fails a failure case whose response has none",
    severity: "warning",
  });
  expectNoSkill(skillFile({ extra: [failureCase("{on_failure: skill-author}")] }), "skill-failure-route-missing");
  expectNoSkill(skillFile({ extra: [failureCase("{on_env_failure: env-agent}")] }), "skill-failure-route-missing");
});

const edgeCase = (mustInclude: string, routing: string) =>
  compactCase(
    yaml`
    - id: edge_001
      type: edge
      title: No order number
      query: "I want a refund."
  `,
    { mustInclude, routing },
  );

test("skill-blocked-route-missing: an edge case meant to block without on_blocked", () => {
  expectSkill(skillFile({ extra: [edgeCase("[NEEDS_CONFIRMATION]", "⟦{}⟧")] }), {
    code: "skill-blocked-route-missing",
    field: "cases[2].expected.routing",
    message:
      "this edge case should block but has no on_blocked route (e.g. on_blocked: human_confirm): the Skill Testing scorer fails a blocked edge case without a confirmation path",
    severity: "warning",
  });
  expectNoSkill(skillFile({ extra: [edgeCase("[NEEDS_CONFIRMATION]", "{on_blocked: human_confirm}")] }), "skill-blocked-route-missing");
  // An edge case that is not meant to block needs no confirmation route.
  expectNoSkill(skillFile({ extra: [edgeCase("[the closest order]", "{}")] }), "skill-blocked-route-missing");
  // Blocking named by an assertion counts too.
  expectSkill(skillFile({ extra: [edgeCase("[]", "⟦{}⟧").replace("assertions: []", "assertions: [\"status in ['BLOCKED', 'NEEDS_CONFIRMATION']\"]")] }), {
    code: "skill-blocked-route-missing",
  });
});

test("skill-trigger-assertion-contradiction: a trigger case's selected_skill assertion against its expected.skill", () => {
  expectSkill(skillFile({ cases: [positive.replace(`- "selected_skill == 'refund-helper'"`, `- ⟦"selected_skill == 'other-skill'"⟧`), negative] }), {
    code: "skill-trigger-assertion-contradiction",
    field: "cases[0].assertions[0]",
    message: 'contradicts expected.skill: expected.skill.should_use is "refund-helper"',
    severity: "warning",
  });
  expectSkill(skillFile({ cases: [positive, negative.replace(`- "selected_skill != 'refund-helper'"`, `- ⟦"selected_skill == 'refund-helper'"⟧`)] }), {
    code: "skill-trigger-assertion-contradiction",
    message: 'contradicts expected.skill: "refund-helper" is in expected.skill.should_not_use',
  });
  expectSkill(
    skillFile({ cases: [positive.replace(`- "selected_skill == 'refund-helper'"`, `- ⟦"status == 'PASS' and selected_skill != 'refund-helper'"⟧`), negative] }),
    {
      code: "skill-trigger-assertion-contradiction",
      message: 'contradicts expected.skill: expected.skill.should_use is "refund-helper"',
    },
  );
  expectNoSkill(skillFile(), "skill-trigger-assertion-contradiction");
});

test("skill-assertion-needs-judgement: information (never an error) for assertions the checker cannot evaluate", () => {
  const got = expectSkill(
    skillFile({
      cases: [
        positive.replace(
          `- "selected_skill == 'refund-helper'"`,
          `- "selected_skill == 'refund-helper'"\n      - ⟦"the answer is polite"⟧\n      - ⟦"selected_skill = 'refund-helper'"⟧\n      - ⟦"len(artifacts) == 1"⟧`,
        ),
        negative,
      ],
    }),
    { code: "skill-assertion-needs-judgement", severity: "information" },
  );
  assert.deepEqual(
    got.map((d) => d.message),
    [
      "needs judgement: the checker cannot evaluate this assertion (not one of the simple forms); a reviewer judges it",
      'needs judgement: the checker cannot evaluate this assertion (unexpected "="); a reviewer judges it',
      'needs judgement: the checker cannot evaluate this assertion (unknown function "len"); a reviewer judges it',
    ],
  );
  const simple = [
    "selected_skill == 'refund-helper'",
    "'report.json' in artifacts",
    "status in ['BLOCKED', 'NEEDS_CONFIRMATION']",
    "artifact_exists('report.json')",
    "routing['on_failure'] == 'skill-author' and next_action != ''",
    "not ('x' in artifacts) or status == \"PASS\"",
  ];
  const list = simple.map((a) => `      - ${JSON.stringify(a)}`).join("\n");
  expectNoSkill(skillFile({ cases: [positive.replace(`      - "selected_skill == 'refund-helper'"`, list), negative] }), "skill-assertion-needs-judgement");
});

test("skill-input-file-missing: inputs.files relative to the Skill directory (the folder above tests/)", () => {
  const host = memoryHost({ "/s/refund-helper/references/policy.md": "policy" });
  const src = skillFile({ cases: [positive.replace("files: []", "files: [references/policy.md, ⟦references/missing.md⟧]"), negative] });
  expectSkill(
    src,
    {
      code: "skill-input-file-missing",
      field: "cases[0].inputs.files[1]",
      message: '"references/missing.md" does not exist in the Skill directory',
      severity: "warning",
    },
    { uri: FILE_URI, host },
  );
  // An untitled document has no directory to check against.
  expectNoSkill(src, "skill-input-file-missing");
});
