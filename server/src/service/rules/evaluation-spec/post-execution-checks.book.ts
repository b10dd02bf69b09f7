import type { RuleBook } from "../../types";
import { spec, validator, CHECK } from "./excerpts";

/** The rules of `post-execution-checks.ts`: their pages' text and the examples that show and test them. */
export const postExecutionChecksBook: RuleBook = [
  {
    code: "pec-key-required",
    wrong: 'version:\n  evaluation_spec:\n    post_execution_checks:\n      - key: ⟦""⟧',
    right: "version:\n  evaluation_spec:\n    post_execution_checks:\n      - key: refund-question",
  },
  {
    code: "pec-key-duplicate",
    wrong: "version:\n  evaluation_spec:\n    post_execution_checks:\n      - key: refund-question\n      - key: ⟦refund-question⟧",
    right: "version:\n  evaluation_spec:\n    post_execution_checks:\n      - key: refund-question\n      - key: billing-question",
  },
  {
    code: "pec-type-invalid",
    wrong: "version:\n  evaluation_spec:\n    post_execution_checks:\n      - type: ⟦file_capturex⟧",
    right: "version:\n  evaluation_spec:\n    post_execution_checks:\n      - type: file_capture",
  },
  {
    code: "pec-path-required",
    wrong: 'version:\n  evaluation_spec:\n    post_execution_checks:\n      - path: ⟦""⟧',
    right: "version:\n  evaluation_spec:\n    post_execution_checks:\n      - path: assets/policy.md",
  },
  {
    code: "pec-max-size-negative",
    wrong: "version:\n  evaluation_spec:\n    post_execution_checks:\n      - max_size_bytes: ⟦-1⟧",
    right: "version:\n  evaluation_spec:\n    post_execution_checks:\n      - max_size_bytes: 1",
  },
  {
    code: "validator-file-target-check-unknown",
    ...spec(CHECK + validator("file_exists", "", "file:⟦reprot⟧", ""), CHECK + validator("file_exists", "", "file:report", "")),
  },
];
