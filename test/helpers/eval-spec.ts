import { indent, pack } from "./packs";

export { indent };

/**
 * A valid pack whose evaluation_spec has the given validators (a YAML list, written dedented, e.g. from
 * `yaml`) and optional post_execution_checks or other evaluation_spec keys (`extra`, dedented too).
 */
export function evalPack(s: { validators: string; checks?: string; extra?: string }): string {
  const lines = ["evaluation_spec:", "  name: support-v1", "  version_number: 1", "  judge_mode: deterministic", "  validators:"];
  lines.push(block(s.validators, 4));
  if (s.checks !== undefined) lines.push("  post_execution_checks:", block(s.checks, 4));
  if (s.extra !== undefined) lines.push(block(s.extra, 2));
  lines.push("  scorecard:", "    dimensions: [correctness]");
  return pack({ evaluationSpec: lines.join("\n") + "\n" });
}

/** `evalPack` with a default exact_match validator. */
export function packWithSpec(parts: { validators?: string; extra?: string }): string {
  return evalPack({
    validators: parts.validators ?? "- key: exact\n  type: exact_match\n  target: final_output\n  expected_from: challenge_input\n",
    extra: parts.extra,
  });
}

/** A dedented YAML block, indented by n and without its final newline. */
function block(text: string, n: number): string {
  return indent(text.replace(/\n$/, ""), n);
}
