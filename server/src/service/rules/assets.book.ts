import type { RuleBook } from "../types";

/** The rules of `assets.ts`: their pages' text and the examples that show and test them. */
export const assetsBook: RuleBook = [
  {
    code: "challenge-asset-key-required",
    wrong: 'challenges:\n  - assets:\n      - key: ⟦""⟧',
    right: "challenges:\n  - assets:\n      - key: refund-question",
  },
  {
    code: "challenge-asset-key-duplicate",
    wrong: "challenges:\n  - assets:\n      - key: refund-question\n      - key: ⟦refund-question⟧",
    right: "challenges:\n  - assets:\n      - key: refund-question\n      - key: billing-question",
  },
  {
    code: "challenge-asset-path-required",
    wrong: 'challenges:\n  - assets:\n      - path: ⟦""⟧',
    right: "challenges:\n  - assets:\n      - path: assets/policy.md",
  },
  {
    code: "case-asset-key-required",
    wrong: 'input_sets:\n  - cases:\n      - assets:\n          - key: ⟦""⟧',
    right: "input_sets:\n  - cases:\n      - assets:\n          - key: refund-question",
  },
  {
    code: "case-asset-key-duplicate",
    wrong: "input_sets:\n  - cases:\n      - assets:\n          - key: refund-question\n          - key: ⟦refund-question⟧",
    right: "input_sets:\n  - cases:\n      - assets:\n          - key: refund-question\n          - key: billing-question",
  },
  {
    code: "case-asset-path-required",
    wrong: 'input_sets:\n  - cases:\n      - assets:\n          - path: ⟦""⟧',
    right: "input_sets:\n  - cases:\n      - assets:\n          - path: assets/policy.md",
  },
  { code: "version-asset-key-required", wrong: 'version:\n  assets:\n    - key: ⟦""⟧', right: "version:\n  assets:\n    - key: refund-question" },
  {
    code: "version-asset-key-duplicate",
    wrong: "version:\n  assets:\n    - key: refund-question\n    - key: ⟦refund-question⟧",
    right: "version:\n  assets:\n    - key: refund-question\n    - key: billing-question",
  },
  { code: "version-asset-path-required", wrong: 'version:\n  assets:\n    - path: ⟦""⟧', right: "version:\n  assets:\n    - path: assets/policy.md" },
  {
    code: "asset-artifact-id-not-found",
    checks: "An asset's `artifact_id` must name an artifact stored in the workspace you publish to.",
    why: "The hosted service checks this when the pack is published; packlint cannot check it offline.",
    fix: "Upload the artifact first and copy its id, or ship the file with `path` instead.",
    notTested: "checked by the hosted service only",
  },
  {
    code: "asset-artifact-id-foreign-workspace",
    checks: "An asset's `artifact_id` must belong to the workspace you publish to.",
    why: "The hosted service checks this when the pack is published; packlint cannot check it offline.",
    fix: "Upload the artifact to this workspace and use its id.",
    notTested: "checked by the hosted service only",
  },
];
