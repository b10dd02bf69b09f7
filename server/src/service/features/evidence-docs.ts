/**
 * What an evidence reference reads when the pack is scored (`target`, `expected_from`, `reference_from`,
 * `context_from`), in words for pack authors. The grammar is the reference validator's (`ValidateEvaluationSpec`
 * in `runtime/scoring/validation.go`); the catalog lists it as `evidence_reference_*`.
 */
const EXACT: Readonly<Record<string, string>> = {
  final_output: "the final output of the agent's run",
  "run.final_output": "the final output of the agent's run (the same as `final_output`)",
  challenge_input: "the input the challenge gives the agent",
  "case.payload": "the whole `payload` of the case being scored",
  "transcript.full": "the whole conversation transcript",
  "transcript.from_mismatch": "the conversation transcript from the turn where it first left the simulated user's script",
  "turn.expectations": "the expectations of the current scripted turn",
  tool_calls: "the tool calls the agent made (only for `tool_call_assertion` validators)",
};

export function evidenceReads(ref: string): string | undefined {
  const r = ref.trim();
  if (EXACT[r]) return EXACT[r];
  let m: RegExpExecArray | null;
  if ((m = /^case\.payload\.(.+)$/.exec(r))) return `the field \`${m[1]}\` of the \`payload\` of the case being scored`;
  if ((m = /^case\.inputs\.(.+)$/.exec(r))) return `the case input \`${m[1]}\` of the case being scored (its \`value\`, or the file it names)`;
  if ((m = /^case\.expectations\.(.+)$/.exec(r))) return `the expectation \`${m[1]}\` of the case being scored`;
  if ((m = /^artifact\.(.+)$/.exec(r))) return `the version asset \`${m[1]}\``;
  if ((m = /^file:(.+)$/.exec(r))) return `the file captured after the run by the post-execution check \`${m[1].trim()}\``;
  if ((m = /^literal:([\s\S]*)$/.exec(r))) return m[1] ? "the text written after `literal:` itself" : "an empty text";
  if ((m = /^transcript\.last_n:\s*(\d+)\s*$/.exec(r))) return `the last ${m[1]} turn${m[1] === "1" ? "" : "s"} of the conversation transcript`;
  return undefined;
}
