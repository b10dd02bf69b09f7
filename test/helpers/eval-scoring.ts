import { pack } from "./packs";

/** Indents every non-empty line by `n` spaces. */
export function indent(text: string, n: number): string {
  return text.split("\n").map((l) => (l.trim() ? " ".repeat(n) + l : l)).join("\n");
}

/** A valid pack whose evaluation_spec body is `body`, written at column 0 (markers allowed). */
export function withSpec(body: string): string {
  return pack({ evaluationSpec: "  evaluation_spec:\n" + indent(body.endsWith("\n") ? body : body + "\n", 4) });
}

/** name, version_number, judge_mode and one `exact` validator: the part of a spec the scoring tests keep. */
export function specHead(judgeMode = "hybrid"): string {
  return [
    "name: scoring",
    "version_number: 1",
    `judge_mode: ${judgeMode}`,
    "validators:",
    "  - key: exact",
    "    type: exact_match",
    "    target: final_output",
    "    expected_from: challenge_input",
    "",
  ].join("\n");
}

/** A spec with these llm_judges (a YAML list at column 0) and a correctness dimension, plus `extra` top-level keys. */
export function judgesSpec(judges: string, extra = ""): string {
  return withSpec(specHead() + "llm_judges:\n" + indent(judges, 2) + "\nscorecard:\n  dimensions: [correctness]\n" + extra);
}

/** A spec with these scorecard.dimensions (a YAML list at column 0), other top-level keys and scorecard keys. */
export function dimensionsSpec(dimensions: string, more: { spec?: string; scorecard?: string } = {}): string {
  const judgeMode = more.spec?.includes("llm_judges:") ? "hybrid" : "deterministic";
  return withSpec(specHead(judgeMode) + (more.spec ?? "") + "scorecard:\n" + indent(more.scorecard ?? "", 2) + "\n  dimensions:\n" + indent(dimensions, 4));
}
