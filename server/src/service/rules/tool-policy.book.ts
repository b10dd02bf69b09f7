import type { RuleBook } from "../types";

/** The rules of `tool-policy.ts`: their pages' text and the examples that show and test them. */
export const toolPolicyBook: RuleBook = [
  {
    code: "tool-policy-kinds-not-array",
    wrong: "version:\n  tool_policy:\n    allowed_tool_kinds: ⟦file⟧\n",
    right: "version:\n  tool_policy:\n    allowed_tool_kinds: [file]\n",
  },
  {
    code: "tool-policy-kind-not-string",
    wrong: "version:\n  tool_policy:\n    allowed_tool_kinds: [file, ⟦5⟧]\n",
    right: "version:\n  tool_policy:\n    allowed_tool_kinds: [file, network]\n",
  },
  {
    code: "tool-policy-kind-unsupported",
    wrong: "version:\n  tool_policy:\n    allowed_tool_kinds:\n      - ⟦browserx⟧",
    right: "version:\n  tool_policy:\n    allowed_tool_kinds:\n      - browser",
  },
];
