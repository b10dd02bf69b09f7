import { indent, pair, type Excerpts } from "../../util/excerpt";

/** Excerpts of the evaluation_spec for the rule books. Each pair is shown under `evaluation_spec:`. */

/** Keys of the evaluation_spec, written under `evaluation_spec:`. */
export const spec = (wrong: string, right: string): Excerpts => pair(`evaluation_spec:\n${indent(wrong, 2)}`, `evaluation_spec:\n${indent(right, 2)}`);

/** A validator of `type` under `validators:` with these further lines (config, target). */
export function validator(type: string, lines: string, target = "final_output", expected = "case.expectations.policy_reference"): string {
  const head = `validators:\n  - key: answer-check\n    type: ${type}\n    target: ${target}\n`;
  return head + (expected ? `    expected_from: ${expected}\n` : "") + indent(lines, 4);
}

/** A config rule of one validator type: the config lines that break it and those that do not. */
export const config = (type: string, wrong: string, right: string, target?: string, expected?: string): Excerpts =>
  spec(validator(type, "config:\n" + indent(wrong, 2), target, expected), validator(type, "config:\n" + indent(right, 2), target, expected));

export const tca = (wrong: string, right: string): Excerpts => config("tool_call_assertion", wrong, right, "tool_calls", "");

export const CHECK = "post_execution_checks:\n  - key: report\n    type: file_capture\n    path: /workspace/report.json\n";
export const SOLUTION = "post_execution_checks:\n  - key: solution\n    type: file_capture\n    path: /workspace/solution.py\n";

export const postcondition = (wrong: string, right: string): Excerpts =>
  spec(
    CHECK + validator("postcondition", "config:\n" + indent(wrong, 2), "file:report", ""),
    CHECK + validator("postcondition", "config:\n" + indent(right, 2), "file:report", ""),
  );

export const codeExecution = (wrong: string, right: string): Excerpts =>
  spec(
    SOLUTION + validator("code_execution", "config:\n" + indent(wrong, 2), "file:solution", ""),
    SOLUTION + validator("code_execution", "config:\n" + indent(right, 2), "file:solution", ""),
  );

/** A judge (under `llm_judges:`) with these lines after its key. */
export const judge = (lines: string): string => `judge_mode: hybrid\nllm_judges:\n  - key: tone\n${indent(lines, 4)}`;
export const judges = (wrong: string, right: string): Excerpts => spec(judge(wrong), judge(right));
export const RUBRIC = "mode: rubric\nrubric: Is the reply polite?\n";
export const MODEL = "model: claude-sonnet-4-6\n";
export const ASSERTION = "mode: assertion\nassertion: The reply cites the refund window.\n";
export const METRIC = "metrics:\n  - key: latency_ms\n    type: numeric\n    collector: run_total_latency_ms\n";

/** One dimension (under `scorecard: dimensions:`), with other spec lines before it. */
export const dimension = (lines: string, before = ""): string => `${before}scorecard:\n  dimensions:\n    - key: quality\n${indent(lines, 6)}`;
export const dimensions = (wrong: string, right: string, before = ""): Excerpts => spec(dimension(wrong, before), dimension(right, before));

/*
 * Further cases of the rules, written as keys of the evaluation_spec (placed among the valid pack's keys, not shown).
 */

const line = (text: string) => (text === "" || text.endsWith("\n") ? text : text + "\n");
const TARGETS: Readonly<Record<string, string>> = { code_execution: "file:out", postcondition: "file:out", tool_call_assertion: "tool_calls" };
const NO_EXPECTED_FROM = new Set(["code_execution", "postcondition", "tool_call_assertion"]);

/** A validator `v` of `type` with this config (a flow value; null for no config key), and a file capture `out`. */
export function validatorConfig(type: string, wrong: string | null, right: string | null): Excerpts {
  const one = (config: string | null) =>
    [
      "validators:",
      "  - key: v",
      `    type: ${type}`,
      `    target: ${TARGETS[type] ?? "final_output"}`,
      ...(NO_EXPECTED_FROM.has(type) ? [] : ["    expected_from: challenge_input"]),
      ...(config === null ? [] : [`    config: ${config}`]),
      "post_execution_checks:",
      "  - key: out",
      "    type: file_capture",
      "    path: /workspace/out.txt",
    ].join("\n") + "\n";
  return pair(one(wrong), one(right));
}

/** These llm_judges (a YAML list) in a hybrid spec, with `extra` keys of the spec. */
export const withJudges = (wrong: string, right: string, extra = ""): Excerpts =>
  pair(`judge_mode: hybrid\nllm_judges:\n${indent(line(wrong), 2)}${extra}`, `judge_mode: hybrid\nllm_judges:\n${indent(line(right), 2)}${extra}`);

/** These scorecard dimensions (a YAML list), with other spec keys (`goodSpec` for the right one) and scorecard keys. */
export function withDimensions(wrong: string, right: string, o: { spec?: string; goodSpec?: string; scorecard?: string } = {}): Excerpts {
  const one = (dimensions: string, spec = "", scorecard = "") =>
    `judge_mode: ${spec.includes("llm_judges:") ? "hybrid" : "deterministic"}\n${line(spec)}scorecard:\n` +
    indent(line(scorecard) + "dimensions:\n" + indent(line(dimensions), 2), 2);
  return pair(one(wrong, o.spec, o.scorecard), one(right, o.goodSpec ?? o.spec, o.scorecard?.replace(/[⟦⟧]/g, "")));
}
