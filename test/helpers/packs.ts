import { yaml } from "./fixture";

/**
 * A valid challenge pack built from sections, each replaceable: tests swap in the section they are about
 * (with ⟦range⟧ markers) and keep the rest valid.
 */
export interface PackSections {
  head?: string;
  version?: string;
  evaluationSpec?: string;
  challenges?: string;
  inputSets?: string;
  extra?: string;
}

export const sections = {
  head: yaml`
    pack:
      slug: support-eval
      name: Support Eval
      family: support
  `,
  /** `version:` without its evaluation_spec, which is appended (indented under `version:`) from `evaluationSpec`. */
  version: yaml`
    version:
      number: 1
      assets:
        - key: policy_pdf
          path: assets/policy.pdf
  `,
  /** Written at column 0; `pack()` indents it under `version:`. */
  evaluationSpec: yaml`
      evaluation_spec:
        name: support-v1
        version_number: 1
        judge_mode: deterministic
        validators:
          - key: exact
            type: exact_match
            target: final_output
            expected_from: challenge_input
        scorecard:
          dimensions: [correctness]
  `,
  challenges: yaml`
    challenges:
      - key: refund-question
        title: Refund question
        category: support
        difficulty: easy
  `,
  inputSets: yaml`
    input_sets:
      - key: refund-smoke
        name: Refund Smoke
        cases:
          - challenge_key: refund-question
            case_key: refund-window-basic
            inputs:
              - key: prompt
                kind: text
                value: Can I get a refund after 14 days?
            expectations:
              - key: policy_reference
                kind: text
                source: input:prompt
  `,
};

export function pack(s: PackSections = {}): string {
  return [
    s.head ?? sections.head,
    (s.version ?? sections.version) + underVersion(s.evaluationSpec ?? sections.evaluationSpec),
    s.challenges ?? sections.challenges,
    s.inputSets ?? sections.inputSets,
    s.extra ?? "",
  ].join("");
}

/** Indents an `evaluation_spec:` section written at column 0 so it sits under `version:`. */
function underVersion(spec: string): string {
  return /^\S/.test(spec) ? spec.replace(/^(?=.)/gm, "  ") : spec;
}

/** Indents every non-blank line by `n` spaces. */
export function indent(text: string, n: number): string {
  return text
    .split("\n")
    .map((l) => (l.trim() === "" ? l : " ".repeat(n) + l))
    .join("\n");
}
