import type { RuleBook } from "../types";
import { indent, pair, markIn } from "../util/excerpt";

/** A multi-turn pack's case with this user_simulator body. */
const simulator = (body: string) => `version:\n  execution_mode: multi_turn\ninput_sets:\n  - cases:\n      - user_simulator:\n${indent(body, 10)}`;
const SIM_HEAD = "schema_version: 1\nkind: hybrid\n";
const simulators = (wrong: string, right: string) => pair(simulator(SIM_HEAD + wrong), simulator(SIM_HEAD + right));
/** One phase of a simulator (the lines after `- id: opening`). */
const phases = (wrong: string, right: string) => simulators("phases:\n  - id: opening\n" + indent(wrong, 4), "phases:\n  - id: opening\n" + indent(right, 4));
const SCRIPTED = "actor: scripted\nturns:\n  - message: Hello\n";
const expects = (wrong: string, right: string) =>
  phases(
    `actor: scripted\nturns:\n  - message: Hello\n    expects:\n${indent(wrong, 6)}`,
    `actor: scripted\nturns:\n  - message: Hello\n    expects:\n${indent(right, 6)}`,
  );
/** The smallest valid simulator. */
const VALID_SIM =
  ["schema_version: 1", "kind: hybrid", "phases:", "  - id: open", "    actor: scripted", "    turns:", "      - message: Refund order {{order_id}}"].join(
    "\n",
  ) + "\n";

/** A multi_turn pack's case with a payload and two inputs (one without a value), up to its `user_simulator:`. */
const CASE =
  [
    "version:",
    "  execution_mode: multi_turn",
    "input_sets:",
    "  - cases:",
    "      - challenge_key: refund-question",
    "        case_key: refund-window-basic",
    "        payload:",
    "          order_id: ORD-1",
    "          customer:",
    "            name: Ada",
    "        inputs:",
    "          - key: prompt",
    "            kind: text",
    "            value: Can I get a refund?",
    "          - key: unset",
    "            kind: text",
    "        user_simulator:",
  ].join("\n") + "\n";
/** Simulators of that case. */
const inCase = (wrong: string, right: string) => pair(CASE + indent(wrong, 10), CASE + indent(right, 10));
/** The expects of the valid simulator's turn: a list, or one item's mapping body. */
const turnExpects = (wrong: string, right: string) => {
  const list = (s: string) => (s.startsWith("-") || s.startsWith("⟦-") ? s : "- " + indent(s, 2).trimStart());
  return inCase(VALID_SIM + "        expects:\n" + indent(list(wrong), 10), VALID_SIM + "        expects:\n" + indent(list(right), 10));
};

