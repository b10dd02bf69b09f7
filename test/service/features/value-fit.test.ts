import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildPackModel, codeActions, completion, packDiagnostics, PackModel } from "../../../server/src/service/pack";
import { completionEdits, EditInvariant, parsesWhole } from "../../helpers/edit-invariant";
import { URI } from "../../helpers/features";

/**
 * A value is offered (as a quick fix or a completion) only where it is valid: the fuzzer's packs where "Change to X"
 * or "Add `key`" traded the diagnostic it fixes for another error (features/value-fit.ts).
 */

const fixture = (name: string) => readFileSync(join(__dirname, "../../../../test/fixtures/value-fit", name), "utf8");

/** The same pack, long: what a value needs is known without building the pack again for each value, at any size. */
const long = (text: string) => `${text}${"# a long pack\n".repeat(3000)}`;

function quickFixes(model: PackModel, code: string) {
  const d = packDiagnostics(model).find((x) => x.code === code);
  assert.ok(d, `no ${code} in the fixture`);
  return codeActions(model, d.range).filter((a) => a.kind === "quickfix" && a.diagnostics?.[0]?.code === code);
}

/** Every quick fix of the pack keeps the invariant of issue 17: it fixes its diagnostic and adds no error. */
function assertEveryFixWhole(text: string): void {
  const model = buildPackModel(text, URI);
  const invariant = new EditInvariant(text);
  for (const d of packDiagnostics(model)) {
    for (const a of codeActions(model, d.range)) {
      if (a.kind !== "quickfix") continue;
      assert.deepEqual(invariant.problems(a.edit.changes[URI], a.diagnostics?.[0]), [], a.title);
    }
  }
}

test("a file validator type is offered only for a validator whose target is a file", () => {
  for (const text of [fixture("file-type-on-plain-target.pack.yaml"), long(fixture("file-type-on-plain-target.pack.yaml"))]) fileTypes(text);
});

function fileTypes(text: string): void {
  const model = buildPackModel(text, URI);
  const titles = quickFixes(model, "validator-type-unsupported").map((a) => a.title);
  assert.ok(titles.length > 0, "some type fits");
  for (const t of ['Change to "file_content_match"', 'Change to "file_exists"', 'Change to "file_json_schema"']) assert.ok(!titles.includes(t), t);
  assert.ok(titles.includes('Change to "exact_match"'), titles.join(", "));
  assertEveryFixWhole(text);

  // Completion at the value offers the same values.
  const at = text.indexOf("file_content_mach");
  const labels = completion(model, model.lines.positionAt(at)).items.map((i) => i.label);
  assert.ok(labels.includes("exact_match") && !labels.includes("file_exists"), labels.join(", "));

  // With a `file:` target the file types are offered again.
  const onFile = buildPackModel(text.replace("target: final_output", "target: file:report"), URI);
  assert.ok(quickFixes(onFile, "validator-type-unsupported").some((a) => a.title === 'Change to "file_content_match"'));
}

test("a judge mode that needs judges is offered only where the pack has some", () => {
  for (const text of [fixture("judge-mode-without-judges.pack.yaml"), long(fixture("judge-mode-without-judges.pack.yaml"))]) judgeModes(text);
});

function judgeModes(text: string): void {
  const model = buildPackModel(text, URI);
  assert.deepEqual(
    quickFixes(model, "eval-judge-mode-invalid").map((a) => a.title),
    ['Change to "deterministic"'],
  );
  assertEveryFixWhole(text);
  const labels = completion(model, model.lines.positionAt(text.indexOf("hybridd"))).items.map((i) => i.label);
  assert.deepEqual(labels, ["deterministic"]);

  const withJudges = text.replace(
    "    scorecard:",
    "    llm_judges:\n      - key: tone\n        mode: rubric\n        rubric: Is the answer polite?\n        model: gpt-4o\n    scorecard:",
  );
  const titles = quickFixes(buildPackModel(withJudges, URI), "eval-judge-mode-invalid").map((a) => a.title);
  assert.ok(titles.includes('Change to "hybrid"') && titles.includes('Change to "llm_judge"'), titles.join(", "));
  assert.ok(!titles.includes('Change to "deterministic"'), "deterministic would have judges it forbids");
}

test("a missing validator type is added only with a type that fits the validator", () => {
  for (const text of [fixture("validator-without-type.pack.yaml"), long(fixture("validator-without-type.pack.yaml"))]) {
    const model = buildPackModel(text, URI);
    const titles = quickFixes(model, "validator-type-unsupported").map((a) => a.title);
    assert.ok(titles.includes("Add `type: exact_match`"), titles.join(", "));
    for (const t of ["code_execution", "tool_call_assertion", "postcondition", "file_exists"]) assert.ok(!titles.includes(`Add \`type: ${t}\``), t);
    assertEveryFixWhole(text);
  }
});

test("a missing challenge_key is added as the challenge the other cases name, never as a placeholder", () => {
  const text = fixture("broken-challenge-key.pack.yaml");
  const model = buildPackModel(text, URI);
  const [fix, ...more] = quickFixes(model, "case-challenge-key-required");
  assert.equal(more.length, 0);
  assert.ok(
    fix.edit.changes[URI].some((e) => e.newText.includes("challenge_key: refund-question")),
    JSON.stringify(fix.edit),
  );
  assert.ok(!fix.isPreferred, "a guessed name is not a safe fix for fix-all");
  assertEveryFixWhole(text);

  // With no challenge declared there is nothing valid to add: no fix rather than `challenge_key: TODO`.
  const none = fixture("no-challenge-to-name.pack.yaml");
  assert.deepEqual(quickFixes(buildPackModel(none, URI), "case-challenge-key-required"), []);
  assertEveryFixWhole(none);
});

