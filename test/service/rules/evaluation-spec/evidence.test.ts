import { test } from "node:test";
import assert from "node:assert/strict";
import { isSupportedEvidenceReference } from "../../../../server/src/service/rules/evaluation-spec/evidence";

const accepted = [
  "final_output",
  "run.final_output",
  "challenge_input",
  "case.payload",
  "transcript.full",
  "transcript.from_mismatch",
  "turn.expectations",
  "case.payload.customer.tier",
  "case.payload. a ",
  "case.inputs.prompt",
  "case.expectations.answer.value",
  "artifact.policy_pdf",
  "file:out",
  "file: out",
  "literal:",
  "literal:anything at all",
  "transcript.last_n:3",
  "transcript.last_n: 3 ",
  "transcript.last_n:+2",
  "transcript.last_n: +7 ",
  "transcript.last_n:007",
  "case.payload.a.b",
  "case.expectations.x",
  "artifact.pdf",
  "file:report",
  "literal:anything",
];

const rejected = [
  "",
  "tool_calls",
  " final_output",
  "Final_Output",
  "Final_output",
  "case.inputs",
  "case.expectations",
  "artifact",
  "case.payload.",
  "case.payload. ",
  "artifact.a..b",
  "artifact.a. .b",
  "artifact.x. ",
  "case.payload.a..b",
  "case.inputs.prompt.",
  "file:",
  "file:  ",
  "transcript.last_n:",
  "transcript.last_n:0",
  "transcript.last_n:-1",
  "transcript.last_n:1.5",
  "transcript.last_n:1_000",
  "transcript.last_n:99999999999999999999",
  "transcript.last",
  "input:prompt",
];

test("evidence references: every form of the grammar is accepted", () => {
  for (const ref of accepted) assert.equal(isSupportedEvidenceReference(ref), true, JSON.stringify(ref));
});

test("evidence references: case-sensitive, untrimmed, no bare prefixes, no empty segments, last_n a positive int", () => {
  for (const ref of rejected) assert.equal(isSupportedEvidenceReference(ref), false, JSON.stringify(ref));
});