/** The rules of `user-simulator.ts`: their pages' text and the examples that show and test them. */
export const userSimulatorBook: RuleBook = [
  {
    code: "user-simulator-required",
    wrong: "version:\n  execution_mode: multi_turn\n",
    right: simulator(SIM_HEAD + "phases:\n  - id: opening\n" + indent(SCRIPTED, 4)),
    elsewhere: "at the dash of each case",
  },
  {
    code: "user-simulator-forbidden",
    wrong: "input_sets:\n  - cases:\n      - ⟦user_simulator⟧:\n" + indent(SIM_HEAD + "phases:\n  - id: opening\n" + indent(SCRIPTED, 4), 10),
    right:
      "version:\n  execution_mode: multi_turn\ninput_sets:\n  - cases:\n      - user_simulator:\n" +
      indent(SIM_HEAD + "phases:\n  - id: opening\n" + indent(SCRIPTED, 4), 10),
  },
  {
    code: "user-simulator-schema-version",
    wrong: simulator("schema_version: ⟦2⟧\nkind: hybrid\nphases:\n  - id: opening\n" + indent(SCRIPTED, 4)),
    right: simulator(SIM_HEAD + "phases:\n  - id: opening\n" + indent(SCRIPTED, 4)),
  },
  {
    code: "user-simulator-schema-version",
    ...inCase(
      "schema_version: ⟦2⟧\nkind: hybrid\nphases:\n  - id: open\n    actor: scripted\n    turns:\n      - message: Refund order {{order_id}}\n",
      VALID_SIM,
    ),
  },
  {
    code: "user-simulator-kind",
    wrong: simulator("schema_version: 1\nkind: ⟦scripted⟧\nphases:\n  - id: opening\n" + indent(SCRIPTED, 4)),
    right: simulator(SIM_HEAD + "phases:\n  - id: opening\n" + indent(SCRIPTED, 4)),
  },
  {
    code: "user-simulator-kind",
    ...inCase(
      "schema_version: 1\nkind: ⟦Hybrid⟧\nphases:\n  - id: open\n    actor: scripted\n    turns:\n      - message: Refund order {{order_id}}\n",
      "schema_version: 1\nkind: '  hybrid'\nphases:\n  - id: open\n    actor: scripted\n    turns:\n      - message: Refund order {{order_id}}\n",
    ),
  },
  {
    code: "user-simulator-max-turns-negative",
    ...simulators("max_turns: ⟦-1⟧\nphases:\n  - id: opening\n" + indent(SCRIPTED, 4), "max_turns: 8\nphases:\n  - id: opening\n" + indent(SCRIPTED, 4)),
  },
  { code: "user-simulator-max-turns-negative", ...inCase(VALID_SIM + "max_turns: ⟦-1⟧\n", VALID_SIM + "max_turns: 0\n") },
  { code: "user-simulator-phases-empty", ...simulators("phases: ⟦[]⟧\n", "phases:\n  - id: opening\n" + indent(SCRIPTED, 4)) },
  { code: "user-simulator-phases-empty", ...inCase("schema_version: 1\nkind: hybrid\nphases: ⟦[]⟧\n", VALID_SIM) },
  { code: "phase-id-required", ...simulators('phases:\n  - id: ⟦""⟧\n' + indent(SCRIPTED, 4), "phases:\n  - id: opening\n" + indent(SCRIPTED, 4)) },
  {
    code: "phase-id-required",
    ...inCase(
      'schema_version: 1\nkind: hybrid\nphases:\n  - id: ⟦"  "⟧\n    actor: scripted\n    turns:\n      - message: Refund order {{order_id}}\n',
      VALID_SIM,
    ),
  },
  { code: "phase-actor-required", ...markIn(phases("turns:\n  - message: Hello\n", SCRIPTED), "- id: opening", "-") },
  {
    code: "phase-actor-required",
    ...inCase("schema_version: 1\nkind: hybrid\nphases:\n  ⟦-⟧ id: open\n    turns:\n      - message: Refund order {{order_id}}\n", VALID_SIM),
  },
  { code: "phase-actor-invalid", ...phases("actor: ⟦bot⟧\nturns:\n  - message: Hello\n", SCRIPTED) },
  {
    code: "phase-actor-invalid",
    ...inCase(
      "schema_version: 1\nkind: hybrid\nphases:\n  - id: open\n    actor: ⟦Scripted⟧\n    turns:\n      - message: Refund order {{order_id}}\n",
      "schema_version: 1\nkind: hybrid\nphases:\n  - id: open\n    actor: ' scripted '\n    turns:\n      - message: Refund order {{order_id}}\n",
    ),
  },
  {
    code: "phase-trigger-unsupported",
    ...simulators(
      "phases:\n  - id: opening\n" + indent(SCRIPTED, 4) + "  - id: follow-up\n    trigger: ⟦when_angry⟧\n" + indent(SCRIPTED, 4),
      "phases:\n  - id: opening\n" + indent(SCRIPTED, 4) + "  - id: follow-up\n    trigger: on_assistant_mismatch\n" + indent(SCRIPTED, 4),
    ),
  },
  {
    code: "phase-trigger-unsupported",
    ...inCase(
      VALID_SIM + "  - id: later\n    actor: human\n    trigger: ⟦on_whim⟧\n",
      VALID_SIM + "  - id: later\n    actor: human\n    trigger: on_validator_fail\n",
    ),
  },
  { code: "phase-first-trigger", ...phases("trigger: ⟦on_assistant_mismatch⟧\n" + SCRIPTED, "trigger: always\n" + SCRIPTED) },
  {
    code: "phase-first-trigger",
    ...inCase(
      "schema_version: 1\nkind: hybrid\nphases:\n  - id: open\n    actor: scripted\n    trigger: ⟦manual⟧\n    turns:\n      - message: Refund order {{order_id}}\n",
      "schema_version: 1\nkind: hybrid\nphases:\n  - id: open\n    actor: scripted\n    trigger: always\n    turns:\n      - message: Refund order {{order_id}}\n",
    ),
  },
  {
    code: "phase-later-always",
    ...simulators(
      "phases:\n  - id: opening\n" + indent(SCRIPTED, 4) + "  - id: follow-up\n    trigger: ⟦always⟧\n" + indent(SCRIPTED, 4),
      "phases:\n  - id: opening\n" + indent(SCRIPTED, 4) + "  - id: follow-up\n    trigger: on_assistant_mismatch\n" + indent(SCRIPTED, 4),
    ),
  },
  {
    code: "phase-later-always",
    ...inCase(VALID_SIM + "  ⟦-⟧ id: later\n    actor: human\n", VALID_SIM + "  - id: later\n    actor: human\n    trigger: never\n"),
  },
  { code: "phase-scripted-turns-empty", ...phases("actor: scripted\nturns: ⟦[]⟧\n", SCRIPTED) },
  {
    code: "phase-scripted-turns-empty",
    ...inCase(
      "schema_version: 1\nkind: hybrid\nphases:\n  - id: open\n    actor: scripted\n    turns: ⟦[]⟧\n",
      "schema_version: 1\nkind: hybrid\nphases:\n  - id: open\n    actor: human\n    turns: []\n",
    ),
  },
  { code: "phase-turn-message-required", ...phases('actor: scripted\nturns:\n  - message: ⟦""⟧\n', SCRIPTED) },
  { code: "phase-turn-message-required", ...inCase(VALID_SIM + '      - message: ⟦"  "⟧\n', VALID_SIM + "      - message: Still waiting\n") },
  { code: "turn-expect-key-required", ...expects('- key: ⟦""⟧\n  kind: text\n  value: refund\n', "- key: mentions-refund\n  kind: text\n  value: refund\n") },
  { code: "turn-expect-key-required", ...turnExpects('key: ⟦""⟧\nkind: contains\n', 'key: " "\nkind: contains\n') },
  {
    code: "turn-expect-key-duplicate",
    ...expects(
      "- key: mentions-refund\n  kind: text\n  value: refund\n- key: ⟦mentions-refund⟧\n  kind: text\n  value: 14 days\n",
      "- key: mentions-refund\n  kind: text\n  value: refund\n- key: mentions-window\n  kind: text\n  value: 14 days\n",
    ),
  },
  {
    code: "turn-expect-key-duplicate",
    ...turnExpects("- key: a\n  kind: contains\n- key: ⟦a⟧\n  kind: contains\n", "- key: a\n  kind: contains\n- key: ' a'\n  kind: contains\n"),
  },
  { code: "turn-expect-kind-required", ...expects("⟦-⟧ key: mentions-refund\n  value: refund\n", "- key: mentions-refund\n  kind: text\n  value: refund\n") },
  { code: "turn-expect-kind-required", ...turnExpects("⟦-⟧ key: a\n", "- key: a\n  kind: ' '\n") },
  {
    code: "turn-expect-artifact-key-undeclared",
    ...expects("- key: policy\n  kind: file\n  artifact_key: ⟦policy_doc⟧\n", "- key: policy\n  kind: file\n  artifact_key: policy_pdf\n"),
  },
  {
    code: "turn-expect-artifact-key-undeclared",
    ...turnExpects("key: a\nkind: file\nartifact_key: ⟦' policy_pdf'⟧\n", "key: a\nkind: file\nartifact_key: policy_pdf\n"),
  },
  {
    code: "turn-expect-source-input-key-empty",
    ...expects('- key: asked\n  kind: text\n  source: ⟦"input:"⟧\n', "- key: asked\n  kind: text\n  source: input:prompt\n"),
  },
  {
    code: "turn-expect-source-input-key-empty",
    ...turnExpects("key: a\nkind: contains\nsource: ⟦'input: '⟧\n", "key: a\nkind: contains\nsource: 'input: prompt '\n"),
  },
  {
    code: "turn-expect-source-input-undeclared",
    ...expects("- key: asked\n  kind: text\n  source: input:⟦promt⟧\n", "- key: asked\n  kind: text\n  source: input:prompt\n"),
  },
  {
    code: "turn-expect-source-input-undeclared",
    ...turnExpects("key: a\nkind: contains\nsource: input:⟦order_id⟧\n", "key: a\nkind: contains\nsource: input:prompt\n"),
  },
  {
    code: "turn-expect-source-artifact-key-empty",
    ...expects('- key: policy\n  kind: file\n  source: ⟦"artifact:"⟧\n', "- key: policy\n  kind: file\n  source: artifact:policy_pdf\n"),
  },
  {
    code: "turn-expect-source-artifact-key-empty",
    ...turnExpects("key: a\nkind: contains\nsource: ⟦'artifact:'⟧\n", "key: a\nkind: contains\nsource: artifact:policy_pdf\n"),
  },
  {
    code: "turn-expect-source-artifact-undeclared",
    ...expects("- key: policy\n  kind: file\n  source: artifact:⟦policy_doc⟧\n", "- key: policy\n  kind: file\n  source: artifact:policy_pdf\n"),
  },
  {
    code: "turn-expect-source-artifact-undeclared",
    ...turnExpects("key: a\nkind: contains\nsource: artifact:⟦manual_pdf⟧\n", "key: a\nkind: contains\nsource: artifact:policy_pdf\n"),
  },
  {
    code: "turn-expect-source-prefix-invalid",
    ...expects("- key: asked\n  kind: text\n  source: ⟦prompt⟧\n", "- key: asked\n  kind: text\n  source: input:prompt\n"),
  },
  { code: "turn-expect-source-prefix-invalid", ...turnExpects("key: a\nkind: contains\nsource: ⟦' input:prompt'⟧\n", "key: a\nkind: contains\nsource: ''\n") },
  { code: "phase-llm-persona-required", ...markIn(phases("actor: llm\n", "actor: llm\npersona: An impatient customer\n"), "- id: opening", "-") },
  {
    code: "phase-llm-persona-required",
    ...inCase(VALID_SIM + "  ⟦-⟧ id: later\n    actor: llm\n    trigger: manual\n", VALID_SIM + "  - id: later\n    actor: human\n    trigger: manual\n"),
  },
  {
    code: "phase-llm-max-turns-negative",
    ...phases("actor: llm\npersona: An impatient customer\nmax_turns: ⟦-1⟧\n", "actor: llm\npersona: An impatient customer\nmax_turns: 4\n"),
  },
  {
    code: "phase-llm-max-turns-negative",
    ...inCase(
      VALID_SIM + "  - id: later\n    actor: llm\n    trigger: manual\n    persona: p\n    max_turns: ⟦-2⟧\n",
      VALID_SIM + "  - id: later\n    actor: human\n    trigger: manual\n    max_turns: -2\n",
    ),
  },
  {
    code: "phase-llm-until-empty",
    ...phases('actor: llm\npersona: An impatient customer\nuntil: [⟦""⟧]\n', "actor: llm\npersona: An impatient customer\nuntil: [agent_offers_refund]\n"),
  },
  {
    code: "phase-llm-until-empty",
    ...inCase(
      VALID_SIM + '  - id: later\n    actor: llm\n    trigger: manual\n    persona: p\n    until:\n      - done\n      - ⟦" "⟧\n',
      VALID_SIM + "  - id: later\n    actor: llm\n    trigger: manual\n    persona: p\n    until:\n      - done\n      - ~\n",
    ),
  },
  { code: "phase-human-timeout-negative", ...phases("actor: human\ntimeout_ms: ⟦-1⟧\n", "actor: human\ntimeout_ms: 60000\n") },
  {
    code: "phase-human-timeout-negative",
    ...inCase(
      VALID_SIM + "  - id: later\n    actor: human\n    trigger: manual\n    timeout_ms: ⟦-1⟧\n",
      VALID_SIM + "  - id: later\n    actor: llm\n    persona: p\n    trigger: manual\n    timeout_ms: -1\n",
    ),
  },
  { code: "phase-model-non-llm", ...phases(SCRIPTED + "model: ⟦gpt-4o⟧\n", SCRIPTED) },
  {
    code: "phase-model-non-llm",
    ...inCase(
      "schema_version: 1\nkind: hybrid\nphases:\n  - id: open\n    actor: scripted\n    model: ⟦gpt-4o-mini⟧\n    turns:\n      - message: Refund order {{order_id}}\n",
      "schema_version: 1\nkind: hybrid\nphases:\n  - id: open\n    actor: scripted\n    model: ' '\n    turns:\n      - message: Refund order {{order_id}}\n",
    ),
  },
  {
    code: "phase-id-duplicate",
    ...simulators(
      "phases:\n  - id: opening\n" + indent(SCRIPTED, 4) + "  - id: ⟦opening⟧\n    trigger: on_assistant_mismatch\n" + indent(SCRIPTED, 4),
      "phases:\n  - id: opening\n" + indent(SCRIPTED, 4) + "  - id: follow-up\n    trigger: on_assistant_mismatch\n" + indent(SCRIPTED, 4),
    ),
  },
  {
    code: "phase-id-duplicate",
    ...inCase(VALID_SIM + "  - id: ⟦' open'⟧\n    actor: human\n    trigger: manual\n", VALID_SIM + "  - id: closing\n    actor: human\n    trigger: manual\n"),
  },
  {
    code: "calibration-sample-rate-range",
    ...simulators(
      "phases:\n  - id: opening\n" + indent(SCRIPTED, 4) + "calibration:\n  enabled: true\n  sample_rate: ⟦0⟧\n",
      "phases:\n  - id: opening\n" + indent(SCRIPTED, 4) + "calibration:\n  enabled: true\n  sample_rate: 0.1\n",
    ),
  },
  {
    code: "calibration-sample-rate-range",
    ...inCase(VALID_SIM + "calibration:\n  enabled: true\n  sample_rate: ⟦1.5⟧\n", VALID_SIM + "calibration:\n  enabled: true\n  sample_rate: 1\n"),
  },
  {
    code: "arena-comparison-invalid",
    ...simulators(
      "phases:\n  - id: opening\n" + indent(SCRIPTED, 4) + "post_run:\n  arena:\n    enabled: true\n    comparison: ⟦ranked⟧\n",
      "phases:\n  - id: opening\n" + indent(SCRIPTED, 4) + "post_run:\n  arena:\n    enabled: true\n    comparison: pairwise\n",
    ),
  },
  {
    code: "arena-comparison-invalid",
    ...inCase(
      VALID_SIM + "post_run:\n  arena:\n    enabled: true\n    comparison: ⟦elo⟧\n",
      VALID_SIM + "post_run:\n  arena:\n    enabled: false\n    comparison: elo\n",
    ),
  },
  {
    code: "turn-message-template-unresolved",
    ...phases("actor: scripted\nturns:\n  - message: About order ⟦{{order_id}}⟧\n", 'actor: scripted\nturns:\n  - message: "About this: {{prompt}}"\n'),
  },
  {
    code: "turn-message-template-invalid-path",
    ...phases("actor: scripted\nturns:\n  - message: About ⟦{{prompt.}}⟧\n", 'actor: scripted\nturns:\n  - message: "About this: {{prompt}}"\n'),
  },
];
