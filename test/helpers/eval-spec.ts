import { pack } from "./packs";

/**
 * A valid pack whose evaluation_spec has the given validators (a YAML list, written dedented, e.g. from
 * `yaml`) and optional post_execution_checks or other evaluation_spec keys (`extra`, dedented too).
 */
export function evalPack(s: { validators: string; checks?: string; extra?: string }): string {
  const lines = ["evaluation_spec:", "  name: spec", "  version_number: 1", "  judge_mode: deterministic", "  validators:"];
  lines.push(indent(s.validators, 4));
  if (s.checks !== undefined) lines.push("  post_execution_checks:", indent(s.checks, 4));
  if (s.extra !== undefined) lines.push(indent(s.extra, 2));
  lines.push("  scorecard:", "    dimensions: [correctness]", "");
  return pack({ evaluationSpec: lines.filter((l) => l !== "").join("\n") + "\n" });
}

export function indent(text: string, n: number): string {
  return text
    .replace(/\n$/, "")
    .split("\n")
    .map((l) => (l.trim() === "" ? l : " ".repeat(n) + l))
    .join("\n");
}
