import { test } from "node:test";
import assert from "node:assert/strict";
import { completion, CompletionItem } from "../../../server/src/service/pack";
import { enumValues } from "../../../server/src/service/catalog";
import { marked, yaml } from "../../helpers/fixture";
import { pack, sections } from "../../helpers/packs";
import { atCursor } from "../../helpers/features";

function complete(src: string): CompletionItem[] {
  const { model, position } = atCursor(src);
  return completion(model, position).items;
}

const labels = (items: CompletionItem[]) => items.map((i) => i.label);
/** In the order a client shows them: by sortText, compared as plain strings. */
const sorted = (items: CompletionItem[]) => [...items].sort((a, b) => ((a.sortText ?? a.label) < (b.sortText ?? b.label) ? -1 : 1));
const lineOf = (src: string, needle: string) =>
  marked(src)
    .text.split("\n")
    .findIndex((l) => l.includes(needle));
const item = (items: CompletionItem[], label: string) => {
  const found = items.find((i) => i.label === label);
  assert.ok(found, `no item ${label} in ${labels(items).join(", ")}`);
  return found;
};

const twoChallenges = yaml`
  challenges:
    - key: refund-question
      title: Refund question
      category: support
      difficulty: easy
    - key: billing-question
      title: Billing question
      category: billing
      difficulty: hard
`;

test("completion: challenge_key values are the declared challenges, with title · difficulty", () => {
  const src = pack({ challenges: twoChallenges, inputSets: sections.inputSets.replace("challenge_key: refund-question", "challenge_key: ‸") });
  const items = complete(src);
  assert.deepEqual(labels(items), ["refund-question", "billing-question"]);
  assert.equal(items[0].detail, "Refund question · easy");
  assert.equal(items[1].detail, "Billing question · hard");
  assert.match(items[1].documentation!.value, /title: `Billing question`/);
  const line = lineOf(src, "challenge_key:");
  assert.deepEqual(items[0].textEdit.range, { start: { line, character: 23 }, end: { line, character: 23 } });
});

test("completion: a partly typed value is replaced whole, inside its quotes", () => {
  const src = pack({ challenges: twoChallenges, inputSets: sections.inputSets.replace("challenge_key: refund-question", 'challenge_key: "bil‸xx"') });
  const items = complete(src);
  const line = lineOf(src, "challenge_key:");
  assert.deepEqual(item(items, "billing-question").textEdit, {
    range: { start: { line, character: 24 }, end: { line, character: 29 } },
    newText: "billing-question",
  });
});

test("completion: keys of a case, required first, without those already written", () => {
  const items = complete(
    pack({ inputSets: sections.inputSets.replace("        case_key: refund-window-basic\n", "        case_key: refund-window-basic\n        ‸\n") }),
  );
  const order = labels(sorted(items));
  // No user_simulator (this pack is not multi_turn) and no legacy item_key beside case_key: issue 33.
  assert.deepEqual(order, ["payload", "artifacts", "assets", "case_timeout_seconds"]);
  assert.ok(!order.includes("challenge_key") && !order.includes("inputs"));
  assert.equal(item(items, "payload").detail, "mapping of names to values · optional");
  assert.equal(item(items, "artifacts").detail, "list of mappings · optional");
});

test("completion: keys a value of the pack forbids there are not offered; where it allows them, they are", () => {
  const inCase = (mode: string) =>
    labels(
      complete(
        pack({
          version: sections.version.replace("  number: 1\n", `  number: 1\n  execution_mode: ${mode}\n`),
          inputSets: sections.inputSets.replace("        case_key: refund-window-basic\n", "        case_key: refund-window-basic\n        ‸\n"),
        }),
      ),
    );
  assert.ok(!inCase("native").includes("user_simulator"));
  assert.ok(inCase("multi_turn").includes("user_simulator"));
  const inVersion = (mode: string) =>
    labels(complete(pack({ version: sections.version.replace("  number: 1\n", `  number: 1\n  execution_mode: ${mode}\n  ‸\n`) })));
  assert.ok(!inVersion("prompt_eval").includes("sandbox") && !inVersion("prompt_eval").includes("tool_policy"));
  assert.ok(inVersion("native").includes("sandbox") && inVersion("native").includes("tool_policy"));
});

test("completion: a key's detail is in an author's words, never a schema path or a Go type", () => {
  const items = complete(
    pack({ inputSets: sections.inputSets.replace("        case_key: refund-window-basic\n", "        case_key: refund-window-basic\n        ‸\n") }),
  );
  assert.ok(items.length > 0);
  for (const i of items) assert.match(i.detail ?? "", /^[a-z ]+ · (required|optional)$/, `${i.label}: ${i.detail}`);
});

