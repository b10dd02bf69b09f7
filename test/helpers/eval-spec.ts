import { yaml } from "./fixture";
import { indent, pack, PackSections } from "./packs";

/**
 * Builders of valid packs around an evaluation_spec. Every YAML part is written at column 0 (dedented,
 * e.g. with `yaml`), markers allowed; the builders indent it into place.
 */

/** The `exact` validator every builder's spec has unless told otherwise. */
const EXACT_VALIDATOR = yaml`
  - key: exact
    type: exact_match
    target: final_output
    expected_from: challenge_input
`;

const line = (text: string) => (text === "" || text.endsWith("\n") ? text : text + "\n");

/** The `evaluation_spec:` section of a pack with this body, for `pack({ evaluationSpec })`. */
export function specSection(body: string): string {
  return "evaluation_spec:\n" + indent(line(body), 2);
}

/** A valid pack whose evaluation_spec body is `body`; `sections` replace other parts of the pack. */
export function withSpec(body: string, sections: Omit<PackSections, "evaluationSpec"> = {}): string {
  return pack({ ...sections, evaluationSpec: specSection(body) });
}

/** name, version_number, judge_mode and the validators (one `exact` validator by default): the head of a spec. */
export function specHead(judgeMode = "hybrid", validators = EXACT_VALIDATOR): string {
  return line(`name: support-v1\nversion_number: 1\njudge_mode: ${judgeMode}\nvalidators:\n` + indent(line(validators), 2));
}

/**
 * A deterministic spec with these validators (an `exact` one by default), optional post_execution_checks,
 * other top-level keys (`extra`) and a correctness dimension.
 */
export function evalPack(s: { validators?: string; checks?: string; extra?: string } = {}): string {
  const checks = s.checks === undefined ? "" : "post_execution_checks:\n" + indent(line(s.checks), 2);
  return withSpec(specHead("deterministic", s.validators) + checks + line(s.extra ?? "") + "scorecard:\n  dimensions: [correctness]\n");
}

/** A spec with these llm_judges (a YAML list) and a correctness dimension, plus `extra` top-level keys. */
export function judgesSpec(judges: string, extra = ""): string {
  return withSpec(specHead() + "llm_judges:\n" + indent(line(judges), 2) + "scorecard:\n  dimensions: [correctness]\n" + extra);
}

/** A spec with this scorecard body, other top-level keys (`spec`, e.g. llm_judges) and judge_mode. */
export function scorecardSpec(scorecard: string, more: { judgeMode?: string; spec?: string } = {}): string {
  return withSpec(specHead(more.judgeMode ?? "deterministic") + line(more.spec ?? "") + "scorecard:\n" + indent(line(scorecard), 2));
}

/** A spec with these scorecard.dimensions (a YAML list), other top-level keys and scorecard keys. */
export function dimensionsSpec(dimensions: string, more: { spec?: string; scorecard?: string } = {}): string {
  const judgeMode = more.spec?.includes("llm_judges:") ? "hybrid" : "deterministic";
  return scorecardSpec(line(more.scorecard ?? "") + "dimensions:\n" + indent(line(dimensions), 2), { judgeMode, spec: more.spec });
}
