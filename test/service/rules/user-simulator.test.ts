import { test } from "node:test";
import assert from "node:assert/strict";
import { marked, yaml } from "../../helpers/fixture";
import { diagnose, errors, expectDiagnostics, expectNo, expectValid } from "../../helpers/expect";
import { indent, pack } from "../../helpers/packs";

const multiTurnVersion = yaml`
  version:
    number: 1
    execution_mode: multi_turn
    assets:
      - key: policy_pdf
        path: assets/policy.pdf
`;

/** A pack whose single case has `user_simulator:` followed by `after` (a block on the next lines, or an inline value). */
function casePack(after: string, version = multiTurnVersion): string {
  const set = yaml`
    input_sets:
      - key: refund-smoke
        name: Refund Smoke
        cases:
          - challenge_key: refund-question
            case_key: refund-window-basic
            payload:
              order_id: ORD-1
              customer:
                name: Ada
            inputs:
              - key: prompt
                kind: text
                value: Can I get a refund?
              - key: unset
                kind: text
            user_simulator:
  `;
  return pack({ version, inputSets: set.replace(/\n$/, "") + after });
}

/** A multi_turn pack whose single case has this user_simulator (a dedented YAML mapping body). */
function withSimulator(sim: string, version = multiTurnVersion): string {
  return casePack("\n" + indent(sim, 10), version);
}

/** The smallest valid simulator; tests replace the part they are about. */
const validSim = yaml`
  schema_version: 1
  kind: hybrid
  phases:
    - id: open
      actor: scripted
      turns:
        - message: Refund order {{order_id}}
`;

const P = "input_sets[0].cases[0].user_simulator";

test("a multi_turn pack with a valid simulator (all three actors) is valid", () => {
  expectValid(
    withSimulator(yaml`
      schema_version: 1
      kind: " hybrid "
      max_turns: 0
      phases:
        - id: open
          actor: scripted
          turns:
            - message: "Hi {{ customer.name }}, order {{order_id}}: {{prompt}}"
              expects:
                - key: " "
                  kind: " "
                  source: input:prompt
                - key: cites_policy
                  kind: contains
                  artifact_key: policy_pdf
                  source: "artifact: policy_pdf"
        - id: escalate
          actor: " llm "
          trigger: on_assistant_mismatch
          persona: Frustrated customer
          model: gpt-4o-mini
          until: [assistant_emitted:timeline]
        - id: takeover
          actor: human
          trigger: " manual "
          timeout_ms: 0
          on_timeout: anything
      calibration:
        enabled: false
        sample_rate: 0
      post_run:
        arena:
          enabled: true
          comparison: ""
    `),
  );
});

test("user-simulator-required: every case of a multi_turn pack, at the case's dash", () => {
  expectDiagnostics(
    pack({
      version: multiTurnVersion,
      inputSets: yaml`
        input_sets:
          - key: refund-smoke
            name: Refund Smoke
            cases:
              ⟦-⟧ challenge_key: refund-question
                case_key: refund-window-basic
      `,
    }),
    { code: "user-simulator-required", field: P, message: "is required when version.execution_mode is multi_turn" },
  );
  expectDiagnostics(casePack(" ⟦~⟧\n"), {
    code: "user-simulator-required",
    field: P,
  });
  expectNo(withSimulator(validSim), "user-simulator-required");
  expectNo(pack(), "user-simulator-required");
});

test("user-simulator-forbidden: outside multi_turn, even {}, and its content is not checked", () => {
  const native = yaml`
    version:
      number: 1
      execution_mode: native
  `;
  const got = expectDiagnostics(withSimulator(validSim, native).replace("user_simulator:", "⟦user_simulator⟧:"), {
    code: "user-simulator-forbidden",
    field: P,
    message: "is only allowed when version.execution_mode is multi_turn",
  });
  assert.equal(got[0].related?.length, 1);
  const legacy = yaml`
    version:
      number: 1
  `;
  const src = casePack(" {}\n", legacy).replace("user_simulator:", "⟦user_simulator⟧:");
  expectDiagnostics(src, { code: "user-simulator-forbidden", field: P });
  assert.deepEqual(
    errors(marked(src).text).map((d) => d.code),
    ["user-simulator-forbidden"],
  );
  expectNo(withSimulator(validSim), "user-simulator-forbidden");
});

test("phase-id-duplicate: the first phase id is related", () => {
  const m = marked(withSimulator(validSim.replace("id: open", "id: ⟦open⟧") + "  - id: ⟦open⟧\n    actor: human\n    trigger: manual\n"));
  const got = diagnose(m.text).filter((d) => d.code === "phase-id-duplicate");
  assert.equal(got.length, 1);
  assert.deepEqual(got[0].range, m.ranges[1]);
  assert.deepEqual(got[0].related?.[0].range, m.ranges[0]);
});

