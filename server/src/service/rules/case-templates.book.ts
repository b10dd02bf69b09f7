import type { RuleBook } from "../types";
import { codeExecution } from "./evaluation-spec/excerpts";

/** The rules of `case-templates.ts`: their pages' text and the examples that show and test them. */
export const caseTemplatesBook: RuleBook = [
  { code: "case-template-unresolved", ...codeExecution("test_command: pytest -q -k ⟦{{ticket_id}}⟧\n", "test_command: pytest -q -k {{prompt}}\n") },
  { code: "case-template-invalid-path", ...codeExecution("test_command: pytest -q -k ⟦{{prompt.}}⟧\n", "test_command: pytest -q -k {{prompt}}\n") },
];
