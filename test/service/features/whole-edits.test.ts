import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPackModel, codeActions, CodeAction, packDiagnostics } from "../../../server/src/service/pack";
import { yaml } from "../../helpers/fixture";
import { pack, sections } from "../../helpers/packs";
import { applyWorkspaceEdit, URI } from "../../helpers/features";
import { editProblems } from "../../helpers/edit-invariant";

/** Quick fixes placed by structure (issue 17): after a node's real end, carrying anchors, in any line ending. */

function fixes(text: string, code: string): CodeAction[] {
  const model = buildPackModel(text, URI);
  const d = packDiagnostics(model).find((x) => x.code === code);
  assert.ok(
    d,
    `no ${code} diagnostic in ${packDiagnostics(model)
      .map((x) => x.code)
      .join(", ")}`,
  );
  return codeActions(model, d.range).filter((a) => a.diagnostics?.[0].code === code);
}

function fix(text: string, code: string, title: RegExp): { out: string; action: CodeAction } {
  const all = fixes(text, code);
  const action = all.find((a) => title.test(a.title));
  assert.ok(action, `no fix ${title} among ${all.map((a) => a.title).join(" | ")}`);
  return { out: applyWorkspaceEdit(text, action.edit), action };
}

function assertWhole(text: string, action: CodeAction): void {
  assert.deepEqual(editProblems({ text, edits: action.edit.changes[URI], fixes: action.diagnostics?.[0] }), []);
}

const nestedThenComment = pack({
  challenges: yaml`
    challenges:
      - key: refund-question
        title: Refund question
        category: support
        definition:
          steps:
            - read
            # a more-indented comment after the nested map
      - key: billing-question
        title: Billing question
        category: billing
        difficulty: hard
  `,
});

test("quick fix: a missing field lands after its challenge's nested map and comment, not in the next challenge", () => {
  const text = nestedThenComment;
  const { out, action } = fix(text, "challenge-difficulty-invalid", /difficulty: easy/);
  assertWhole(text, action);
  const model = buildPackModel(out);
  assert.equal(model.bundle.challenges[0].difficulty, "easy");
  assert.equal(model.bundle.challenges[1].difficulty, "hard");
});

const splitSets = (cases: string) =>
  pack({
    challenges: yaml`
      challenges:
        - key: refund
          title: Refund
          category: support
          difficulty: easy
        - key: billing
          title: Billing
          category: billing
          difficulty: easy
    `,
    inputSets: "input_sets:\n  - key: smoke\n    name: Smoke\n    cases:\n" + cases,
  });

test("quick fix: split moves a case ending with a nested map and a deeper comment without taking the next case", () => {
  const text = splitSets(
    yaml`
      - challenge_key: refund
        case_key: r1
      - challenge_key: billing
        case_key: b1
        payload:
          note:
            deep: x
            # deeper comment
      - challenge_key: refund
        case_key: r2
        payload: {a: 1}
  `.replace(/^/gm, "    "),
  );
  const { out, action } = fix(text, "case-challenge-key-mixed", /^Split/);
  assertWhole(text, action);
  const sets = buildPackModel(out).bundle.input_sets;
  assert.deepEqual(
    sets.map((s) => s.cases.map((c) => c.case_key)),
    [["r1", "r2"], ["b1"]],
  );
  assert.deepEqual(sets[0].cases[1].payload, { a: 1 });
});

test("quick fix: split refuses to move a case whose anchor a later case uses", () => {
  const text = splitSets(
    yaml`
      - challenge_key: refund
        case_key: r1
      - challenge_key: billing
        case_key: b1
        payload: &shared {q: 1}
      - challenge_key: refund
        case_key: r2
        payload: *shared
  `.replace(/^/gm, "    "),
  );
  assert.deepEqual(
    fixes(text, "case-challenge-key-mixed").filter((a) => /^Split/.test(a.title)),
    [],
  );
});

test("quick fix: split refuses a move that would make an alias read another definition of its anchor", () => {
  const text = splitSets(
    yaml`
      - challenge_key: refund
        case_key: r1
        payload: &p {v: first}
      - challenge_key: billing
        case_key: b1
        payload: *p
      - challenge_key: refund
        case_key: r2
        payload: &p {v: second}
  `.replace(/^/gm, "    "),
  );
  assert.deepEqual(
    fixes(text, "case-challenge-key-mixed").filter((a) => /^Split/.test(a.title)),
    [],
  );
});

