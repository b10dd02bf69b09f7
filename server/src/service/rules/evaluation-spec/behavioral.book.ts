import type { RuleBook } from "../../types";
import { spec } from "./excerpts";

/** The rules of `behavioral.ts`: their pages' text and the examples that show and test them. */
export const behavioralBook: RuleBook = [
  { code: "behavioral-signals-empty", ...spec("behavioral:\n  signals: ⟦[]⟧\n", "behavioral:\n  signals:\n    - key: recovery_behavior\n") },
  {
    code: "behavioral-signal-key-invalid",
    wrong: "version:\n  evaluation_spec:\n    behavioral:\n      signals:\n        - key: ⟦recovery_behaviorx⟧",
    right: "version:\n  evaluation_spec:\n    behavioral:\n      signals:\n        - key: recovery_behavior",
  },
  {
    code: "behavioral-signal-key-duplicate",
    ...spec(
      "behavioral:\n  signals:\n    - key: recovery_behavior\n    - key: ⟦recovery_behavior⟧\n",
      "behavioral:\n  signals:\n    - key: recovery_behavior\n    - key: exploration_efficiency\n",
    ),
  },
  {
    code: "behavioral-signal-key-unsupported",
    ...spec("behavioral:\n  signals:\n    - key: ⟦confidence_calibration⟧\n", "behavioral:\n  signals:\n    - key: recovery_behavior\n"),
  },
  {
    code: "behavioral-signal-weight-positive",
    wrong: "version:\n  evaluation_spec:\n    behavioral:\n      signals:\n        - weight: ⟦0⟧",
    right: "version:\n  evaluation_spec:\n    behavioral:\n      signals:\n        - weight: 1",
  },
  {
    code: "behavioral-signal-threshold-required",
    ...spec(
      "behavioral:\n  signals:\n    ⟦-⟧ key: recovery_behavior\n      gate: true\n",
      "behavioral:\n  signals:\n    - key: recovery_behavior\n      gate: true\n      pass_threshold: 0.6\n",
    ),
  },
  {
    code: "behavioral-signal-threshold-range",
    wrong: "version:\n  evaluation_spec:\n    behavioral:\n      signals:\n        - pass_threshold: ⟦1.5⟧",
    right: "version:\n  evaluation_spec:\n    behavioral:\n      signals:\n        - pass_threshold: 0.8",
  },
];
