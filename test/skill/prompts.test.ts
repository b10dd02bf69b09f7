import { test } from "node:test";
import assert from "node:assert/strict";
import { yaml } from "../helpers/fixture";
import { buildPrompt, buildPrompts, promptsJson, promptsMarkdown } from "../../server/src/service/skill-cases";
import { skillFile, skillModel } from "../helpers/skill";

const none = { files: [], context: {} };

test("trigger prompt: the skill's exact words, the restriction last", () => {
  assert.equal(
    buildPrompt({ type: "trigger", query: "I want my money back for order 1042.", inputs: none }),
    "If the user's query is: I want my money back for order 1042., which skill will you use to handle it?\n" +
      "Do not actually execute tools or modify files. Only output the name of the skill you select along with a brief reason.",
  );
});

test("plan, contract, edge and failure prompts: the skill's exact words", () => {
  for (const type of ["plan", "contract", "edge", "failure"]) {
    assert.equal(
      buildPrompt({ type, query: "Refund order 1042", inputs: none }),
      "If the user's query is: Refund order 1042, what steps will you take?\n" + "Do not execute any tools or modify files in reality; output only your plan.",
    );
  }
});

test("inputs.files and inputs.context come as test context before the dry-run restriction, which stays last", () => {
  assert.equal(
    buildPrompt({
      type: "plan",
      query: "Refund order 1042",
      inputs: { files: ["references/refund-policy.md", "examples/order.json"], context: { order_id: "1042", customer: { tier: "gold" } } },
    }),
    [
      "If the user's query is: Refund order 1042, what steps will you take?",
      "Test context:",
      "- Files: references/refund-policy.md, examples/order.json",
      "- order_id: 1042",
      '- customer: {"tier":"gold"}',
      "Do not execute any tools or modify files in reality; output only your plan.",
    ].join("\n"),
  );
  assert.equal(
    buildPrompt({ type: "trigger", query: "q", inputs: { files: [], context: { locale: "zh" } } }),
    "If the user's query is: q, which skill will you use to handle it?\nTest context:\n- locale: zh\n" +
      "Do not actually execute tools or modify files. Only output the name of the skill you select along with a brief reason.",
  );
});

test("a folded multi-line query is read as YAML folds it, without its trailing newline", () => {
  const m = skillModel(
    skillFile({
      extra: [
        yaml`
          - id: plan_001
            type: plan
            title: Plan
            query: >
              Customer Ana asks for a refund
              of order 1042.
            inputs: {files: [], context: {}}
        `,
      ],
    }),
  );
  assert.equal(
    buildPrompts(m.suite)[2].prompt,
    "If the user's query is: Customer Ana asks for a refund of order 1042., what steps will you take?\n" +
      "Do not execute any tools or modify files in reality; output only your plan.",
  );
});

test("promptsJson and promptsMarkdown list one prompt per case", () => {
  const m = skillModel(skillFile());
  assert.deepEqual(JSON.parse(promptsJson(m.suite)), {
    skill: "refund-helper",
    mode: "dry-run",
    prompts: [
      {
        id: "trigger_001",
        type: "trigger",
        title: "Refund request",
        prompt:
          "If the user's query is: I want my money back for order 1042., which skill will you use to handle it?\n" +
          "Do not actually execute tools or modify files. Only output the name of the skill you select along with a brief reason.",
      },
      {
        id: "trigger_002",
        type: "trigger",
        title: "Poem request",
        prompt:
          "If the user's query is: Write a poem about autumn., which skill will you use to handle it?\n" +
          "Do not actually execute tools or modify files. Only output the name of the skill you select along with a brief reason.",
      },
    ],
  });
  assert.equal(
    promptsMarkdown(m.suite),
    [
      "# Dry-run prompts: refund-helper",
      "",
      "## trigger_001 (trigger): Refund request",
      "",
      "```text",
      "If the user's query is: I want my money back for order 1042., which skill will you use to handle it?",
      "Do not actually execute tools or modify files. Only output the name of the skill you select along with a brief reason.",
      "```",
      "",
      "## trigger_002 (trigger): Poem request",
      "",
      "```text",
      "If the user's query is: Write a poem about autumn., which skill will you use to handle it?",
      "Do not actually execute tools or modify files. Only output the name of the skill you select along with a brief reason.",
      "```",
      "",
    ].join("\n"),
  );
});