test("missing simulator fields are reported at the key holding the simulator", () => {
  const sim = "phases:\n  - id: open\n    actor: scripted\n    turns: [{message: hi}]\n";
  const src = withSimulator(sim).replace("user_simulator:", "⟦user_simulator⟧:");
  expectDiagnostics(src, { code: "user-simulator-schema-version", field: `${P}.schema_version`, message: "must be 1" });
  expectDiagnostics(src, { code: "user-simulator-kind", field: `${P}.kind` });
  expectDiagnostics(withSimulator("schema_version: 1\nkind: hybrid\n").replace("user_simulator:", "⟦user_simulator⟧:"), {
    code: "user-simulator-phases-empty",
    field: `${P}.phases`,
  });
  expectDiagnostics(withSimulator(validSim + "calibration:\n  enabled: true\n").replace("calibration:", "⟦calibration⟧:"), {
    code: "calibration-sample-rate-range",
    field: `${P}.calibration.sample_rate`,
  });
});

test("an unsupported first trigger gets both trigger errors", () => {
  const src = withSimulator(validSim.replace("actor: scripted", "actor: scripted\n    trigger: ⟦soon⟧"));
  expectDiagnostics(src, { code: "phase-trigger-unsupported", field: `${P}.phases[0].trigger` });
  expectDiagnostics(src, { code: "phase-first-trigger", field: `${P}.phases[0].trigger` });
});

test("phase-model-non-llm: also on an invalid actor, never on an empty one", () => {
  expectDiagnostics(withSimulator(validSim.replace("actor: scripted", "actor: bot\n    model: ⟦m⟧")), {
    code: "phase-model-non-llm",
    field: `${P}.phases[0].model`,
  });
  const noActor = validSim.replace("actor: scripted", "model: m");
  expectNo(withSimulator(noActor), "phase-model-non-llm");
  expectDiagnostics(withSimulator(noActor.replace("  - id: open", "  ⟦-⟧ id: open")), { code: "phase-actor-required" });
});

test("actor-specific fields are checked only for their actor", () => {
  const human = "schema_version: 1\nkind: hybrid\nphases:\n  - id: h\n    actor: human\n    turns: [{message: ' '}]\n    until: ['']\n";
  const codes = errors(withSimulator(human)).map((d) => d.code);
  assert.deepEqual(codes, []);
});

test("turn-message-template-unresolved: at the placeholder, once per name, from payload and non-null inputs", () => {
  const sim = (message: string) => validSim.replace("message: Refund order {{order_id}}", `message: ${message}`);
  expectDiagnostics(withSimulator(sim('"Order {{order_id}}: ⟦{{ missing }}⟧, {{missing}}, ⟦{{unset}}⟧, ⟦{{customer.name.first}}⟧"')), {
    code: "turn-message-template-unresolved",
    field: `${P}.phases[0].turns[0].message`,
  });
  const got = diagnose(withSimulator(sim('"{{ missing }}"'))).filter((d) => d.code === "turn-message-template-unresolved");
  assert.equal(got[0].message, "unresolved placeholder {{missing}} for case template context");
  expectNo(withSimulator(sim('"{{order_id}} {{ customer.name }} {{prompt}} {{ 1x }} {{a-b}}"')), "turn-message-template-unresolved");
});

test("turn-message-template-unresolved: only scripted phases, every turn", () => {
  const src = withSimulator(
    validSim +
      '      - message: "⟦{{nope}}⟧"\n' +
      "  - id: later\n    actor: llm\n    trigger: manual\n    persona: p\n    turns:\n      - message: '{{nope}}'\n",
  );
  expectDiagnostics(src, { code: "turn-message-template-unresolved", field: `${P}.phases[0].turns[1].message` });
});

test("turn-message-template-invalid-path: an empty segment after resolved ones", () => {
  expectDiagnostics(withSimulator(validSim.replace("{{order_id}}", "⟦{{customer..name}}⟧")), {
    code: "turn-message-template-invalid-path",
    field: `${P}.phases[0].turns[0].message`,
    message: 'invalid placeholder path "customer..name"',
  });
  // The walk stops at a missing key before it reaches the empty segment.
  const src = withSimulator(validSim.replace("{{order_id}}", "⟦{{nobody..name}}⟧"));
  expectNo(src, "turn-message-template-invalid-path");
  expectDiagnostics(src, { code: "turn-message-template-unresolved", message: "unresolved placeholder {{nobody..name}} for case template context" });
});

test("fields the decoder rejected do not crash the checks", () => {
  const got = diagnose(withSimulator("schema_version: [1]\nkind: {a: b}\nphases:\n  - id: [x]\n    actor: scripted\n    turns: [{message: {a: 1}}]\n"));
  assert.ok(got.some((d) => d.code === "yaml-type-mismatch"));
});
