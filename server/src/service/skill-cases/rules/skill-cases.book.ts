import type { RuleBook } from "../../types";

/** A whole Skill Testing case (under `cases:`), written compactly, with these routes, tags and must_include. */
function skillCase(id: string, type: string, o: { routing?: string; mustInclude?: string; tags?: string } = {}): string {
  return (
    [
      "cases:",
      `  - id: ${id}`,
      `    type: ${type}`,
      "    title: Order number missing",
      "    query: Refund my order.",
      "    inputs: {files: [], context: {}}",
      "    expected:",
      "      skill: {should_use: refund-helper, should_not_use: []}",
      `      must_include: ${o.mustInclude ?? "[]"}`,
      "      must_not_include: []",
      "      artifacts: []",
      `      routing: ${o.routing ?? "{}"}`,
      "    assertions: []",
      ...(o.tags ? [`    tags: ${o.tags}`] : []),
    ].join("\n") + "\n"
  );
}

/** The rules of Skill Testing case files: their pages' text and the examples that show and test them. */
export const skillCasesBook: RuleBook = [
  {
    code: "skill-field-required",
    wrong: "⟦defaults⟧:\n  mode: dry-run\n  output_format: markdown\n",
    right: "defaults:\n  mode: dry-run\n  execution: no_tool_call\n",
  },
  { code: "skill-field-type", wrong: "cases:\n  - tags: ⟦release⟧\n", right: "cases:\n  - tags: [release]\n" },
  { code: "skill-field-empty", wrong: 'cases:\n  - title: ⟦""⟧\n', right: "cases:\n  - title: Refund request\n" },
  { code: "skill-case-type-unknown", wrong: "cases:\n  - type: ⟦trigerr⟧\n", right: "cases:\n  - type: trigger\n" },
  { code: "skill-mode-unknown", wrong: "defaults:\n  mode: ⟦dryrun⟧\n", right: "defaults:\n  mode: dry-run\n" },
  { code: "skill-output-format-unknown", wrong: "defaults:\n  output_format: ⟦yaml⟧\n", right: "defaults:\n  output_format: markdown\n" },
  {
    code: "skill-id-duplicate",
    wrong: "cases:\n  - id: trigger_002 # the next case's id too\n",
    right: "cases:\n  - id: trigger_001\n",
    elsewhere: "at the next case's id",
  },
  { code: "skill-id-unsafe", wrong: "cases:\n  - id: ⟦trigger/001⟧\n", right: "cases:\n  - id: trigger_001\n" },
  { code: "skill-unknown-key", wrong: "cases:\n  - ⟦titel⟧: Refund request\n", right: "cases:\n  - title: Refund request\n" },
  { code: "skill-execution-unknown", wrong: "defaults:\n  execution: ⟦sandboxed⟧\n", right: "defaults:\n  execution: no_tool_call\n" },
  {
    code: "skill-should-use-implausible",
    wrong: "cases:\n  - expected:\n      skill:\n        should_use: ⟦Use the refund helper please⟧\n",
    right: "cases:\n  - expected:\n      skill:\n        should_use: refund-helper\n",
  },
  { code: "skill-template-placeholder", wrong: 'cases:\n  - title: ⟦"<short scenario description>"⟧\n', right: "cases:\n  - title: Refund request\n" },
  { code: "skill-name-mismatch", wrong: "skill:\n  name: ⟦refund-assistant⟧ # SKILL.md says name: refund-helper\n", right: "skill:\n  name: refund-helper\n" },
  {
    code: "skill-trigger-coverage",
    wrong: '⟦cases⟧:\n  - expected:\n      skill:\n        should_use: "" # now no case expects the Skill\n',
    right: "cases:\n  - expected:\n      skill:\n        should_use: refund-helper\n",
  },
  {
    code: "skill-failure-route-missing",
    wrong: skillCase("failure_001", "failure", { routing: "⟦{}⟧" }),
    right: skillCase("failure_001", "failure", { routing: "{on_failure: skill-author}" }),
  },
  {
    code: "skill-blocked-route-missing",
    wrong: skillCase("edge_001", "edge", { tags: "[blocking]", routing: "⟦{}⟧" }),
    right: skillCase("edge_001", "edge", { tags: "[blocking]", routing: "{on_blocked: human_confirm}" }),
  },
  {
    code: "skill-trigger-assertion-contradiction",
    wrong: "cases:\n  - assertions:\n      - ⟦\"selected_skill != 'refund-helper'\"⟧\n",
    right: "cases:\n  - assertions:\n      - \"selected_skill == 'refund-helper'\"\n",
  },
  {
    code: "skill-input-file-missing",
    wrong: "cases:\n  - inputs:\n      files: [⟦references/polcy.md⟧]\n",
    right: "cases:\n  - inputs:\n      files: [references/policy.md]\n",
  },
  { code: "skill-id-convention", wrong: "cases:\n  - id: ⟦refund-request⟧\n", right: "cases:\n  - id: trigger_001\n" },
  {
    code: "skill-assertion-needs-judgement",
    wrong: "cases:\n  - assertions:\n      - ⟦the answer is polite⟧\n",
    right: "cases:\n  - assertions:\n      - \"selected_skill == 'refund-helper'\"\n",
  },
];
