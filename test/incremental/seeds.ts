import { join } from "node:path";
import { generatePack } from "../../bench/generate";
import { packSeeds } from "../fuzz/seeds";

/**
 * A pack with what makes YAML hard to cut into pieces: comments at every indentation (between cases, below
 * their dash, at column 0), block scalars (kept trailing blank lines, folded, stripped, explicit indentation),
 * quoted and plain scalars over several lines, flow collections over several lines, empty values, a legacy
 * `items` set, a multi-turn simulator, tools, security and deployment defaults, and some findings of each phase
 * (a type error, a duplicate key, an unknown key, an undeclared reference).
 */
export const RICH_PACK = `# Rich pack for incremental parsing tests
pack:
  slug: rich-pack
  name: "Rich
    pack"
  family: Support
  description: >-
    Folded text
    over lines.

version:
  number: 1
  execution_mode: multi_turn
  assets:
    - key: policy_pdf
      path: assets/policy.pdf
    - {key: inline_asset, path: assets/inline.json}
  deployment_defaults:
    aliases: { fast: " gpt-4o-mini " }
  evaluation_spec:
    name: rich-v1
    version_number: 1
    judge_mode: hybrid
    validators:
      - key: exact
        type: exact_match
        target: final_output
        expected_from: challenge_input
      - key: runs
        type: code_execution
        target: final_output
        config:
          test_command: "pytest {{ case.payload.module }}"
    llm_judges:
      - key: tone
        mode: rubric
        model: gpt-4o
        rubric: |
          Polite and precise.

    scorecard:
      dimensions: [correctness,
        tone]
# a comment at column 0 between top-level keys

challenges:
  - key: refund-question
    title: Refund question
    category: support
    difficulty: easy
    instructions: |+
      Answer with the policy.

  # a comment between challenges, at the items' parent indentation
  - key: billing-question
    title: 'Billing ''question'''
    category: support
    difficulty: medium
    artifact_refs: [{key: policy_pdf}]

tools:
  custom:
    - name: lookup_order
      description: Looks up an order.
      parameters: {type: object, properties: {id: {type: string}}}

security:
  default_severity: HIGH
  forbidden_outputs:
    - description: no secrets
      substring: sk-

input_sets:
  - key: refund-smoke
    name: Refund Smoke
    cases:
      # a comment above a case, at the dash's indentation
      - challenge_key: refund-question
        case_key: refund-basic
        payload:
          module: tests/test_refund.py
          note: "two
            lines"
        inputs:
          - key: prompt
            kind: text
            value: |
              Can I get a refund?
              It has been 14 days.
          - key: empty
            kind:
        expectations:
          - key: answer
            kind: text
            source: input:prompt
        user_simulator:
          schema_version: 1
          kind: hybrid
          phases:
            - id: open
              actor: scripted
              turns:
                - message: "Refund {{ module }}"
      - challenge_key: refund-question
          # a comment below the dash, deeper than the case's keys
        case_key: refund-typed
        case_timeout_seconds: soon
        inputs:
          - key: prompt
            kind: text
            value: >
              folded
              value
        expectations:
          - key: answer
            kind: text
            source: input:missing
          - key: answer
            kind: json
            value: {a: [1, 2], b: null}
      - challenge_key: refund-question
        case_key: refund-dup
        case_key: refund-dup-again
        unknown_field: true
  - key: legacy-set
    name: Legacy
    items:
      - challenge_key: billing-question
        item_key: legacy-one
        payload: {a: 1}
      - challenge_key: billing-question
        item_key: legacy-two
`;

/** Every seed of the incremental property test: the fuzzer's documents, the rich pack (LF and CRLF) and generated packs. */
export function incrementalSeeds(): { name: string; text: string }[] {
  return [
    ...packSeeds(join(__dirname, "../../..")),
    { name: "rich", text: RICH_PACK },
    { name: "rich-crlf", text: RICH_PACK.replace(/\n/g, "\r\n") },
    // The reference stops reading at `...`: what follows is never checked, until an edit removes it.
    { name: "rich-then-ignored", text: RICH_PACK + "...\nnot: [read\n\t\n" },
    { name: "generated-40", text: generatePack({ cases: 40 }) },
  ];
}