test("completion values at every position of the fixtures keep the pack whole", () => {
  for (const name of ["file-type-on-plain-target.pack.yaml", "judge-mode-without-judges.pack.yaml", "validator-without-type.pack.yaml"]) {
    const text = fixture(name);
    const model = buildPackModel(text, URI);
    const invariant = new EditInvariant(text);
    for (let offset = 0; offset <= text.length; offset += 7) {
      for (const item of completion(model, model.lines.positionAt(offset)).items) {
        assert.deepEqual(invariant.problems(completionEdits(item)), [], `${name}: "${item.label}" at ${offset}`);
      }
    }
  }
});

test("the edit invariant reads NEL as a line break, as the reference's reader does", () => {
  // yaml (YAML 1.2) reads U+0085 as a character; the reference (yaml.v3) and the model end the line there, and
  // the pack does not parse: it is outside the invariant's domain (the fuzzer's "modality" completion).
  const text = fixture("nel-line-break.pack.yaml");
  assert.ok(text.includes("\u0085"));
  assert.ok(packDiagnostics(buildPackModel(text, URI)).some((d) => d.code === "yaml-syntax"));
  assert.equal(parsesWhole(text), false);
  assert.equal(parsesWhole(text.replace("\u0085", " ")), true);
});

test("an unknown key is renamed only to a key that takes its value", () => {
  const text = fixture("unknown-key-takes-its-value.pack.yaml");
  const titles = quickFixes(buildPackModel(text, URI), "unknown-key").map((a) => a.title);
  assert.ok(!titles.includes('Rename key to "challenge_key"'), titles.join(", "));
  assertEveryFixWhole(text);
  const named = text.replace("challeng_key: exact", "challeng_key: refund-question");
  assert.ok(quickFixes(buildPackModel(named, URI), "unknown-key").some((a) => a.title === 'Rename key to "challenge_key"'));
  assertEveryFixWhole(named);
  // A declared challenge, but not the one the other case of the set names: the set would mix challenges.
  const other = text.replace("challeng_key: exact", "challeng_key: billing-question");
  assert.ok(!quickFixes(buildPackModel(other, URI), "unknown-key").some((a) => a.title === 'Rename key to "challenge_key"'));
  assertEveryFixWhole(other);
});

test("completion on a key of a map written where a list goes keeps the pack whole", () => {
  const text = fixture("map-where-a-list-goes.pack.yaml");
  const model = buildPackModel(text, URI);
  const invariant = new EditInvariant(text);
  for (const needle of ["kind: text", "source: input"]) {
    for (const after of [0, 2, 4]) {
      for (const item of completion(model, model.lines.positionAt(text.indexOf(needle) + after)).items) {
        assert.deepEqual(invariant.problems(completionEdits(item)), [], `"${item.label}" at ${needle}+${after}`);
      }
    }
  }
});

test("converting legacy items keeps a decode error the same error: the invariant reads items[] as cases[]", () => {
  const text = fixture("legacy-items-string-payload.pack.yaml");
  const model = buildPackModel(text, URI);
  assert.ok(packDiagnostics(model).some((d) => d.code === "yaml-type-mismatch" && d.message.includes("input_sets[].items[].payload")));
  const [convert] = quickFixes(model, "legacy-items");
  assert.ok(convert, "the conversion is offered");
  assertEveryFixWhole(text);
  // A new error is still one: the same conversion with a broken key adds case-key errors.
  const invariant = new EditInvariant(text);
  const broken = convert.edit.changes[URI].map((e) => (e.newText === "case_key" ? { ...e, newText: "case_kee" } : e));
  assert.ok(
    invariant
      .problems(
        broken,
        packDiagnostics(model).find((d) => d.code === "legacy-items"),
      )
      .some((p) => p.startsWith("added an error")),
  );
});

test("a did-you-mean reference is offered only where it does not mix the set's challenges", () => {
  const text = fixture("two-cases-one-typo.pack.yaml");
  const titles = quickFixes(buildPackModel(text, URI), "case-challenge-key-undeclared").map((a) => a.title);
  assert.ok(!titles.includes('Change to "refund-questions"'), titles.join(", "));
  assertEveryFixWhole(text);
  // With one case naming it, the change is the fix.
  const one = text.replace(/ {6}- challenge_key: refund-question\n {8}case_key: refund-expired\n[^]*$/, "");
  assert.ok(quickFixes(buildPackModel(one, URI), "case-challenge-key-undeclared").some((a) => a.title === 'Change to "refund-questions"'));
  assertEveryFixWhole(one);
});

test("renaming a misspelt key over a block is offered without claiming to fix, and fix all leaves it", () => {
  const text = fixture("misspelt-block-key.pack.yaml");
  const model = buildPackModel(text, URI);
  const d = packDiagnostics(model).find((x) => x.code === "unknown-key");
  assert.ok(d);
  const renames = codeActions(model, d.range).filter((a) => a.title.startsWith('Rename key to "input_sets"'));
  assert.equal(renames.length, 1);
  assert.equal(renames[0].diagnostics, undefined);
  assert.ok(!renames[0].isPreferred);
  assertEveryFixWhole(text);
  const whole = { start: { line: 0, character: 0 }, end: model.lines.positionAt(text.length) };
  const fixAll = codeActions(model, whole, {}, ["source.fixAll"]);
  assert.ok(fixAll.every((a) => !a.edit.changes[URI].some((e) => e.newText === "input_sets")));
});
