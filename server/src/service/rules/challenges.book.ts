import type { RuleBook } from "../types";

const CHALLENGE = "challenges:\n  - key: refund-question\n    title: Refund question\n    category: support\n    difficulty: easy\n";

/** The rules of `challenges.ts`: their pages' text and the examples that show and test them. */
export const challengesBook: RuleBook = [
  {
    code: "challenges-empty",
    checks: "The pack must declare at least one challenge under `challenges`.",
    why: "Challenges are the tasks the agent is benchmarked on; a pack without one has nothing to run.",
    fix: "Add a challenge with `key`, `title`, `category` and `difficulty`.",
    wrong: "challenges: ⟦[]⟧",
    right: "challenges:\n  - key: refund-question\n    title: Refund window question\n    category: support\n    difficulty: easy",
  },
  {
    code: "challenge-key-required",
    checks: "Every challenge needs a non-blank `key`.",
    why: "Cases name the challenge they run by this key (`challenge_key`); a challenge without one cannot be run.",
    fix: "Add a lowercase kebab-case key that will not change after publishing.",
    wrong: "challenges:\n  ⟦-⟧ title: Refund window question\n    category: support\n    difficulty: easy",
    right: "challenges:\n  - key: refund-question\n    title: Refund window question\n    category: support\n    difficulty: easy",
  },
  {
    code: "challenge-key-duplicate",
    checks: "No two challenges may share a `key`.",
    why: "A case's `challenge_key` must point at exactly one challenge; with two challenges under one key AgentClash cannot tell which to run.",
    fix: "Give each challenge its own key, and update the `challenge_key` of the cases that meant the renamed one.",
    wrong: "challenges:\n  - key: refund-question\n    title: Refund window question\n  - key: ⟦refund-question⟧\n    title: Refund amount question",
    right: "challenges:\n  - key: refund-question\n    title: Refund window question\n  - key: refund-amount\n    title: Refund amount question",
  },
  {
    code: "challenge-title-required",
    checks: "Every challenge needs a non-blank `title`.",
    why: "The title is what people see for the challenge in results and reports.",
    fix: "Add a short human-readable title.",
    wrong: "challenges:\n  ⟦-⟧ key: refund-question\n    category: support\n    difficulty: easy",
    right: "challenges:\n  - key: refund-question\n    title: Refund window question\n    category: support\n    difficulty: easy",
  },
  {
    code: "challenge-category-required",
    checks: "Every challenge needs a non-blank `category`.",
    why: "Results are grouped and compared by category; a challenge without one is rejected.",
    fix: "Add the category the challenge belongs to (free text, such as `support` or `coding`).",
    wrong: "challenges:\n  ⟦-⟧ key: refund-question\n    title: Refund window question\n    difficulty: easy",
    right: "challenges:\n  - key: refund-question\n    title: Refund window question\n    category: support\n    difficulty: easy",
  },
  {
    code: "challenge-difficulty-invalid",
    checks: "Every challenge's `difficulty` must be `easy`, `medium`, `hard` or `expert` (lower case); it is required.",
    why: "Difficulty is used to group and weigh results; any other word is rejected.",
    fix: "Pick the closest of the four levels.",
    wrong: "challenges:\n  - key: refund-question\n    difficulty: ⟦trivial⟧",
    right: "challenges:\n  - key: refund-question\n    difficulty: easy",
  },
  {
    code: "challenge-artifact-ref-key-required",
    wrong: 'challenges:\n  - artifact_refs:\n      - key: ⟦""⟧',
    right: "challenges:\n  - artifact_refs:\n      - key: refund-question",
  },
  {
    code: "challenge-artifact-ref-key-duplicate",
    wrong: "challenges:\n  - artifact_refs:\n      - key: refund-question\n      - key: ⟦refund-question⟧",
    right: "challenges:\n  - artifact_refs:\n      - key: refund-question\n      - key: billing-question",
  },
  {
    code: "challenge-artifact-ref-undeclared",
    wrong: CHALLENGE + "    artifact_refs:\n      - key: ⟦policy_doc⟧\n",
    right: CHALLENGE + "    artifact_refs:\n      - key: policy_pdf\n",
  },
];