test("quick fix: split still moves a case whose alias keeps reading the same anchor", () => {
  const text = splitSets(
    yaml`
      - challenge_key: refund
        case_key: r1
        payload: &p {v: first}
      - challenge_key: billing
        case_key: b1
        payload: *p
  `.replace(/^/gm, "    "),
  );
  const { action } = fix(text, "case-challenge-key-mixed", /^Split/);
  assertWhole(text, action);
});

for (const [name, eol] of [
  ["CRLF", "\r\n"],
  ["lone CR", "\r"],
] as const) {
  test(`quick fix: declare challenge, declare case input and split keep ${name} line endings`, () => {
    const undeclared = pack({
      inputSets: sections.inputSets
        .replace("challenge_key: refund-question", "challenge_key: billing-question")
        .replace("source: input:prompt", "source: input:history"),
    }).replace(/\n/g, eol);
    for (const [code, title] of [
      ["case-challenge-key-undeclared", /^Declare challenge/],
      ["case-expectation-source-input-undeclared", /^Declare case input/],
    ] as const) {
      const model = buildPackModel(undeclared, URI);
      const d = packDiagnostics(model).find((x) => x.code === code);
      assert.ok(
        d,
        `${code} in ${packDiagnostics(model)
          .map((x) => x.code)
          .join(", ")}`,
      );
      const action = codeActions(model, d.range).find((a) => title.test(a.title));
      assert.ok(action, `${title}`);
      assertWhole(undeclared, action);
    }
    const mixed = splitSets("      - challenge_key: refund\n        case_key: r1\n      - challenge_key: billing\n        case_key: b1\n").replace(/\n/g, eol);
    const { action } = fix(mixed, "case-challenge-key-mixed", /^Split/);
    assertWhole(mixed, action);
  });
}

test("quick fix: a declared validator passes the validator rules (expected_from included)", () => {
  const text = pack({
    evaluationSpec: sections.evaluationSpec.replace(
      "dimensions: [correctness]",
      "dimensions:\n      - key: correctness\n        source: validators\n        validators: [exact, answer]",
    ),
  });
  const { out, action } = fix(text, "dimension-validator-unknown", /^Declare validator/);
  assertWhole(text, action);
  assert.deepEqual(
    packDiagnostics(buildPackModel(out)).filter((d) => d.severity === "error"),
    [],
  );
});

test("quick fix: no 'Change to' a name the same list already holds", () => {
  const text = pack({
    evaluationSpec: sections.evaluationSpec.replace(
      "dimensions: [correctness]",
      "dimensions:\n      - key: correctness\n        source: validators\n        validators: [exact, exactt]",
    ),
  });
  assert.deepEqual(
    fixes(text, "dimension-validator-unknown").filter((a) => /^Change to/.test(a.title)),
    [],
  );
});

test("source actions: fix all applies every fix that is the only one for its diagnostic; convert all legacy items", () => {
  const text = pack({
    challenges: sections.challenges.replace("difficulty: easy", "difficulty: eassy"),
    inputSets: sections.inputSets.replace("    cases:", "    items:").replace("case_key: refund-window-basic", "item_key: refund-window-basic"),
  });
  const model = buildPackModel(text, URI);
  const everything = { start: { line: 0, character: 0 }, end: model.lines.positionAt(text.length) };
  assert.deepEqual(codeActions(model, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, {}, ["quickfix"]), []);
  const source = codeActions(model, everything, {}, ["source"]);
  assert.deepEqual(
    source.map((a) => a.kind),
    ["source.fixAll.packlint", "source.convertLegacyItems.packlint"],
  );
  const fixAll = codeActions(model, everything, {}, ["source.fixAll"]);
  assert.equal(fixAll.length, 1);
  assert.deepEqual(editProblems({ text, edits: fixAll[0].edit.changes[URI] }), []);
  const fixed = packDiagnostics(buildPackModel(applyWorkspaceEdit(text, fixAll[0].edit)));
  assert.deepEqual(
    fixed.map((d) => d.code).filter((c) => c.startsWith("legacy")),
    [],
  );
  const converted = applyWorkspaceEdit(text, source[1].edit);
  assert.ok(converted.includes("    cases:") && converted.includes("case_key: refund-window-basic"));
});
