import type { RuleBook } from "../types";
import { pair, markIn } from "../util/excerpt";
import { tool, HTTP } from "./excerpts";

/** The rules of `execution-mode.ts`: their pages' text and the examples that show and test them. */
export const executionModeBook: RuleBook = [
  {
    code: "execution-mode-invalid",
    checks: "`version.execution_mode`, when set, must be exactly `native`, `prompt_eval`, `responses` or `multi_turn` (lower case).",
    why: "The execution mode decides how AgentClash runs the agent (with tools in a sandbox, as a single prompt, through the Responses API, or as a conversation); an unknown mode cannot be run.",
    fix: "Use one of the four values, or leave the key out to get `native`.",
    wrong: "version:\n  execution_mode: ⟦nativ⟧",
    right: "version:\n  execution_mode: native",
  },
  {
    code: "prompt-eval-tools-forbidden",
    ...markIn(
      pair("version:\n  execution_mode: prompt_eval\n" + tool(HTTP + "  args: {}\n"), "version:\n  execution_mode: native\n" + tool(HTTP + "  args: {}\n")),
      "tools:",
      "tools",
    ),
  },
  {
    code: "prompt-eval-sandbox-forbidden",
    wrong: "version:\n  execution_mode: prompt_eval\n  ⟦sandbox⟧:\n    network_access: false\n",
    right: "version:\n  execution_mode: native\n  sandbox:\n    network_access: false\n",
  },
  {
    code: "prompt-eval-tool-policy-forbidden",
    wrong: "version:\n  execution_mode: prompt_eval\n  ⟦tool_policy⟧:\n    allowed_tool_kinds: [file]\n",
    right: "version:\n  execution_mode: native\n  tool_policy:\n    allowed_tool_kinds: [file]\n",
  },
  {
    code: "responses-tools-forbidden",
    ...markIn(
      pair("version:\n  execution_mode: responses\n" + tool(HTTP + "  args: {}\n"), "version:\n  execution_mode: native\n" + tool(HTTP + "  args: {}\n")),
      "tools:",
      "tools",
    ),
  },
];
