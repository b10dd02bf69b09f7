import type { RuleBook } from "../../types";
import { spec, validator, CHECK } from "./excerpts";

/** The rules of `validators.ts`: their pages' text and the examples that show and test them. */
export const validatorsBook: RuleBook = [
  {
    code: "validator-key-required",
    wrong: 'version:\n  evaluation_spec:\n    validators:\n      - key: ⟦""⟧',
    right: "version:\n  evaluation_spec:\n    validators:\n      - key: refund-question",
  },
  {
    code: "validator-key-duplicate",
    wrong: "version:\n  evaluation_spec:\n    validators:\n      - key: refund-question\n      - key: ⟦refund-question⟧",
    right: "version:\n  evaluation_spec:\n    validators:\n      - key: refund-question\n      - key: billing-question",
  },
  {
    code: "validator-type-unsupported",
    checks: "A validator's `type` must be one of the validator types AgentClash implements (`exact_match`, `contains`, `regex_match`, `json_schema`, …).",
    why: "The type decides how the run's output is checked; an unknown type cannot score anything, so the pack is rejected.",
    fix: "Use one of the supported types (the message lists them; completion offers them).",
    wrong: "validators:\n  - key: mentions-window\n    type: ⟦contain⟧\n    target: final_output",
    right: "validators:\n  - key: mentions-window\n    type: contains\n    target: final_output",
  },
  {
    code: "validator-target-required",
    wrong: 'version:\n  evaluation_spec:\n    validators:\n      - target: ⟦""⟧',
    right: "version:\n  evaluation_spec:\n    validators:\n      - target: final_output",
  },
  {
    code: "validator-target-tool-calls-required",
    ...spec(
      validator("tool_call_assertion", "config:\n  tool_name: lookup_order\n", "⟦final_output⟧", ""),
      validator("tool_call_assertion", "config:\n  tool_name: lookup_order\n", "tool_calls", ""),
    ),
  },
  {
    code: "validator-target-unsupported-reference",
    checks:
      "A validator's `target` must be an evidence reference: `final_output`, `case.payload.<field>`, `case.inputs.<key>`, `file:<check key>`, `literal:<text>`, …",
    why: "The target says which evidence of the run the validator checks; an unknown reference reads nothing.",
    fix: "Use one of the evidence references; completion lists them with the pack's own inputs and checks.",
    wrong: "validators:\n  - key: mentions-window\n    type: contains\n    target: ⟦output⟧",
    right: "validators:\n  - key: mentions-window\n    type: contains\n    target: final_output",
  },
  {
    code: "validator-expected-from-required",
    wrong: 'version:\n  evaluation_spec:\n    validators:\n      - expected_from: ⟦""⟧',
    right: "version:\n  evaluation_spec:\n    validators:\n      - expected_from: case.expectations.answer",
  },
  {
    code: "validator-expected-from-unsupported-reference",
    checks: "A validator's `expected_from` must be an evidence reference such as `case.expectations.<key>`, `case.inputs.<key>` or `literal:<text>`.",
    why: "It says where the expected value comes from when the validator compares; an unknown reference gives it nothing to compare with.",
    fix: "Point it at an expectation (`case.expectations.<key>`) or write the value with `literal:`.",
    wrong: "validators:\n  - key: mentions-window\n    type: contains\n    target: final_output\n    expected_from: ⟦expectations.answer⟧",
    right: "validators:\n  - key: mentions-window\n    type: contains\n    target: final_output\n    expected_from: case.expectations.answer",
  },
  {
    code: "validator-expected-from-forbidden",
    ...spec(
      validator("tool_call_assertion", "config:\n  tool_name: lookup_order\n", "tool_calls", "⟦case.expectations.policy_reference⟧"),
      validator("tool_call_assertion", "config:\n  tool_name: lookup_order\n", "tool_calls", ""),
    ),
  },
  {
    code: "validator-file-target-prefix",
    ...spec(CHECK + validator("file_exists", "", "⟦report⟧", ""), CHECK + validator("file_exists", "", "file:report", "")),
  },
];
