import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Location } from "vscode-languageserver-types";
import { buildPackModel, codeLenses, references, rename } from "../../../server/src/service/pack";
import { yaml } from "../../helpers/fixture";
import { withSpec } from "../../helpers/eval-spec";
import { URI } from "../../helpers/features";

/** Lens counts agree with navigation: what a lens counts is what the references request finds. */

const COMMANDS = { showReferences: "test.showReferences", runInputSet: "test.runInputSet" };
const EXAMPLE = readFileSync(join(__dirname, "..", "..", "..", "..", "examples", "valid.pack.yaml"), "utf8");

const SPEC = withSpec(yaml`
  name: nav
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
      rubric: Rate it
      model: claude-sonnet-4-6
  scorecard:
    dimensions:
      - correctness
      - key: picked
        source: validators
        validators: [mentions]
      - key: custom_all
        source: validators
      - key: tone_dim
        source: llm_judge
        judge_key: tone
      - reliability
`);

/** Every lens: its title's count, its shown locations, and what references (without the declaration) finds at its position. */
function lensesAndReferences(text: string) {
  const model = buildPackModel(text, URI);
  return codeLenses(model, COMMANDS)
    .filter((l) => l.command.command === COMMANDS.showReferences)
    .map((l) => ({
      line: text.split("\n")[l.range.start.line].trim(),
      title: l.command.title,
      count: Number(/\d+/.exec(l.command.title)![0]),
      shown: l.command.arguments![2] as Location[],
      references: references(model, l.range.start, false),
    }));
}

for (const [name, text] of [
  ["examples/valid.pack.yaml", EXAMPLE],
  ["validators read by built-in, explicit and list-less dimensions", SPEC],
] as const) {
  test(`every key lens's count is the number of references at its key, and it shows exactly them: ${name}`, () => {
    const lenses = lensesAndReferences(text).filter((l) => !l.title.match(/^\d+ cases?$/)); // input sets: below
    assert.ok(lenses.length >= 3, "the fixture has lenses on keys");
    for (const l of lenses) {
      assert.equal(l.count, l.references.length, `${l.line}: "${l.title}" against ${l.references.length} references`);
      assert.deepEqual(l.shown, l.references, l.line);
    }
  });
}

test("the example's validator feeds the built-in correctness dimension: used by 1, and references find the dimension", () => {
  const lens = lensesAndReferences(EXAMPLE).find((l) => l.line === "- key: mentions-window")!;
  assert.equal(lens.title, "used by 1 dimension");
  const lines = EXAMPLE.split("\n");
  assert.deepEqual(
    lens.references.map((r) => lines[r.range.start.line].slice(r.range.start.character, r.range.end.character)),
    ["correctness"],
  );
});

test("a validators dimension with no list reads every validator; one with a list only those; other sources none", () => {
  const titles = Object.fromEntries(lensesAndReferences(SPEC).map((l) => [l.line, l.title]));
  assert.equal(titles["- key: exact"], "used by 2 dimensions"); // correctness, custom_all
  assert.equal(titles["- key: mentions"], "used by 3 dimensions"); // correctness, picked, custom_all
  assert.equal(titles["- key: tone"], "used by 1 dimension");
});

test("an implicit reference is not a symbol of its own: the dimension key stays the dimension, and renaming a validator leaves it", () => {
  const model = buildPackModel(SPEC, URI);
  const lines = SPEC.split("\n");
  const at = (needle: string, offset = 0) => {
    const line = lines.findIndex((l) => l.includes(needle));
    return { line, character: lines[line].indexOf(needle) + offset };
  };
  const onDimension = references(model, at("custom_all", 2), true);
  assert.deepEqual(
    onDimension.map((r) => r.range.start),
    [at("custom_all")],
    "the dimension's own occurrences",
  );
  const edit = rename(model, at("key: exact", 6), "exactly");
  assert.ok(edit && "edit" in edit);
  const edits = edit.edit.changes![URI];
  assert.deepEqual(
    edits.map((e) => lines[e.range.start.line].trim()),
    ["- key: exact"],
    "only the written name",
  );
});

test("an input set's lens shows its cases, one location per case, as many as its title counts", () => {
  const model = buildPackModel(EXAMPLE, URI);
  const lines = EXAMPLE.split("\n");
  const lenses = codeLenses(model, COMMANDS).filter((l) => /^\d+ cases?$/.test(l.command.title));
  assert.equal(lenses.length, model.bundle.input_sets.length);
  for (const [i, l] of lenses.entries()) {
    const shown = l.command.arguments![2] as Location[];
    assert.equal(l.command.command, COMMANDS.showReferences);
    assert.equal(Number(/\d+/.exec(l.command.title)![0]), model.bundle.input_sets[i].cases.length);
    assert.deepEqual(
      shown.map((s) => lines[s.range.start.line].slice(s.range.start.character, s.range.end.character)),
      model.bundle.input_sets[i].cases.map((c) => c.case_key),
    );
  }
});

test("every lens has a command, and only the ids it was given", () => {
  for (const text of [EXAMPLE, SPEC]) {
    for (const l of codeLenses(buildPackModel(text, URI), COMMANDS)) assert.ok(Object.values(COMMANDS).includes(l.command.command), l.command.title);
  }
});
