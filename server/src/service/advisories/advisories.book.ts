import type { RuleBook } from "../types";

/** packlint's advisories: their pages' text and the examples that show and test them. */
export const advisoriesBook: RuleBook = [
  {
    code: "unknown-key",
    checks: "Every key outside `evaluation_spec` should be one AgentClash knows.",
    why: "AgentClash silently ignores unknown keys there, so a misspelled key is lost: the setting you wrote never takes effect.",
    fix: "Correct the spelling (the message suggests the closest key) or remove the key.",
    wrong: "challenges:\n  - key: refund-question\n    ⟦dificulty⟧: easy",
    right: "challenges:\n  - key: refund-question\n    difficulty: easy",
  },
  {
    code: "legacy-items",
    checks: "An input set uses the old `items` list instead of `cases`.",
    why: "AgentClash still converts `items` into cases, but new packs should use `cases`; when a set has both, `items` is ignored.",
    fix: "Rename `items` to `cases` and `item_key` to `case_key` (the quick fix does both).",
    wrong: "input_sets:\n  - key: refund-smoke\n    ⟦items⟧:\n      - challenge_key: refund-question\n        item_key: refund-window-basic",
    right: "input_sets:\n  - key: refund-smoke\n    cases:\n      - challenge_key: refund-question\n        case_key: refund-window-basic",
  },
  {
    code: "legacy-item-key",
    checks: "A case uses the old `item_key` without `case_key`.",
    why: "It still works (the item key becomes the case key), but `case_key` is the current name.",
    fix: "Rename `item_key` to `case_key`.",
    wrong: "cases:\n  - challenge_key: refund-question\n    ⟦item_key⟧: refund-window-basic",
    right: "cases:\n  - challenge_key: refund-question\n    case_key: refund-window-basic",
  },
  {
    code: "key-style",
    checks: "Input set and case keys should be lowercase kebab-case (`refund-window-basic`); input and expectation keys may also use snake_case.",
    why: "Keys show up in commands, reports and result URLs; one consistent style keeps them easy to type and compare.",
    fix: "Rename the key (the quick fix renames it everywhere it is used).",
    wrong: "case_key: ⟦Refund Window Basic⟧",
    right: "case_key: refund-window-basic",
  },
  {
    code: "key-unstable",
    checks: "A key contains a date, a UUID, a run id or another random-looking id.",
    why: "Results and regressions are compared by key across runs and versions; a key that has to change later breaks that history.",
    fix: "Describe the scenario in the key and keep ids inside `payload`.",
    wrong: "case_key: ⟦refund-2024-05-01-7f3a9c2e⟧",
    right: "case_key: refund-window-expired",
  },
  {
    code: "input-set-size",
    checks:
      "An input set whose key ends in `-smoke`, `-ci`, `-full`, `-regression` or `-edge` has an unusual number of cases for that use (smoke: 1 to 3, ci: 1 to 5, full: 5 or more).",
    why: "The suffix tells whoever starts a run what to expect: a smoke set should be quick, a full set should cover the challenge.",
    fix: "Add or move cases, or rename the set for what it is.",
    wrong: "input_sets:\n  - key: ⟦refund-full⟧\n    cases:\n      - challenge_key: refund-question\n        case_key: refund-window-basic",
    right: "input_sets:\n  - key: refund-smoke\n    cases:\n      - challenge_key: refund-question\n        case_key: refund-window-basic",
  },
  {
    code: "ci-set-nondeterministic",
    wrong:
      "input_sets:\n  - key: refund-ci\n    name: Refund CI\n    cases:\n      - challenge_key: refund-question\n        case_key: refund-window-basic\n        inputs:\n          - key: policy\n            kind: file\n            path: ⟦https://example.com/policy.pdf⟧\n",
    right:
      "input_sets:\n  - key: refund-ci\n    name: Refund CI\n    cases:\n      - challenge_key: refund-question\n        case_key: refund-window-basic\n        inputs:\n          - key: policy\n            kind: file\n            path: assets/policy.pdf\n",
  },
  {
    code: "duplicate-case",
    checks: "A case has the same challenge, payload, inputs and expectations as an earlier case of the same input set.",
    why: "It costs a run but tells you nothing the earlier case did not.",
    fix: "Delete it, or change it so it tests something the other case does not.",
    wrong:
      "cases:\n  - challenge_key: refund-question\n    case_key: refund-window-basic\n    payload: {days: 14}\n  ⟦-⟧ challenge_key: refund-question\n    case_key: refund-window-again\n    payload: {days: 14}\n",
    right:
      "cases:\n  - challenge_key: refund-question\n    case_key: refund-window-basic\n    payload: {days: 14}\n  - challenge_key: refund-question\n    case_key: refund-window-expired\n    payload: {days: 30}\n",
  },
  {
    code: "expectation-value-and-source",
    checks: "An expectation has both `value` and `source`.",
    why: "Only one of them is the expected value; writing both leaves readers unsure which is compared.",
    fix: "Keep `value` for inline content, or `source` to point at an input or asset, not both.",
    wrong: "expectations:\n  - key: answer\n    kind: text\n    value: 30 days\n    ⟦source⟧: input:prompt",
    right: "expectations:\n  - key: answer\n    kind: text\n    value: 30 days",
  },
  {
    code: "expectation-unobservable",
    checks: "An expectation has no `value`, `source` or `artifact_key`.",
    why: "There is nothing to compare the run's output with, so the expectation cannot contribute to a score.",
    fix: "Add the expected value inline, or point at an input or asset.",
    wrong: "expectations:\n  ⟦-⟧ key: answer\n    kind: text",
    right: "expectations:\n  - key: answer\n    kind: text\n    value: 30 days",
  },
  {
    code: "evidence-key-undeclared",
    checks:
      "A validator or judge reads `case.inputs.<key>`, `case.expectations.<key>` or `case.payload.<field>`, and no case of the pack declares that key. A payload path is followed as AgentClash follows it when it scores: `case.payload.customer.name` reads the field `name` of the map `customer`, `case.payload.signals.0` the first item of the list `signals`; it is reported when no case's payload has a value there. Payload paths are checked only when every case writes a `payload` map.",
    why: "AgentClash checks only the form of an evidence path. When the pack is scored, a key that no case has makes the validator or judge come out unavailable for every case, so the score silently misses that check.",
    fix: "Correct the key or the payload path (the message suggests the closest one there is, and for a key the quick fix writes it), or declare the input or expectation in the cases, or add the field to their payloads. Rename an input or a payload field from its key or from the path: the key in every case and every path reading it are renamed together.",
    wrong: "validators:\n  - key: policy-cited\n    type: contains\n    target: final_output\n    expected_from: case.expectations.⟦policy_refrence⟧",
    right: "validators:\n  - key: policy-cited\n    type: contains\n    target: final_output\n    expected_from: case.expectations.policy_reference",
  },
  {
    code: "multiple-input-sets",
    checks: "The pack has more than one input set.",
    why: "Starting a run then needs `agentclash eval start --input-set <key>`; this notice lists the keys to choose from.",
    fix: "Nothing to fix; turn the rule off in `.packlintrc.json` if the notice is not useful to you.",
    wrong:
      "⟦input_sets⟧:\n  - key: refund-smoke\n    name: Refund Smoke\n    cases:\n      - challenge_key: refund-question\n        case_key: refund-window-basic\n  - key: refund-full\n    name: Refund Full\n    cases:\n      - challenge_key: refund-question\n        case_key: refund-window-expired\n",
    right:
      "input_sets:\n  - key: refund-smoke\n    name: Refund Smoke\n    cases:\n      - challenge_key: refund-question\n        case_key: refund-window-basic\n      - challenge_key: refund-question\n        case_key: refund-window-expired\n",
  },
];
