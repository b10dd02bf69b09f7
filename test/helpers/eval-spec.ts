import { pack } from "./packs";

/** Indents every non-empty line by `n` spaces. */
export function indent(text: string, n: number): string {
  return text.replace(/^(?=.)/gm, " ".repeat(n));
}

/**
 * A pack whose evaluation_spec has a valid top level, the given `validators` list items (written at
 * column 0) and `extra` top-level spec keys (also at column 0), e.g. post_execution_checks or metrics.
 */
export function packWithSpec(parts: { validators?: string; extra?: string }): string {
  const validators = parts.validators ?? "- key: exact\n  type: exact_match\n  target: final_output\n  expected_from: challenge_input\n";
  return pack({
    evaluationSpec:
      "evaluation_spec:\n  name: support-v1\n  version_number: 1\n  judge_mode: deterministic\n  validators:\n" +
      indent(validators, 4) +
      indent(parts.extra ?? "", 2) +
      "  scorecard:\n    dimensions: [correctness]\n",
  });
}