test("completion: required keys sort first and their snippets fill required sub-keys at the right indentation", () => {
  const src = pack({
    inputSets: yaml`
    input_sets:
      - key: s
        name: S
        cases:
          - ‸
  `,
  });
  const items = complete(src);
  const order = labels(sorted(items));
  assert.deepEqual(order.slice(0, 3), ["new case", "challenge_key", "case_key"]);
  assert.equal(item(items, "new case").textEdit.newText, "challenge_key: ${1:refund-question}\n        case_key: $2");
  assert.equal(item(items, "inputs").textEdit.newText, "inputs:\n          - key: $1\n            kind: ${2:text}");
  assert.equal(item(items, "expectations").insertTextFormat, 2);
  assert.equal(item(items, "expectations").insertTextMode, 1);
});

test("completion: new-item snippets for a challenge, input set, input, expectation and validator", () => {
  const challenge = complete(pack({ challenges: sections.challenges + "  - ‸\n" }));
  assert.equal(item(challenge, "new challenge").textEdit.newText, "key: $1\n    title: $2\n    category: $3\n    difficulty: ${4|easy,medium,hard,expert|}");
  const set = complete(pack({ inputSets: sections.inputSets + "  - ‸\n" }));
  assert.equal(
    item(set, "new input set").textEdit.newText,
    "key: $1\n    name: $2\n    cases:\n      - challenge_key: ${3:refund-question}\n        case_key: $4",
  );
  const input = complete(pack({ inputSets: sections.inputSets.replace("        expectations:", "          - ‸\n        expectations:") }));
  assert.equal(item(input, "new input").textEdit.newText, "key: $1\n            kind: ${2:text}");
  const expectation = complete(pack({ inputSets: sections.inputSets + "          - ‸\n" }));
  assert.equal(item(expectation, "new expectation").textEdit.newText, "key: $1\n            kind: ${2:text}");
  const validator = complete(pack({ evaluationSpec: sections.evaluationSpec.replace("  scorecard:", "    - ‸\n  scorecard:") }));
  const text = item(validator, "new validator").textEdit.newText;
  assert.equal(
    text,
    `key: $1\n        type: \${2|${enumValues("validator_type").join(",")}|}\n        target: \${3:final_output}\n        expected_from: \${4:challenge_input}`,
  );
});

test("completion: on a blank line under an empty list key, items come with their dash", () => {
  const items = complete(pack({ inputSets: sections.inputSets.replace(/ {8}inputs:\n(.*\n){3}/, "        inputs:\n          ‸\n") }));
  assert.equal(item(items, "new input").textEdit.newText, "- key: $1\n            kind: ${2:text}");
  assert.equal(item(items, "kind").textEdit.newText, "- kind: ${1:text}");
});

test("completion: enum values of difficulty, execution_mode, judge_mode, validator type and strategy", () => {
  const difficulty = complete(pack({ challenges: sections.challenges.replace("difficulty: easy", "difficulty: ‸") }));
  assert.deepEqual(labels(difficulty), ["easy", "medium", "hard", "expert"]);
  // Only the values valid where they land (features/value-fit.ts): multi_turn needs a user simulator in every case,
  // llm_judge and hybrid judges, file validators a `file:` target, a hybrid scorecard a gate.
  const mode = complete(pack({ version: sections.version.replace("  number: 1\n", "  number: 1\n  execution_mode: ‸\n") }));
  assert.deepEqual(
    labels(mode),
    enumValues("execution_mode").filter((m) => m !== "multi_turn"),
  );
  const judge = complete(pack({ evaluationSpec: sections.evaluationSpec.replace("judge_mode: deterministic", "judge_mode: ‸") }));
  assert.deepEqual(labels(judge), ["deterministic"]);
  const type = complete(pack({ evaluationSpec: sections.evaluationSpec.replace("type: exact_match", "type: ‸") }));
  const fileTypes = enumValues("file_validator_types");
  assert.ok(labels(type).includes("exact_match") && labels(type).every((t) => enumValues("validator_type").includes(t)), labels(type).join(", "));
  assert.ok(!labels(type).some((t) => fileTypes.includes(t)), labels(type).join(", "));
  const fileType = complete(
    pack({ evaluationSpec: sections.evaluationSpec.replace("type: exact_match", "type: ‸").replace("target: final_output", "target: file:report") }),
  );
  // code_execution and postcondition need more (a check to read, a config).
  assert.ok(
    ["file_content_match", "file_exists", "file_json_schema", "directory_structure"].every((t) => labels(fileType).includes(t)),
    labels(fileType).join(", "),
  );
  const strategy = complete(
    pack({ evaluationSpec: sections.evaluationSpec.replace("    dimensions: [correctness]", "    strategy: ‸\n    dimensions: [correctness]") }),
  );
  assert.deepEqual(labels(strategy), ["weighted", "binary"]);
});

test("completion: right after a colon, a value comes with its space", () => {
  const items = complete(pack({ challenges: sections.challenges.replace("difficulty: easy", "difficulty:‸") }));
  assert.equal(item(items, "hard").textEdit.newText, " hard");
});

