import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPackModel, definition, documentHighlights, packDiagnostics, prepareRename, references, rename } from "../../../server/src/service/pack";
import { marked, yaml } from "../../helpers/fixture";
import { pack } from "../../helpers/packs";
import { applyWorkspaceEdit, atCursor, URI } from "../../helpers/features";

/** Ranges marked ⟦…⟧ in the fixture (the cursor ‸ may sit inside one). */
const rangesOf = (src: string) => marked(src).ranges;
const locations = (src: string) => rangesOf(src).map((range) => ({ uri: URI, range }));

const graph = pack({
  version: yaml`
    version:
      number: 1
      assets:
        - key: ⟦policy_pdf⟧
          path: assets/policy.pdf
  `,
  challenges: yaml`
    challenges:
      - key: ⟦refund-question⟧
        title: Refund question
        category: support
        difficulty: easy
        artifact_refs:
          - key: ⟦policy_pdf⟧
  `,
  inputSets: yaml`
    input_sets:
      - key: refund-smoke
        name: Refund Smoke
        cases:
          - challenge_key: ⟦refund-question⟧
            case_key: one
            inputs:
              - key: ⟦prompt⟧
                kind: text
                artifact_key: ⟦policy_pdf⟧
            expectations:
              - key: ref
                kind: text
                source: input:⟦prompt⟧
              - key: doc
                kind: file
                source: artifact:⟦policy_pdf⟧
          - challenge_key: ⟦refund-question⟧
            case_key: two
            inputs:
              - key: ⟦prompt⟧
                kind: text
            expectations:
              - key: ref
                kind: text
                source: "input:⟦prompt⟧"
  `,
});

/** The graph fixture with only the marks of one symbol (by the text inside them) and a cursor before mark `at`. */
function only(name: string, keep: (i: number) => boolean, at: number): string {
  let i = -1;
  return graph.replace(/⟦([^⟧]*)⟧/g, (all, inner: string) => {
    if (inner !== name) return inner;
    i++;
    const mark = keep(i) ? all : inner;
    return i === at ? mark.replace(inner, "‸" + inner) : mark;
  });
}

test("definition: from a challenge_key to the challenge's key", () => {
  const src = only("refund-question", (i) => i === 0, 2);
  const { model, position } = atCursor(src);
  assert.deepEqual(definition(model, position), locations(src));
});

test("references: every challenge_key naming the challenge, with or without the declaration", () => {
  const src = only("refund-question", () => true, 0);
  const { model, position } = atCursor(src);
  assert.deepEqual(references(model, position, true), locations(src));
  assert.deepEqual(references(model, position, false), locations(src).slice(1));
});

test("references and definition of a case input stay inside its case", () => {
  const first = only("prompt", (i) => i < 2, 1);
  const { model, position } = atCursor(first);
  assert.deepEqual(references(model, position, true), locations(first));
  const second = only("prompt", (i) => i >= 2, 3);
  const at2 = atCursor(second);
  assert.deepEqual(definition(at2.model, at2.position), locations(second).slice(0, 1));
});

test("references of a version asset: artifact_refs, artifact_key and source: artifact:", () => {
  const src = only("policy_pdf", () => true, 3);
  const { model, position } = atCursor(src);
  assert.deepEqual(references(model, position, true), locations(src));
});

test("document highlights: the declaration is written, references are read", () => {
  const src = only("refund-question", () => true, 1);
  const { model, position } = atCursor(src);
  assert.deepEqual(
    documentHighlights(model, position),
    rangesOf(src).map((range, i) => ({ range, kind: i === 0 ? 3 : 2 })),
  );
});

test("prepareRename: the name under the cursor; null on anything that is not a key", () => {
  const src = only("prompt", (i) => i === 1, 1);
  const { model, position } = atCursor(src);
  assert.deepEqual(prepareRename(model, position), { range: rangesOf(src)[0], placeholder: "prompt" });
  for (const elsewhere of [
    graph.replace("title: Refund", "title: Re‸fund"),
    graph.replace("case_key: one", "case‸_key: one"),
    graph.replace("source: input", "sou‸rce: input"),
  ]) {
    const at = atCursor(elsewhere.replace(/[⟦⟧]/g, ""));
    assert.equal(prepareRename(at.model, at.position), null);
    assert.equal(rename(at.model, at.position, "x"), null);
  }
});

test("rename: a challenge key and every case that references it, and nothing else", () => {
  const src = only("refund-question", () => false, 2);
  const { model, position } = atCursor(src);
  const result = rename(model, position, "refund-policy");
  assert.ok(result && "edit" in result);
  const text = marked(src).text;
  assert.equal(applyWorkspaceEdit(text, result.edit), text.replaceAll("refund-question", "refund-policy"));
});

