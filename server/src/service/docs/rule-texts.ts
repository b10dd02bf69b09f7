/**
 * Hand-written documentation for the rules pack authors meet most (the mistakes in examples/broken.pack.yaml and the
 * input-set guidance's "Common Validation Failures"). Every other code is documented from the catalog
 * (rule-docs.ts). Facts follow the reference validator (`ValidateBundle` in `runtime/challengepack/validation.go`); the words are ours.
 */
export interface RuleText {
  /** What the rule checks, in one or two sentences. */
  checks: string;
  /** What goes wrong when the pack runs (or is published) with this problem. */
  why: string;
  /** How to fix it. */
  fix: string;
  /** A short YAML excerpt that has the problem, and the same excerpt fixed. */
  wrong?: string;
  right?: string;
}

export const RULE_TEXTS: Readonly<Record<string, RuleText>> = {
  "yaml-syntax": {
    checks: "The file must be well-formed YAML: indentation, colons, quotes and brackets must match up.",
    why: "AgentClash cannot read the pack at all, so nothing else in it is checked and it cannot be published.",
    fix: "Look at the marked position: usually a missing space after `:`, a tab used for indentation, an unclosed quote, or a value that starts with a character YAML reserves (`@`, `` ` ``, `%`) and needs quotes.",
    wrong: 'pack:\n  slug:refund-support\n  name: "Refund Support',
    right: 'pack:\n  slug: refund-support\n  name: "Refund Support"',
  },
  "yaml-type-mismatch": {
    checks: "Every value must have the kind the key expects: text, a number, true/false, a list or a mapping.",
    why: "AgentClash stops reading the pack at the first value it cannot store, so the pack is rejected before any other check.",
    fix: "Write the value in the expected form: a list where a list belongs (`- item`), a mapping where keys belong, a whole number for counts. The hover on the key shows its type.",
    wrong: "version:\n  number: one",
    right: "version:\n  number: 1",
  },
  "yaml-duplicate-key": {
    checks: "A key may appear only once in the same mapping.",
    why: "AgentClash rejects a pack with a repeated key instead of guessing which of the two values you meant.",
    fix: "Delete one of the two entries, or merge them.",
    wrong: "pack:\n  slug: refund-support\n  slug: refund-help",
    right: "pack:\n  slug: refund-support",
  },
  "eval-spec-unknown-field": {
    checks: "Inside `version.evaluation_spec`, every key must be one AgentClash knows (keys are matched regardless of case there).",
    why: "The evaluation spec is read strictly: one misspelled key makes AgentClash reject the whole pack, since a scoring setting that silently vanished would change every score.",
    fix: "Correct the spelling (the message suggests the closest key), or remove the key.",
    wrong: "evaluation_spec:\n  name: refund-support-v1\n  judge_mod: deterministic",
    right: "evaluation_spec:\n  name: refund-support-v1\n  judge_mode: deterministic",
  },
  "pack-slug-required": {
    checks: "`pack.slug` must be set to a non-blank value.",
    why: "The slug identifies the pack when it is published and when runs are started; without it the pack is rejected.",
    fix: "Add a short, URL-safe identifier that stays the same across versions.",
    wrong: "pack:\n  name: Refund Support\n  family: support",
    right: "pack:\n  slug: refund-support\n  name: Refund Support\n  family: support",
  },
  "version-number-positive": {
    checks: "`version.number` must be a whole number greater than 0 (leaving it out counts as 0).",
    why: "Each published revision of a pack is identified by its version number; 0 or a negative number is rejected.",
    fix: "Start at 1 and increase the number with every published change.",
    wrong: "version:\n  number: 0",
    right: "version:\n  number: 1",
  },
  "execution-mode-invalid": {
    checks: "`version.execution_mode`, when set, must be exactly `native`, `prompt_eval`, `responses` or `multi_turn` (lower case).",
    why: "The execution mode decides how AgentClash runs the agent (with tools in a sandbox, as a single prompt, through the Responses API, or as a conversation); an unknown mode cannot be run.",
    fix: "Use one of the four values, or leave the key out to get `native`.",
    wrong: "version:\n  execution_mode: nativ",
    right: "version:\n  execution_mode: native",
  },
  "challenges-empty": {
    checks: "The pack must declare at least one challenge under `challenges`.",
    why: "Challenges are the tasks the agent is benchmarked on; a pack without one has nothing to run.",
    fix: "Add a challenge with `key`, `title`, `category` and `difficulty`.",
    wrong: "challenges: []",
    right: "challenges:\n  - key: refund-question\n    title: Refund window question\n    category: support\n    difficulty: easy",
  },
  "challenge-key-required": {
    checks: "Every challenge needs a non-blank `key`.",
    why: "Cases name the challenge they run by this key (`challenge_key`); a challenge without one cannot be run.",
    fix: "Add a lowercase kebab-case key that will not change after publishing.",
    wrong: "challenges:\n  - title: Refund window question\n    category: support\n    difficulty: easy",
    right: "challenges:\n  - key: refund-question\n    title: Refund window question\n    category: support\n    difficulty: easy",
  },
  "challenge-key-duplicate": {
    checks: "No two challenges may share a `key`.",
    why: "A case's `challenge_key` must point at exactly one challenge; with two challenges under one key AgentClash cannot tell which to run.",
    fix: "Give each challenge its own key, and update the `challenge_key` of the cases that meant the renamed one.",
    wrong: "challenges:\n  - key: refund-question\n    title: Refund window question\n  - key: refund-question\n    title: Refund amount question",
    right: "challenges:\n  - key: refund-question\n    title: Refund window question\n  - key: refund-amount\n    title: Refund amount question",
  },
  "challenge-title-required": {
    checks: "Every challenge needs a non-blank `title`.",
    why: "The title is what people see for the challenge in results and reports.",
    fix: "Add a short human-readable title.",
    wrong: "challenges:\n  - key: refund-question\n    category: support\n    difficulty: easy",
    right: "challenges:\n  - key: refund-question\n    title: Refund window question\n    category: support\n    difficulty: easy",
  },
  "challenge-category-required": {
    checks: "Every challenge needs a non-blank `category`.",
    why: "Results are grouped and compared by category; a challenge without one is rejected.",
    fix: "Add the category the challenge belongs to (free text, such as `support` or `coding`).",
    wrong: "challenges:\n  - key: refund-question\n    title: Refund window question\n    difficulty: easy",
    right: "challenges:\n  - key: refund-question\n    title: Refund window question\n    category: support\n    difficulty: easy",
  },
  "challenge-difficulty-invalid": {
    checks: "Every challenge's `difficulty` must be `easy`, `medium`, `hard` or `expert` (lower case); it is required.",
    why: "Difficulty is used to group and weigh results; any other word is rejected.",
    fix: "Pick the closest of the four levels.",
    wrong: "challenges:\n  - key: refund-question\n    difficulty: trivial",
    right: "challenges:\n  - key: refund-question\n    difficulty: easy",
  },
  "input-set-key-required": {
    checks: "Every input set needs a non-blank `key`.",
    why: "Runs select an input set by its key (`agentclash eval start --input-set <key>`).",
    fix: "Add a kebab-case key that says what the set is for, such as `refund-smoke`.",
    wrong: "input_sets:\n  - name: Refund Smoke\n    cases: []",
    right: "input_sets:\n  - key: refund-smoke\n    name: Refund Smoke\n    cases: []",
  },
  "input-set-key-duplicate": {
    checks: "No two input sets may share a `key`.",
    why: "A run picks its input set by key; with two sets under one key the choice would be ambiguous, so the pack is rejected.",
    fix: "Rename one of the sets; a key that says what the set is for (`-smoke`, `-regression`, `-full`) helps whoever starts the run.",
    wrong: "input_sets:\n  - key: support-smoke\n    name: Support Smoke\n  - key: support-smoke\n    name: Refund Regression",
    right: "input_sets:\n  - key: support-smoke\n    name: Support Smoke\n  - key: refund-regression\n    name: Refund Regression",
  },
  "input-set-name-required": {
    checks: "Every input set needs a non-blank `name`.",
    why: "The name is how people recognise the set when they start a run (a run may also select it by its exact name).",
    fix: "Add a short human-readable name.",
    wrong: "input_sets:\n  - key: refund-smoke\n    cases: []",
    right: "input_sets:\n  - key: refund-smoke\n    name: Refund Smoke\n    cases: []",
  },
  "input-set-cases-empty": {
    checks: "Every input set must contain at least one case (under `cases`, or the legacy `items`).",
    why: "An input set is what a run executes; an empty one would run nothing.",
    fix: "Add at least one case, or remove the input set.",
    wrong: "input_sets:\n  - key: refund-smoke\n    name: Refund Smoke\n    cases: []",
    right:
      "input_sets:\n  - key: refund-smoke\n    name: Refund Smoke\n    cases:\n      - challenge_key: refund-question\n        case_key: refund-window-basic",
  },
  "case-challenge-key-required": {
    checks: "Every case needs a `challenge_key`: the key of the challenge it runs.",
    why: "Without it AgentClash does not know which task the case's inputs belong to.",
    fix: "Add `challenge_key` with the `key` of one of the pack's challenges.",
    wrong: "cases:\n  - case_key: refund-window-basic",
    right: "cases:\n  - challenge_key: refund-question\n    case_key: refund-window-basic",
  },
  "case-challenge-key-undeclared": {
    checks: "A case's `challenge_key` must be the `key` of a challenge declared in the pack (exact spelling, case-sensitive).",
    why: "The case would run a challenge that does not exist. A common cause is writing the challenge's title instead of its key.",
    fix: "Use the challenge's `key`, not its title; completion lists the declared keys.",
    wrong:
      "challenges:\n  - key: refund-question\n    title: Refund window question\ninput_sets:\n  - key: refund-smoke\n    cases:\n      - challenge_key: Refund window question",
    right:
      "challenges:\n  - key: refund-question\n    title: Refund window question\ninput_sets:\n  - key: refund-smoke\n    cases:\n      - challenge_key: refund-question",
  },
  "case-challenge-key-mixed": {
    checks: "All cases of one input set must have the same `challenge_key`.",
    why: "An input set feeds one challenge: a run of the set runs that challenge once per case. Cases for another challenge belong in another set.",
    fix: "Move the case to an input set for its own challenge (the quick fix splits the set), or correct its `challenge_key`.",
    wrong:
      "input_sets:\n  - key: support-smoke\n    cases:\n      - challenge_key: refund-question\n        case_key: refund-window-basic\n      - challenge_key: billing-question\n        case_key: invoice-copy-basic",
    right:
      "input_sets:\n  - key: refund-smoke\n    cases:\n      - challenge_key: refund-question\n        case_key: refund-window-basic\n  - key: billing-smoke\n    cases:\n      - challenge_key: billing-question\n        case_key: invoice-copy-basic",
  },
  "case-key-required": {
    checks: "Every case needs a `case_key` (or the legacy `item_key`).",
    why: "Results, regressions and reports identify a case by its key; without one the case cannot be tracked from run to run.",
    fix: "Add a stable lowercase kebab-case `case_key` that says what the case tests.",
    wrong: "cases:\n  - challenge_key: refund-question\n    payload: {order_id: A-1}",
    right: "cases:\n  - challenge_key: refund-question\n    case_key: refund-window-basic\n    payload: {order_id: A-1}",
  },
  "case-key-duplicate": {
    checks: "Within one input set, two cases of the same challenge may not share a `case_key`.",
    why: "Each case's results are stored under its key; a second case with the same key would overwrite or be confused with the first.",
    fix: "Give the second case its own key describing what it adds, or delete it if it tests the same thing.",
    wrong:
      "cases:\n  - challenge_key: refund-question\n    case_key: refund-window-basic\n  - challenge_key: refund-question\n    case_key: refund-window-basic",
    right:
      "cases:\n  - challenge_key: refund-question\n    case_key: refund-window-basic\n  - challenge_key: refund-question\n    case_key: refund-window-expired",
  },
  "case-input-key-required": {
    checks: "Every case input needs a non-blank `key`.",
    why: "Expectations and validators refer to inputs by key (`input:<key>`, `case.inputs.<key>`).",
    fix: "Add a descriptive key such as `prompt` or `customer_record`.",
    wrong: "inputs:\n  - kind: text\n    value: Can I get a refund?",
    right: "inputs:\n  - key: prompt\n    kind: text\n    value: Can I get a refund?",
  },
  "case-input-key-duplicate": {
    checks: "The inputs of one case must have different keys.",
    why: "`input:<key>` and `case.inputs.<key>` must name exactly one input.",
    fix: "Rename one of the inputs.",
    wrong: "inputs:\n  - key: prompt\n    kind: text\n  - key: prompt\n    kind: file",
    right: "inputs:\n  - key: prompt\n    kind: text\n  - key: source_doc\n    kind: file",
  },
  "case-input-kind-required": {
    checks: "Every case input needs a non-blank `kind`.",
    why: "The kind tells the runtime how to hand the input to the agent (text, a file, …).",
    fix: "Add `kind`, for example `text` or `file`.",
    wrong: "inputs:\n  - key: prompt\n    value: Can I get a refund?",
    right: "inputs:\n  - key: prompt\n    kind: text\n    value: Can I get a refund?",
  },
  "case-expectation-key-duplicate": {
    checks: "The expectations of one case must have different keys.",
    why: "Validators read an expectation as `case.expectations.<key>`; that must name exactly one.",
    fix: "Rename one of the expectations.",
    wrong: "expectations:\n  - key: answer\n    kind: text\n  - key: answer\n    kind: json",
    right: "expectations:\n  - key: answer\n    kind: text\n  - key: answer_json\n    kind: json",
  },
  "case-expectation-kind-required": {
    checks: "Every expectation needs a non-blank `kind`.",
    why: "The kind says how the expected value is compared (text, JSON, a file, …).",
    fix: "Add `kind`, for example `text`.",
    wrong: "expectations:\n  - key: answer\n    value: 30 days",
    right: "expectations:\n  - key: answer\n    kind: text\n    value: 30 days",
  },
  "case-expectation-source-input-undeclared": {
    checks: "An expectation's `source: input:<key>` must name an input declared in the same case.",
    why: "The expected value is read from that input when the case is scored; a missing input leaves nothing to compare against.",
    fix: "Correct the input key (the message lists the case's inputs), or add the input to the case.",
    wrong: "inputs:\n  - key: prompt\n    kind: text\nexpectations:\n  - key: policy_reference\n    kind: text\n    source: input:promt",
    right: "inputs:\n  - key: prompt\n    kind: text\nexpectations:\n  - key: policy_reference\n    kind: text\n    source: input:prompt",
  },
  "case-expectation-source-prefix-invalid": {
    checks: "An expectation's `source`, when set, must start with `input:` (a case input) or `artifact:` (a version asset).",
    why: "The source says where the expected value comes from; any other form cannot be resolved when the case is scored.",
    fix: "Write `input:<input key>` or `artifact:<asset key>`, or use `value` for an inline expected value.",
    wrong: "expectations:\n  - key: answer\n    kind: text\n    source: prompt",
    right: "expectations:\n  - key: answer\n    kind: text\n    source: input:prompt",
  },
  "case-expectation-artifact-key-undeclared": {
    checks: "An expectation's `artifact_key` must be the key of an asset declared under `version.assets`.",
    why: "The expected content is read from that asset when the case is scored; an undeclared asset is not shipped with the pack.",
    fix: "Declare the asset under `version.assets` (with its `path`), or correct the key.",
    wrong: "version:\n  assets: []\n# …\nexpectations:\n  - key: policy_copy\n    kind: file\n    artifact_key: policy_pdf",
    right:
      "version:\n  assets:\n    - key: policy_pdf\n      path: assets/policy.pdf\n# …\nexpectations:\n  - key: policy_copy\n    kind: file\n    artifact_key: policy_pdf",
  },
  "case-artifact-undeclared": {
    checks: "Every key listed under a case's `artifacts` must be declared under `version.assets`.",
    why: "The case asks for a file the pack does not ship, so the agent would not get it at run time.",
    fix: "Declare the asset under `version.assets`, or correct the key.",
    wrong: "version:\n  assets: []\n# …\n    artifacts:\n      - key: policy_pdf",
    right: "version:\n  assets:\n    - key: policy_pdf\n      path: assets/policy.pdf\n# …\n    artifacts:\n      - key: policy_pdf",
  },
  "eval-judge-mode-invalid": {
    checks: "`evaluation_spec.judge_mode` is required and must be `deterministic`, `llm_judge` or `hybrid`.",
    why: "The judge mode decides whether runs are scored by validators, by LLM judges, or by both.",
    fix: "Use `deterministic` when only validators score, `llm_judge` when only judges do, `hybrid` for both.",
    wrong: "evaluation_spec:\n  judge_mode: validators",
    right: "evaluation_spec:\n  judge_mode: deterministic",
  },
  "validator-type-unsupported": {
    checks: "A validator's `type` must be one of the validator types AgentClash implements (`exact_match`, `contains`, `regex_match`, `json_schema`, …).",
    why: "The type decides how the run's output is checked; an unknown type cannot score anything, so the pack is rejected.",
    fix: "Use one of the supported types (the message lists them; completion offers them).",
    wrong: "validators:\n  - key: mentions-window\n    type: contain\n    target: final_output",
    right: "validators:\n  - key: mentions-window\n    type: contains\n    target: final_output",
  },
  "validator-target-unsupported-reference": {
    checks:
      "A validator's `target` must be an evidence reference: `final_output`, `case.payload.<field>`, `case.inputs.<key>`, `file:<check key>`, `literal:<text>`, …",
    why: "The target says which evidence of the run the validator checks; an unknown reference reads nothing.",
    fix: "Use one of the evidence references; completion lists them with the pack's own inputs and checks.",
    wrong: "validators:\n  - key: mentions-window\n    type: contains\n    target: output",
    right: "validators:\n  - key: mentions-window\n    type: contains\n    target: final_output",
  },
  "validator-expected-from-unsupported-reference": {
    checks: "A validator's `expected_from` must be an evidence reference such as `case.expectations.<key>`, `case.inputs.<key>` or `literal:<text>`.",
    why: "It says where the expected value comes from when the validator compares; an unknown reference gives it nothing to compare with.",
    fix: "Point it at an expectation (`case.expectations.<key>`) or write the value with `literal:`.",
    wrong: "validators:\n  - key: mentions-window\n    type: contains\n    target: final_output\n    expected_from: expectations.answer",
    right: "validators:\n  - key: mentions-window\n    type: contains\n    target: final_output\n    expected_from: case.expectations.answer",
  },
  "dimension-validator-unknown": {
    checks: "Every validator key listed by a scorecard dimension must be the key of a declared validator.",
    why: "The dimension's score is made from those validators' results; a missing one leaves the score undefined.",
    fix: "Correct the key, or declare the validator under `evaluation_spec.validators`.",
    wrong:
      "validators:\n  - key: mentions-window\n# …\nscorecard:\n  dimensions:\n    - key: accuracy\n      source: validators\n      validators: [mentions-windw]",
    right:
      "validators:\n  - key: mentions-window\n# …\nscorecard:\n  dimensions:\n    - key: accuracy\n      source: validators\n      validators: [mentions-window]",
  },
  "unknown-key": {
    checks: "Every key outside `evaluation_spec` should be one AgentClash knows.",
    why: "AgentClash silently ignores unknown keys there, so a misspelled key is lost: the setting you wrote never takes effect.",
    fix: "Correct the spelling (the message suggests the closest key) or remove the key.",
    wrong: "challenges:\n  - key: refund-question\n    dificulty: easy",
    right: "challenges:\n  - key: refund-question\n    difficulty: easy",
  },
  "legacy-items": {
    checks: "An input set uses the old `items` list instead of `cases`.",
    why: "AgentClash still converts `items` into cases, but new packs should use `cases`; when a set has both, `items` is ignored.",
    fix: "Rename `items` to `cases` and `item_key` to `case_key` (the quick fix does both).",
    wrong: "input_sets:\n  - key: refund-smoke\n    items:\n      - challenge_key: refund-question\n        item_key: refund-window-basic",
    right: "input_sets:\n  - key: refund-smoke\n    cases:\n      - challenge_key: refund-question\n        case_key: refund-window-basic",
  },
  "legacy-item-key": {
    checks: "A case uses the old `item_key` without `case_key`.",
    why: "It still works (the item key becomes the case key), but `case_key` is the current name.",
    fix: "Rename `item_key` to `case_key`.",
    wrong: "cases:\n  - challenge_key: refund-question\n    item_key: refund-window-basic",
    right: "cases:\n  - challenge_key: refund-question\n    case_key: refund-window-basic",
  },
  "evidence-key-undeclared": {
    checks:
      "A validator or judge reads `case.inputs.<key>`, `case.expectations.<key>` or `case.payload.<field>`, and no case of the pack declares that key. A payload path is followed as AgentClash follows it when it scores: `case.payload.customer.name` reads the field `name` of the map `customer`, `case.payload.signals.0` the first item of the list `signals`; it is reported when no case's payload has a value there. Payload paths are checked only when every case writes a `payload` map.",
    why: "AgentClash checks only the form of an evidence path. When the pack is scored, a key that no case has makes the validator or judge come out unavailable for every case, so the score silently misses that check.",
    fix: "Correct the key or the payload path (the message suggests the closest one there is, and for a key the quick fix writes it), or declare the input or expectation in the cases, or add the field to their payloads. Rename an input or a payload field from its key or from the path: the key in every case and every path reading it are renamed together.",
    wrong: "validators:\n  - key: policy-cited\n    type: contains\n    target: final_output\n    expected_from: case.expectations.policy_refrence",
    right: "validators:\n  - key: policy-cited\n    type: contains\n    target: final_output\n    expected_from: case.expectations.policy_reference",
  },
  "multiple-input-sets": {
    checks: "The pack has more than one input set.",
    why: "Starting a run then needs `agentclash eval start --input-set <key>`; this notice lists the keys to choose from.",
    fix: "Nothing to fix; turn the rule off in `.packlintrc.json` if the notice is not useful to you.",
  },
  "input-set-size": {
    checks:
      "An input set whose key ends in `-smoke`, `-ci`, `-full`, `-regression` or `-edge` has an unusual number of cases for that use (smoke: 1 to 3, ci: 1 to 5, full: 5 or more).",
    why: "The suffix tells whoever starts a run what to expect: a smoke set should be quick, a full set should cover the challenge.",
    fix: "Add or move cases, or rename the set for what it is.",
    wrong: "input_sets:\n  - key: refund-full\n    cases:\n      - challenge_key: refund-question\n        case_key: refund-window-basic",
    right: "input_sets:\n  - key: refund-smoke\n    cases:\n      - challenge_key: refund-question\n        case_key: refund-window-basic",
  },
  "key-style": {
    checks: "Input set and case keys should be lowercase kebab-case (`refund-window-basic`); input and expectation keys may also use snake_case.",
    why: "Keys show up in commands, reports and result URLs; one consistent style keeps them easy to type and compare.",
    fix: "Rename the key (the quick fix renames it everywhere it is used).",
    wrong: "case_key: Refund Window Basic",
    right: "case_key: refund-window-basic",
  },
  "key-unstable": {
    checks: "A key contains a date, a UUID, a run id or another random-looking id.",
    why: "Results and regressions are compared by key across runs and versions; a key that has to change later breaks that history.",
    fix: "Describe the scenario in the key and keep ids inside `payload`.",
    wrong: "case_key: refund-2024-05-01-7f3a9c2e",
    right: "case_key: refund-window-expired",
  },
  "duplicate-case": {
    checks: "A case has the same challenge, payload, inputs and expectations as an earlier case of the same input set.",
    why: "It costs a run but tells you nothing the earlier case did not.",
    fix: "Delete it, or change it so it tests something the other case does not.",
  },
  "expectation-value-and-source": {
    checks: "An expectation has both `value` and `source`.",
    why: "Only one of them is the expected value; writing both leaves readers unsure which is compared.",
    fix: "Keep `value` for inline content, or `source` to point at an input or asset, not both.",
    wrong: "expectations:\n  - key: answer\n    kind: text\n    value: 30 days\n    source: input:prompt",
    right: "expectations:\n  - key: answer\n    kind: text\n    value: 30 days",
  },
  "expectation-unobservable": {
    checks: "An expectation has no `value`, `source` or `artifact_key`.",
    why: "There is nothing to compare the run's output with, so the expectation cannot contribute to a score.",
    fix: "Add the expected value inline, or point at an input or asset.",
    wrong: "expectations:\n  - key: answer\n    kind: text",
    right: "expectations:\n  - key: answer\n    kind: text\n    value: 30 days",
  },
  "asset-file-missing": {
    checks: "A file named by an asset's `path` or a case input's `path` does not exist, relative to the pack's folder.",
    why: "The file is packed with the pack when it is published; a missing file means the agent or the scorer gets nothing at run time.",
    fix: "Correct the path (relative to the pack file's folder) or add the file.",
    wrong: "assets:\n  - key: policy_pdf\n    path: assets/polcy.pdf",
    right: "assets:\n  - key: policy_pdf\n    path: assets/policy.pdf",
  },
  "asset-path-outside-workspace": {
    checks: "An asset or case input path is absolute, climbs out of the workspace with `..`, or leads out of it through a symbolic link.",
    why: "A pack is published with the files beside it; a file outside the pack's folder will not be shipped, and packlint does not read it.",
    fix: "Move the file into the pack's folder (an `assets/` folder is usual) and use a relative path.",
    wrong: "assets:\n  - key: policy_pdf\n    path: ../../shared/policy.pdf",
    right: "assets:\n  - key: policy_pdf\n    path: assets/policy.pdf",
  },
  "bundle-empty": {
    checks: "The file must not be empty or hold only spaces and line breaks.",
    why: "An empty file is not a pack: AgentClash rejects it before anything else.",
    fix: "Write the pack: at least `pack`, `version` and `challenges`.",
  },
  "yaml-invalid-uuid": {
    checks: "A value that must be a UUID (an asset's `artifact_id`) must be written as one: 32 hexadecimal digits, usually in groups with dashes.",
    why: "AgentClash stops reading the pack at a malformed UUID, so the whole pack is rejected.",
    fix: "Copy the artifact's id exactly, or remove `artifact_id` and ship the file with `path` instead.",
    wrong: "assets:\n  - key: policy_pdf\n    artifact_id: 1234",
    right: "assets:\n  - key: policy_pdf\n    artifact_id: 3f1c2a9e-8b7d-4c6e-9a1f-2b3c4d5e6f70",
  },
  "yaml-decode-fatal": {
    checks: "The YAML must be readable as a whole: for example, aliases (`*name`) must not expand into an excessively large document.",
    why: "AgentClash stops reading the file, so nothing else is checked and the pack is rejected.",
    fix: "Write the repeated content out, or use fewer nested aliases.",
  },
  "eval-spec-marshal-error": {
    checks: "Inside `version.evaluation_spec`, mapping keys must be plain text (not lists, mappings or numbers used as keys).",
    why: "The evaluation spec is handed on as JSON, which only has text keys; AgentClash rejects a spec it cannot convert.",
    fix: "Write every key inside `evaluation_spec` as a plain word.",
    wrong: "evaluation_spec:\n  ? [a, b]\n  : 1",
    right: "evaluation_spec:\n  name: refund-support-v1",
  },
  "eval-spec-type-mismatch": {
    checks: "Inside `version.evaluation_spec`, each value must have the kind its key expects (text, number, true/false, list or mapping).",
    why: "The evaluation spec is read strictly: one value of the wrong kind makes AgentClash reject the whole pack.",
    fix: "Write the value in the expected form; the hover on the key shows its type.",
    wrong: "evaluation_spec:\n  version_number: one",
    right: "evaluation_spec:\n  version_number: 1",
  },
  "eval-spec-dimension-shape": {
    checks: "Each entry of `scorecard.dimensions` must be either a builtin dimension name (`correctness`, `latency`, …) or a mapping with a `key`.",
    why: "The scorecard cannot be built from an entry of any other form, so AgentClash rejects the pack.",
    fix: "Write a builtin name, or a mapping such as `{key: accuracy, source: validators, validators: [mentions-window]}`.",
    wrong: "scorecard:\n  dimensions:\n    - [correctness]",
    right: "scorecard:\n  dimensions:\n    - correctness",
  },
  "yaml-nesting-too-deep": {
    checks: "Lists and mappings may nest at most 500 levels deep, directly or through aliases.",
    why: "A document nested that deep is almost always generated by mistake; packlint stops checking the deeper part instead of running out of memory.",
    fix: "Flatten the structure.",
  },
  "document-too-large": {
    checks:
      "The document is over 8 MB, larger than packlint checks in full. The `packlint` command checks only its YAML syntax; in the editor, an open document that large is not checked at all, so that typing in it stays instant.",
    why: "Other mistakes in such a file go unreported (in the editor, even its syntax errors).",
    fix: "Split the cases into smaller packs, or run the `packlint` command on the file to check its YAML syntax.",
  },
  "internal-error": {
    checks:
      "packlint failed while checking this file: a bug in packlint or a limit it hit, not a mistake in the file. The file was not checked; every other file was, as usual (in a directory run, the workspace index and the editor).",
    why: "Mistakes in this file go unreported until packlint can check it.",
    fix: "Please report it with the file and the diagnostic's message. The file is checked again when it changes.",
  },
  "pattern-too-large": {
    checks:
      "A regular expression in the pack is over 10,000 characters long. packlint checks that AgentClash accepts each pattern by compiling it, which takes up to a second for a pattern of hundreds of kilobytes, so it does not compile one this long.",
    why: "A pattern that AgentClash rejects makes it reject the pack; this one was not checked, so such a mistake in it goes unreported.",
    fix: "Shorten the pattern (a list of alternatives can often become a character class or several shorter patterns), or turn the warning off for this file if the pattern is meant to be this long.",
  },
  "asset-artifact-id-not-found": {
    checks: "An asset's `artifact_id` must name an artifact stored in the workspace you publish to.",
    why: "The hosted service checks this when the pack is published; packlint cannot check it offline.",
    fix: "Upload the artifact first and copy its id, or ship the file with `path` instead.",
  },
  "asset-artifact-id-foreign-workspace": {
    checks: "An asset's `artifact_id` must belong to the workspace you publish to.",
    why: "The hosted service checks this when the pack is published; packlint cannot check it offline.",
    fix: "Upload the artifact to this workspace and use its id.",
  },
};
