import { test } from "node:test";
import assert from "node:assert/strict";
import {
  buildPackModel,
  codeActions,
  definition,
  documentHighlights,
  hover,
  packDiagnostics,
  prepareRename,
  references,
  rename,
} from "../../server/src/service/pack";
import { marked, yaml } from "../helpers/fixture";
import { pack } from "../helpers/packs";
import { applyWorkspaceEdit, atCursor, URI } from "../helpers/features";

const CODE = "evidence-key-undeclared";

/** A pack whose spec reads these evidence paths (validators' target/expected_from, a judge's context_from). */
function evidencePack(o: { expectedFrom?: string; target?: string; contextFrom?: string; cases?: string }): string {
  const judge = o.contextFrom
    ? yaml`
      llm_judges:
        - key: grounded
          mode: rubric
          rubric: Is the answer grounded?
          model: claude-sonnet-4-6
          context_from: [final_output, ${o.contextFrom}]
    `.replace(/^(?=.)/gm, "  ")
    : "";
  const spec =
    yaml`
      evaluation_spec:
        name: support-v1
        version_number: 1
        judge_mode: ${o.contextFrom ? "hybrid" : "deterministic"}
        validators:
          - key: exact
            type: exact_match
            target: ${o.target ?? "final_output"}
            expected_from: ${o.expectedFrom ?? "challenge_input"}
    ` +
    judge +
    "  scorecard:\n    dimensions: [correctness]\n";
  const cases =
    o.cases ??
    yaml`
      - challenge_key: refund-question
        case_key: one
        payload:
          expected_report: refunds allowed
        inputs:
          - key: prompt
            kind: text
            value: Can I get a refund?
        expectations:
          - key: answer
            kind: text
            value: "yes"
          - key: ref
            kind: text
            source: input:prompt
      - challenge_key: refund-question
        case_key: two
        payload:
          expected_report: no refunds
        inputs:
          - key: prompt
            kind: text
            value: And after 30 days?
          - key: locale
            kind: text
            value: en
    `;
  return pack({
    evaluationSpec: spec,
    inputSets: "input_sets:\n  - key: refund-smoke\n    name: Refund Smoke\n    cases:\n" + cases.replace(/^(?=.)/gm, "      "),
  });
}

const warnings = (text: string) => packDiagnostics(buildPackModel(text, URI)).filter((d) => d.code === CODE);

