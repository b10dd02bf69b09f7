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
  semanticTokenList,
} from "../../server/src/service/pack";
import { yaml } from "../helpers/fixture";
import { pack } from "../helpers/packs";
import { applyWorkspaceEdit, atCursor, URI } from "../helpers/features";
import { EditInvariant } from "../helpers/edit-invariant";

/** `case.payload.<f>` as an evidence path: the evidence-key-undeclared warning, navigation and rename of payload fields. */

const CODE = "evidence-key-undeclared";

const TWO_CASES = yaml`
  - challenge_key: refund-question
    case_key: one
    payload:
      expected_report: refunds allowed
      customer:
        name: Ada
        tier: gold
      signals: [5xx up, latency up]
    inputs:
      - key: prompt
        kind: text
        value: Can I get a refund?
  - challenge_key: refund-question
    case_key: two
    payload:
      expected_report: no refunds
      region: eu
    inputs:
      - key: prompt
        kind: text
        value: And after 30 days?
`;

/** A pack whose validator reads `target` (and `expected_from`), and a judge reads `context_from`, over these cases. */
function payloadPack(o: { target?: string; expectedFrom?: string; contextFrom?: string[]; cases?: string; inputSets?: string }): string {
  const judge = o.contextFrom
    ? "    llm_judges:\n" +
      "      - key: grounded\n        mode: rubric\n        rubric: Is the answer grounded?\n        model: claude-sonnet-4-6\n" +
      `        context_from:\n${o.contextFrom.map((c) => `          - ${c}\n`).join("")}`
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
    judge.replace(/^ {2}/gm, "") +
    "  scorecard:\n    dimensions: [correctness]\n";
  return pack({
    evaluationSpec: spec,
    inputSets: o.inputSets ?? "input_sets:\n  - key: refund-smoke\n    name: Refund Smoke\n    cases:\n" + (o.cases ?? TWO_CASES).replace(/^(?=.)/gm, "      "),
  });
}

const warnings = (text: string) => packDiagnostics(buildPackModel(text, URI)).filter((d) => d.code === CODE);

/** The text a diagnostic's range covers. */
function marked(text: string, d: { range: { start: { line: number; character: number }; end: { line: number; character: number } } }): string {
  const model = buildPackModel(text, URI);
  return text.slice(model.lines.offsetAt(d.range.start), model.lines.offsetAt(d.range.end));
}

/** The text with the cursor `into` characters after the `at`-th occurrence of `needle`. */
function cursorAt(text: string, needle: string, at = 0, into = 0): string {
  let i = -1;
  for (let k = 0; k <= at; k++) i = text.indexOf(needle, i + 1);
  assert.ok(i >= 0, needle);
  return text.slice(0, i + into) + "‸" + text.slice(i + into);
}

test("payload paths: the undeclared field is a warning at the field, with did-you-mean and a Change-to fix", () => {
  const text = payloadPack({ target: "case.payload.expected_reprot" });
  const [w, ...rest] = warnings(text);
  assert.deepEqual(rest, []);
  assert.equal(w.severity, "warning");
  assert.equal(w.field, "version.evaluation_spec.validators[0].target");
  assert.equal(
    w.message,
    'No case\'s payload has the field "expected_reprot" that `case.payload.expected_reprot` reads: when the pack is scored, this validator\'s evidence is unavailable. Did you mean "expected_report"?',
  );
  assert.equal(marked(text, w), "expected_reprot");

  const model = buildPackModel(text, URI);
  const fix = codeActions(model, w.range).find((a) => a.diagnostics?.[0].code === CODE);
  assert.equal(fix?.title, 'Change to "expected_report"');
  const fixed = applyWorkspaceEdit(text, fix!.edit);
  assert.ok(fixed.includes("target: case.payload.expected_report\n"));
  assert.deepEqual(warnings(fixed), []);
  assert.deepEqual(
    new EditInvariant(text).problems(
      fix!.edit.changes[URI],
      packDiagnostics(model).find((d) => d.code === CODE),
    ),
    [],
  );
});