test("rename: a case input renames its key and its input: references in that case only, keeping quotes", () => {
  const src = only("prompt", () => false, 1);
  const { model, position } = atCursor(src);
  const result = rename(model, position, "question");
  assert.ok(result && "edit" in result);
  const text = marked(src).text;
  const want = text
    .replace("- key: prompt\n            kind: text\n            artifact_key", "- key: question\n            kind: text\n            artifact_key")
    .replace("source: input:prompt", "source: input:question");
  assert.equal(applyWorkspaceEdit(text, result.edit), want);
  assert.ok(want.includes('source: "input:prompt"'), "the other case is untouched");
});

test("rename: a name YAML would read differently is refused with a reason", () => {
  const { model, position } = atCursor(only("refund-question", () => false, 0));
  assert.deepEqual(rename(model, position, "a: b"), {
    error: 'cannot rename challenge "refund-question" to "a: b": the name contains characters YAML reads as syntax',
  });
  assert.ok("error" in rename(model, position, " x")!);
  assert.ok("error" in rename(model, position, "")!);
});

const twoChallenges = pack({
  challenges: yaml`
    challenges:
      - key: refund-question
        title: Refund
        category: support
        difficulty: easy
      - key: billing-question
        title: Billing
        category: billing
        difficulty: easy
  `,
});

function renameChallenge(newName: string) {
  const text = twoChallenges;
  const at = text.indexOf("refund-question") + 2;
  const model = buildPackModel(text, URI);
  return { text, result: rename(model, model.lines.positionAt(at), newName) };
}

test("rename: onto an existing key of the same kind is refused", () => {
  const { result } = renameChallenge("billing-question");
  assert.deepEqual(result, { error: 'cannot rename challenge "refund-question" to "billing-question": a challenge with that key already exists' });
});

for (const name of ["null", "true", "1e3", "~", "0x1F", "yes"]) {
  test(`rename: a name YAML reads as another value (${name}) is written quoted where it stands alone`, () => {
    const { text, result } = renameChallenge(name);
    assert.ok(result && "edit" in result, JSON.stringify(result));
    const out = applyWorkspaceEdit(text, result.edit);
    const model = buildPackModel(out);
    assert.equal(model.bundle.challenges[0].key, name);
    assert.equal(model.bundle.input_sets[0].cases[0].challenge_key, name);
    assert.deepEqual(
      packDiagnostics(model).filter((d) => d.severity === "error"),
      [],
    );
  });
}

test("rename: inside a longer scalar (input:<key>) and inside quotes the name is written as is", () => {
  const src = only("prompt", () => false, 1);
  const { model, position } = atCursor(src);
  const result = rename(model, position, "null");
  assert.ok(result && "edit" in result);
  const out = applyWorkspaceEdit(marked(src).text, result.edit);
  assert.ok(out.includes("source: input:null"), out);
  assert.ok(out.includes('- key: "null"'), out);
});

test("prepareRename: a key written with escapes is refused with a reason", () => {
  const text = twoChallenges.replace("- key: refund-question", '- key: "refund-\\u0071uestion"');
  const model = buildPackModel(text, URI);
  const result = prepareRename(model, model.lines.positionAt(text.indexOf("u0071")));
  assert.ok(result && "error" in result, JSON.stringify(result));
  assert.match(result.error, /written with escapes/);
});

const scoring = yaml`
  evaluation_spec:
    name: e
    version_number: 1
    judge_mode: hybrid
    validators:
      - key: ⟦exact⟧
        type: exact_match
        target: final_output
        expected_from: challenge_input
    llm_judges:
      - key: ⟦tone⟧
        mode: rubric
    scorecard:
      dimensions:
        - key: quality
          source: validators
          validators: [⟦exact⟧]
        - key: style
          source: llm_judge
          judge_key: ⟦tone⟧
        - key: strict
          source: validators
          validators:
            - ⟦exact⟧
`;

test("evaluation spec: validators and judges navigate and rename with their dimension references", () => {
  const src = pack({ evaluationSpec: scoring.replace("validators: [⟦exact⟧]", "validators: [⟦ex‸act⟧]").replace(/⟦tone⟧/g, "tone") });
  const { model, position } = atCursor(src);
  assert.deepEqual(references(model, position, true), locations(src));
  assert.deepEqual(definition(model, position), locations(src).slice(0, 1));
  const judge = pack({ evaluationSpec: scoring.replace("judge_key: ⟦tone⟧", "judge_key: ⟦to‸ne⟧").replace(/⟦exact⟧/g, "exact") });
  const at = atCursor(judge);
  const result = rename(at.model, at.position, "voice");
  assert.ok(result && "edit" in result);
  const text = marked(judge).text;
  assert.equal(applyWorkspaceEdit(text, result.edit), text.replaceAll("tone", "voice"));
});