test("evidence-key-undeclared: a case input, an expectation or a payload field no case declares, with did-you-mean", () => {
  const input = warnings(evidencePack({ expectedFrom: "case.inputs.promt" }));
  assert.equal(input.length, 1);
  assert.equal(input[0].severity, "warning");
  assert.equal(input[0].field, "version.evaluation_spec.validators[0].expected_from");
  assert.equal(
    input[0].message,
    'No case declares the input "promt" that `case.inputs.promt` reads: when the pack is scored, this validator\'s evidence is unavailable. Did you mean "prompt"?',
  );
  const text = evidencePack({ expectedFrom: "case.inputs.promt" });
  const at = text.indexOf("case.inputs.promt") + "case.inputs.".length;
  const model = buildPackModel(text, URI);
  assert.deepEqual(input[0].range, { start: model.lines.positionAt(at), end: model.lines.positionAt(at + 5) }, "the key itself is marked");

  assert.match(warnings(evidencePack({ expectedFrom: "case.expectations.nope" }))[0].message, /^No case declares the expectation "nope"/);
  assert.match(warnings(evidencePack({ target: "case.payload.nope" }))[0].message, /^No case's payload has the field "nope" that `case.payload.nope` reads/);
  assert.match(warnings(evidencePack({ contextFrom: "case.inputs.nope" }))[0].message, /this judge's evidence is unavailable\.$/);
});

test("evidence-key-undeclared: silent when some case declares the key, and for deeper paths into it", () => {
  for (const ref of [
    "case.inputs.prompt",
    "case.inputs.locale",
    "case.inputs.prompt.text",
    "case.expectations.answer",
    "case.payload.expected_report",
    "case.payload",
    "final_output",
  ]) {
    assert.deepEqual(warnings(evidencePack({ expectedFrom: ref })), [], ref);
  }
  assert.deepEqual(warnings(evidencePack({ contextFrom: "case.expectations.ref" })), []);
});

test("evidence-key-undeclared: payload fields only where every case writes a payload; nothing without cases", () => {
  const oneWithout = yaml`
    - challenge_key: refund-question
      case_key: one
      payload:
        expected_report: refunds allowed
    - challenge_key: refund-question
      case_key: two
      inputs:
        - key: prompt
          kind: text
          value: hi
  `;
  assert.deepEqual(warnings(evidencePack({ target: "case.payload.nope", cases: oneWithout })), []);
  assert.equal(warnings(evidencePack({ target: "case.inputs.nope", cases: oneWithout })).length, 1);
  const noCases = evidencePack({ expectedFrom: "case.inputs.nope" }).replace(/input_sets:[\s\S]*$/, "");
  assert.deepEqual(warnings(noCases), []);
});

test("evidence-key-undeclared: not reported where the path is already an error or never read", () => {
  // A malformed path is an error of its own; expected_from on a type that forbids it, or does not need it, is not read.
  assert.deepEqual(warnings(evidencePack({ expectedFrom: "case.inputs." })), []);
  const forbidden = evidencePack({ expectedFrom: "case.inputs.nope" }).replace("type: exact_match", "type: postcondition");
  assert.deepEqual(warnings(forbidden), []);
  const optional = evidencePack({ expectedFrom: "case.inputs.nope" }).replace("type: exact_match", "type: file_exists");
  assert.deepEqual(warnings(optional), [], "a type that does not need expected_from may not read it");
});

test("evidence-key-undeclared: the quick fix writes the closest declared key and the warning goes", () => {
  const text = evidencePack({ expectedFrom: "case.inputs.promt" });
  const model = buildPackModel(text, URI);
  const d = packDiagnostics(model).find((x) => x.code === CODE)!;
  const actions = codeActions(model, d.range);
  const fix = actions.find((a) => a.diagnostics?.[0].code === CODE);
  assert.equal(fix?.title, 'Change to "prompt"');
  const fixed = applyWorkspaceEdit(text, fix!.edit);
  assert.ok(fixed.includes("expected_from: case.inputs.prompt\n"));
  assert.deepEqual(warnings(fixed), []);
  assert.ok(!actions.some((a) => a.title.startsWith("Declare")), "no single case to declare it in");
});

/** The evidence pack with the cursor before the `at`-th occurrence of `needle`. */
function cursorAt(text: string, needle: string, at = 0, into = 0): string {
  let i = -1;
  for (let k = 0; k <= at; k++) i = text.indexOf(needle, i + 1);
  assert.ok(i >= 0, needle);
  return text.slice(0, i + into) + "‸" + text.slice(i + into);
}

const reads = evidencePack({ expectedFrom: "case.inputs.prompt", contextFrom: "case.expectations.answer" });

test("evidence paths: definition goes to the key in every case that declares it", () => {
  const { model, position } = atCursor(cursorAt(reads, "case.inputs.prompt", 0, 14));
  const text = marked(cursorAt(reads, "case.inputs.prompt", 0, 14)).text;
  const lines = definition(model, position).map((l) => l.range.start.line);
  const declLines = [...text.matchAll(/- key: prompt/g)].map((m) => model.lines.positionAt(m.index!).line);
  assert.equal(declLines.length, 2);
  assert.deepEqual(lines, declLines);
});

test("evidence paths: references and highlights of a case input include the path, from the input or the path", () => {
  const fromInput = atCursor(cursorAt(reads, "- key: prompt", 1, 8));
  const all = references(fromInput.model, fromInput.position, true).map((l) => fromInput.model.lines.offsetAt(l.range.start));
  const text = fromInput.model.text;
  const want = [
    text.indexOf("case.inputs.prompt") + "case.inputs.".length,
    ...[...text.matchAll(/- key: prompt/g)].map((m) => m.index! + "- key: ".length),
    text.indexOf("source: input:prompt") + "source: input:".length,
  ].sort((a, b) => a - b);
  assert.deepEqual(all, want);
  const fromPath = atCursor(cursorAt(reads, "case.inputs.prompt", 0, 13));
  assert.deepEqual(references(fromPath.model, fromPath.position, true), references(fromInput.model, fromInput.position, true));
  const highlights = documentHighlights(fromPath.model, fromPath.position);
  assert.deepEqual(
    highlights.map((h) => h.kind),
    [2, 3, 2, 3],
    "paths and input: sources read, keys write",
  );
  const expectation = atCursor(cursorAt(reads, "- key: answer", 0, 8));
  assert.equal(references(expectation.model, expectation.position, false).length, 1, "the context_from path");
});

test("evidence paths: hover says what the path reads and how many cases declare the key", () => {
  const { model, position } = atCursor(cursorAt(reads, "case.inputs.prompt", 0, 13));
  const h = hover(model, position)!;
  const value = (h.contents as { value: string }).value;
  assert.match(value, /^\*\*evidence\*\* `case\.inputs\.prompt` reads the case input `prompt` of the case being scored .*; 2 of 2 cases declare it\./);
  assert.match(value, /\*\*case input\*\* `prompt`/);
});

test("evidence paths: renaming an input from a case or from the path renames it in every case and the path", () => {
  const want = reads
    .replaceAll("- key: prompt", "- key: question")
    .replace("source: input:prompt", "source: input:question")
    .replace("case.inputs.prompt", "case.inputs.question");
  for (const src of [cursorAt(reads, "- key: prompt", 0, 9), cursorAt(reads, "case.inputs.prompt", 0, 12), cursorAt(reads, "input:prompt", 0, 8)]) {
    const { model, position } = atCursor(src);
    assert.equal((prepareRename(model, position) as { placeholder?: string } | null)?.placeholder, "prompt");
    const result = rename(model, position, "question");
    assert.ok(result && "edit" in result, JSON.stringify(result));
    assert.equal(applyWorkspaceEdit(reads, result.edit), want);
  }
});

test("evidence paths: rename refused onto a key a declaring case already has, or with a dot", () => {
  const { model, position } = atCursor(cursorAt(reads, "case.inputs.prompt", 0, 12));
  assert.deepEqual(rename(model, position, "locale"), { error: 'cannot rename case input "prompt" to "locale": a case input with that key already exists' });
  assert.deepEqual(rename(model, position, "a.b"), {
    error: 'cannot rename case input "prompt" to "a.b": an evidence path reads a key only up to its first dot',
  });
});

test("evidence paths: an input no path reads still renames in its own case only", () => {
  const text = evidencePack({});
  const { model, position } = atCursor(cursorAt(text, "- key: prompt", 0, 9));
  const result = rename(model, position, "question");
  assert.ok(result && "edit" in result);
  const out = applyWorkspaceEdit(text, result.edit);
  assert.equal(out.match(/- key: question/g)?.length, 1);
});