test("payload paths: a field any case's payload has is no warning, in either case, and the whole payload is none", () => {
  for (const ref of ["case.payload.expected_report", "case.payload.region", "case.payload.customer", "case.payload"]) {
    assert.deepEqual(warnings(payloadPack({ target: ref })), [], ref);
  }
  assert.deepEqual(warnings(payloadPack({ contextFrom: ["final_output", "case.payload.region"] })), []);
  assert.match(warnings(payloadPack({ contextFrom: ["case.payload.regoin"] }))[0].message, /this judge's evidence is unavailable\. Did you mean "region"\?$/);
});

test("payload paths: nested paths are walked as the scorer walks them, maps by field and lists by Go integer index", () => {
  // Resolved in some case: a field of a map, an item of a list (strconv.Atoi takes a sign and leading zeros).
  for (const ref of ["case.payload.customer.name", "case.payload.signals.1", "case.payload.signals.+1", "case.payload.signals.00"]) {
    assert.deepEqual(warnings(payloadPack({ target: ref })), [], ref);
  }
  const nested = warnings(payloadPack({ target: "case.payload.customer.nmae" }));
  assert.equal(nested.length, 1);
  assert.equal(
    nested[0].message,
    'No case\'s payload has a value at "customer.nmae" that `case.payload.customer.nmae` reads: when the pack is scored, this validator\'s evidence is unavailable. Did you mean "customer.name"?',
  );
  assert.equal(marked(payloadPack({ target: "case.payload.customer.nmae" }), nested[0]), "nmae", "the segment where every walk stopped");
  assert.deepEqual(nested[0].data, { path: "customer.nmae", suggestions: ["customer.name"] });
  // Past the end of a list, not an index, into a string: no case has it.
  for (const [ref, at] of [
    ["case.payload.signals.2", "signals.2"],
    ["case.payload.signals.-1", "signals.-1"],
    ["case.payload.signals.first", "signals.first"],
    ["case.payload.expected_report.text", "expected_report.text"],
    ["case.payload.customer.name.first", "customer.name.first"],
  ]) {
    const w = warnings(payloadPack({ target: ref }));
    assert.equal(w.length, 1, ref);
    assert.match(w[0].message, new RegExp(`^No case's payload has a value at "${at.replace(/[.+]/g, "\\$&")}" `), ref);
  }
  // The first segment missing everywhere is a missing field, whatever follows.
  assert.match(
    warnings(payloadPack({ target: "case.payload.custmer.name" }))[0].message,
    /^No case's payload has the field "custmer" .* Did you mean "customer"\?$/,
  );
  const noFix = buildPackModel(payloadPack({ target: "case.payload.customer.nmae" }), URI);
  const d = packDiagnostics(noFix).find((x) => x.code === CODE)!;
  assert.deepEqual(
    codeActions(noFix, d.range).filter((a) => a.diagnostics?.[0].code === CODE),
    [],
    "a nested field is no payload key: no fix guesses",
  );
});

test("payload paths: no claim unless every case's scored payload is surely the map written", () => {
  const SECOND_PAYLOAD = "  payload:\n    expected_report: no refunds\n    region: eu\n";
  assert.ok(TWO_CASES.includes(SECOND_PAYLOAD));
  const withoutPayload = TWO_CASES.replace(SECOND_PAYLOAD, "");
  assert.deepEqual(warnings(payloadPack({ target: "case.payload.nope", cases: withoutPayload })), [], "a case without a payload");
  const nullPayload = TWO_CASES.replace(SECOND_PAYLOAD, "  payload: ~\n");
  assert.deepEqual(warnings(payloadPack({ target: "case.payload.nope", cases: nullPayload })), [], "a null payload");
  const listPayload = TWO_CASES.replace(SECOND_PAYLOAD, "  payload: [a, b]\n");
  assert.deepEqual(warnings(payloadPack({ target: "case.payload.nope", cases: listPayload })), [], "a payload that is not a map");
  const nonStringKey = TWO_CASES.replace("    region: eu\n", "    region:\n      1: eu\n");
  assert.deepEqual(warnings(payloadPack({ target: "case.payload.nope", cases: nonStringKey })), [], "a payload JSON cannot encode");
  const legacy = yaml`
    - challenge_key: refund-question
      case_key: one
      payload:
        schema_version: 1
        answer: a
    - challenge_key: refund-question
      case_key: two
      payload:
        answer: b
  `;
  assert.deepEqual(warnings(payloadPack({ target: "case.payload.nope", cases: legacy })), [], "a bare payload read back as a case document");
  assert.equal(warnings(payloadPack({ target: "case.payload.nope", cases: legacy.replace("schema_version: 1", "version: 1") })).length, 1);
  // Inputs are still checked where payloads are not.
  assert.equal(warnings(payloadPack({ target: "case.payload.nope", expectedFrom: "case.inputs.nope", cases: withoutPayload })).length, 1);
});

test("payload paths: legacy items' payloads count, and their fields are declared where the item writes them", () => {
  const inputSets = yaml`
    input_sets:
      - key: refund-smoke
        name: Refund Smoke
        items:
          - challenge_key: refund-question
            item_key: one
            payload:
              answer: a
          - challenge_key: refund-question
            item_key: two
            payload:
              answer: b
  `;
  assert.deepEqual(warnings(payloadPack({ target: "case.payload.answer", inputSets })), []);
  assert.match(warnings(payloadPack({ target: "case.payload.anwser", inputSets }))[0].message, /Did you mean "answer"\?$/);
  const text = payloadPack({ target: "case.payload.answer", inputSets });
  const { model, position } = atCursor(cursorAt(text, "case.payload.answer", 0, 14));
  const lines = definition(model, position).map((l) => text.split("\n")[l.range.start.line].trim());
  assert.deepEqual(lines, ["answer: a", "answer: b"]);
});

const reads = payloadPack({ target: "case.payload.expected_report", contextFrom: ["final_output", "case.payload.customer.tier"] });

test("payload paths: definition goes to the field in every case whose payload has it", () => {
  const { model, position } = atCursor(cursorAt(reads, "case.payload.expected_report", 0, 15));
  const got = definition(model, position).map((l) => model.lines.offsetAt(l.range.start));
  const want = [...reads.matchAll(/expected_report:/g)].map((m) => m.index!);
  assert.equal(want.length, 2);
  assert.deepEqual(got, want);
});

test("payload paths: references and highlights of a payload field include the paths, from the field or the path", () => {
  const fromKey = atCursor(cursorAt(reads, "expected_report:", 1, 3));
  const all = references(fromKey.model, fromKey.position, true).map((l) => fromKey.model.lines.offsetAt(l.range.start));
  const want = [reads.indexOf("case.payload.expected_report") + "case.payload.".length, ...[...reads.matchAll(/expected_report:/g)].map((m) => m.index!)].sort(
    (a, b) => a - b,
  );
  assert.deepEqual(all, want);
  const fromPath = atCursor(cursorAt(reads, "case.payload.expected_report", 0, 20));
  assert.deepEqual(references(fromPath.model, fromPath.position, true), references(fromKey.model, fromKey.position, true));
  assert.deepEqual(
    documentHighlights(fromPath.model, fromPath.position).map((h) => h.kind),
    [2, 3, 3],
    "the path reads, the keys write",
  );
  // A nested path refers to the payload field it starts with.
  const customer = atCursor(cursorAt(reads, "customer:", 0, 2));
  const refs = references(customer.model, customer.position, false);
  assert.equal(refs.length, 1);
  assert.equal(reads.slice(customer.model.lines.offsetAt(refs[0].range.start), customer.model.lines.offsetAt(refs[0].range.end)), "customer");
  assert.equal(customer.model.lines.offsetAt(refs[0].range.start), reads.indexOf("case.payload.customer.tier") + "case.payload.".length);
});

test("payload paths: hover on the path says what it reads, how many cases have it and its value; nothing on the key", () => {
  const onPath = atCursor(cursorAt(reads, "case.payload.expected_report", 0, 16));
  const value = (hover(onPath.model, onPath.position)!.contents as { value: string }).value;
  assert.match(
    value,
    /^\*\*evidence\*\* `case\.payload\.expected_report` reads the field `expected_report` of the `payload` of the case being scored; 2 of 2 cases have it in the payload\./,
  );
  assert.match(value, /\*\*payload field\*\* `expected_report` {2}\nvalue: `refunds allowed`$/);
  const nested = atCursor(cursorAt(reads, "case.payload.customer.tier", 0, 14));
  assert.match(
    (hover(nested.model, nested.position)!.contents as { value: string }).value,
    /1 of 2 cases has it in the payload\.[\s\S]*value: 2 settings: `name`, `tier`$/,
  );
  const onKey = atCursor(cursorAt(reads, "customer:", 0, 1));
  assert.equal(hover(onKey.model, onKey.position), null);
});

test("payload paths: renaming a field from a case or from the path renames it in every case and every path", () => {
  const want = reads.replaceAll("expected_report", "expected_answer");
  for (const src of [
    cursorAt(reads, "expected_report:", 0, 2),
    cursorAt(reads, "expected_report:", 1, 15),
    cursorAt(reads, "case.payload.expected_report", 0, 13),
  ]) {
    const { model, position } = atCursor(src);
    assert.equal((prepareRename(model, position) as { placeholder?: string } | null)?.placeholder, "expected_report");
    const result = rename(model, position, "expected_answer");
    assert.ok(result && "edit" in result, JSON.stringify(result));
    const edits = result.edit.changes[URI];
    assert.equal(edits.length, 3);
    assert.equal(applyWorkspaceEdit(reads, result.edit), want);
    assert.deepEqual(new EditInvariant(reads).problems(edits), []);
    assert.deepEqual(warnings(want), []);
  }
  // A name YAML would read as another value is quoted where it is a whole key; inside the path it is text.
  const { model, position } = atCursor(cursorAt(reads, "expected_report:", 0, 2));
  const result = rename(model, position, "true");
  assert.ok(result && "edit" in result);
  const out = applyWorkspaceEdit(reads, result.edit);
  assert.equal(out.match(/"true": /g)?.length, 2);
  assert.ok(out.includes("target: case.payload.true\n"));
  assert.deepEqual(new EditInvariant(reads).problems(result.edit.changes[URI]), []);
  assert.deepEqual(warnings(out), []);
});

test("payload paths: rename refused onto a field a declaring case already has, or with a dot", () => {
  const { model, position } = atCursor(cursorAt(reads, "case.payload.expected_report", 0, 13));
  assert.deepEqual(rename(model, position, "region"), {
    error: 'cannot rename payload field "expected_report" to "region": a payload field with that key already exists',
  });
  assert.deepEqual(rename(model, position, "customer"), {
    error: 'cannot rename payload field "expected_report" to "customer": a payload field with that key already exists',
  });
  assert.deepEqual(rename(model, position, "a.b"), {
    error: 'cannot rename payload field "expected_report" to "a.b": an evidence path reads a key only up to its first dot',
  });
});

test("payload paths: payload keys are names only where the spec reads the payload", () => {
  const text = payloadPack({ expectedFrom: "case.inputs.prompt" });
  const { model, position } = atCursor(cursorAt(text, "expected_report:", 0, 2));
  assert.equal(prepareRename(model, position), null);
  assert.deepEqual(references(model, position, true), []);
});

test("payload paths: a field no path reads renames in its own case only; an aliased payload is one text, edited once", () => {
  const { model, position } = atCursor(cursorAt(reads, "region:", 0, 1));
  const result = rename(model, position, "area");
  assert.ok(result && "edit" in result);
  assert.equal(applyWorkspaceEdit(reads, result.edit), reads.replace("region:", "area:"));

  const aliased = yaml`
    - challenge_key: refund-question
      case_key: one
      payload: &shared
        answer: a
      inputs:
        - key: prompt
          kind: text
          value: one
    - challenge_key: refund-question
      case_key: two
      payload: *shared
      inputs:
        - key: prompt
          kind: text
          value: two
  `;
  const text = payloadPack({ target: "case.payload.answer", cases: aliased });
  assert.deepEqual(warnings(text), []);
  const onPath = atCursor(cursorAt(text, "case.payload.answer", 0, 14));
  assert.match((hover(onPath.model, onPath.position)!.contents as { value: string }).value, /; 2 of 2 cases have it in the payload\./);
  assert.equal(warnings(text.replace("case.payload.answer", "case.payload.answr")).length, 1);
  const at = atCursor(cursorAt(text, "case.payload.answer", 0, 14));
  const renamed = rename(at.model, at.position, "reply");
  assert.ok(renamed && "edit" in renamed);
  assert.equal(renamed.edit.changes[URI].length, 2, "the path and the one written key");
  assert.equal(applyWorkspaceEdit(text, renamed.edit), text.replaceAll("answer", "reply"));
  // The alias reads the renamed key: its value is meant to change, though its own text is not edited.
  assert.deepEqual(new EditInvariant(text).problems(renamed.edit.changes[URI]), [
    'changed a value it did not edit: $.input_sets[].cases[].payload = {"answer":"a"}',
  ]);
});

test("payload paths: payload keys are left to the grammar's colours; the path's field is coloured with the path", () => {
  const model = buildPackModel(reads, URI);
  const tokens = semanticTokenList(model);
  const keyAt = reads.indexOf("expected_report:");
  assert.ok(!tokens.some((t) => t.span.start === keyAt), "no token on a payload key");
  const pathField = reads.indexOf("case.payload.expected_report") + "case.payload.".length;
  assert.deepEqual(
    tokens.filter((t) => t.span.start === pathField).map((t) => [t.type, reads.slice(t.span.start, t.span.end)]),
    [["property", "expected_report"]],
  );
});

test("payload paths: a path read through an aliased list (two judges, one context_from) is renamed once", () => {
  const text = payloadPack({ contextFrom: ["final_output", "case.payload.expected_report"] })
    .replace("        context_from:\n", "        context_from: &ctx\n")
    .replace(
      "    scorecard:",
      "      - key: second\n        mode: rubric\n        rubric: Is it polite?\n        model: claude-sonnet-4-6\n        context_from: *ctx\n    scorecard:",
    );
  assert.ok(text.includes("context_from: *ctx"));
  assert.deepEqual(warnings(text), []);
  const { model, position } = atCursor(cursorAt(text, "expected_report:", 0, 2));
  assert.equal(references(model, position, false).length, 2, "each judge reads it");
  const result = rename(model, position, "expected_answer");
  assert.ok(result && "edit" in result);
  assert.equal(result.edit.changes[URI].length, 3, "the path once, the key in both cases");
  assert.equal(applyWorkspaceEdit(text, result.edit), text.replaceAll("expected_report", "expected_answer"));
});