test("completion: list items of transports and builtin dimensions, in block and flow lists", () => {
  const transports = complete("modality: voice\ninterface_spec:\n  transports:\n    - ‸\n");
  assert.deepEqual(labels(transports), enumValues("voice_transport"));
  const dims = complete(pack({ evaluationSpec: sections.evaluationSpec.replace("[correctness]", "[correctness, ‸]") }));
  assert.deepEqual(labels(dims).slice(0, 5), ["correctness", "reliability", "latency", "cost", "behavioral"]);
  assert.ok(!labels(dims).includes("new dimension"), "a block snippet does not go in a flow list");
});

const twoCases = yaml`
  input_sets:
    - key: refund-smoke
      name: Refund Smoke
      cases:
        - challenge_key: refund-question
          case_key: one
          inputs:
            - key: prompt
              kind: text
            - key: history
              kind: json
          expectations:
            - key: ref
              kind: text
              source: ‸
        - challenge_key: refund-question
          case_key: two
          inputs:
            - key: other_case_input
              kind: text
`;

test("completion: source offers the same case's inputs and the version assets", () => {
  const items = complete(pack({ inputSets: twoCases }));
  assert.deepEqual(labels(items), ["input:prompt", "input:history", "artifact:policy_pdf"]);
  assert.equal(item(items, "input:history").detail, "json");
  assert.equal(item(items, "artifact:policy_pdf").detail, "assets/policy.pdf");
});

test("completion: artifact_key and artifact refs offer the version assets", () => {
  const input = complete(
    pack({
      inputSets: sections.inputSets.replace(
        "            kind: text\n            value",
        "            kind: text\n            artifact_key: ‸\n            value",
      ),
    }),
  );
  assert.deepEqual(labels(input), ["policy_pdf"]);
  const ref = complete(pack({ challenges: sections.challenges + "    artifact_refs:\n      - key: ‸\n" }));
  assert.deepEqual(labels(ref), ["policy_pdf"]);
});

const scoring = yaml`
    evaluation_spec:
      name: e
      version_number: 1
      judge_mode: hybrid
      validators:
        - key: exact
          type: exact_match
          target: final_output
          expected_from: challenge_input
        - key: mentions
          type: contains
          target: final_output
          expected_from: challenge_input
      llm_judges:
        - key: tone
          mode: rubric
      scorecard:
        dimensions:
          - key: quality
            source: validators
            validators: [exact, ‸]
`;

test("completion: scorecard validators and judge_key offer the declared validators and judges", () => {
  const validators = complete(pack({ evaluationSpec: scoring }));
  assert.deepEqual(labels(validators), ["exact", "mentions"]);
  assert.equal(item(validators, "mentions").detail, "contains");
  const judge = complete(pack({ evaluationSpec: scoring.replace("validators: [exact, ‸]", "judge_key: ‸") }));
  assert.deepEqual(labels(judge), ["tone"]);
});

test("completion: evidence references for target and expected_from, from what the cases hold", () => {
  const src = pack({
    evaluationSpec: sections.evaluationSpec.replace("expected_from: challenge_input", "expected_from: ‸"),
    inputSets: sections.inputSets.replace("        inputs:", "        payload:\n          customer: x\n        inputs:"),
  });
  const items = labels(complete(src));
  for (const want of [
    "final_output",
    "challenge_input",
    "case.inputs.prompt",
    "case.expectations.policy_reference",
    "case.payload.customer",
    "artifact.policy_pdf",
    "literal:",
  ]) {
    assert.ok(items.includes(want), `${want} in ${items.join(", ")}`);
  }
  assert.ok(!items.includes("tool_calls"));
  const tca = labels(
    complete(
      pack({ evaluationSpec: sections.evaluationSpec.replace("type: exact_match", "type: tool_call_assertion").replace("target: final_output", "target: ‸") }),
    ),
  );
  assert.equal(tca[0], "tool_calls");
});

test("completion: top-level keys of an empty document, and none inside a comment", () => {
  const items = complete("‸");
  assert.deepEqual(labels(sorted(items)).slice(0, 3), ["pack", "version", "challenges"]);
  assert.equal(item(items, "pack").textEdit.newText, "pack:\n  slug: $1\n  name: $2\n  family: $3");
  assert.deepEqual(complete("pack: # sl‸\n"), []);
});

test("completion: a key written with its colon is replaced by name only; CRLF documents get CRLF snippets", () => {
  const items = complete("pack:\n  sl‸ug: x\n");
  assert.equal(item(items, "slug").textEdit.newText, "slug");
  const crlf = complete("pack:\r\n  slug: x\r\n‸");
  assert.equal(
    item(crlf, "challenges").textEdit.newText,
    "challenges:\r\n  - key: $1\r\n    title: $2\r\n    category: $3\r\n    difficulty: ${4|easy,medium,hard,expert|}",
  );
});
