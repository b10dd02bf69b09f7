import type { RuleBook } from "../../types";

/** The rules of `decode.ts`: their pages' text and the examples that show and test them. */
export const specDecodeBook: RuleBook = [
  {
    code: "eval-spec-marshal-error",
    checks: "Inside `version.evaluation_spec`, mapping keys must be plain text (not lists, mappings or numbers used as keys).",
    why: "The evaluation spec is handed on as JSON, which only has text keys; AgentClash rejects a spec it cannot convert.",
    fix: "Write every key inside `evaluation_spec` as a plain word.",
    wrong: "evaluation_spec:\n  scorecard:\n    dimensions: [correctness]\n    ⟦1⟧: first\n",
    right: "evaluation_spec:\n  scorecard:\n    dimensions: [correctness]\n",
  },
  {
    code: "eval-spec-unknown-field",
    checks: "Inside `version.evaluation_spec`, every key must be one AgentClash knows (keys are matched regardless of case there).",
    why: "The evaluation spec is read strictly: one misspelled key makes AgentClash reject the whole pack, since a scoring setting that silently vanished would change every score.",
    fix: "Correct the spelling (the message suggests the closest key), or remove the key.",
    wrong: "evaluation_spec:\n  name: refund-support-v1\n  ⟦judge_mod⟧: deterministic",
    right: "evaluation_spec:\n  name: refund-support-v1\n  judge_mode: deterministic",
  },
  {
    code: "eval-spec-type-mismatch",
    checks: "Inside `version.evaluation_spec`, each value must have the kind its key expects (text, number, true/false, list or mapping).",
    why: "The evaluation spec is read strictly: one value of the wrong kind makes AgentClash reject the whole pack.",
    fix: "Write the value in the expected form; the hover on the key shows its type.",
    wrong: "evaluation_spec:\n  version_number: ⟦one⟧",
    right: "evaluation_spec:\n  version_number: 1",
  },
  {
    code: "eval-spec-dimension-shape",
    checks: "Each entry of `scorecard.dimensions` must be either a builtin dimension name (`correctness`, `latency`, …) or a mapping with a `key`.",
    why: "The scorecard cannot be built from an entry of any other form, so AgentClash rejects the pack.",
    fix: "Write a builtin name, or a mapping such as `{key: accuracy, source: validators, validators: [mentions-window]}`.",
    wrong: "scorecard:\n  dimensions:\n    - ⟦[correctness]⟧",
    right: "scorecard:\n  dimensions:\n    - correctness",
  },
  { code: "eval-spec-key-case", wrong: "evaluation_spec:\n  ⟦Judge_Mode⟧: deterministic\n", right: "evaluation_spec:\n  judge_mode: deterministic\n" },
];
