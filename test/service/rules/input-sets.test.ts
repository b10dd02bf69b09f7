import { test } from "node:test";
import assert from "node:assert/strict";
import { yaml } from "../../helpers/fixture";
import { diagnose, expectDiagnostics, expectNo, expectValid } from "../../helpers/expect";
import { pack } from "../../helpers/packs";

const sets = (body: string) => pack({ inputSets: body });

test("input set key required/unique, name required, cases non-empty", () => {
  expectDiagnostics(
    sets(yaml`
    input_sets:
      ⟦-⟧ name: A
        cases:
          - challenge_key: refund-question
            case_key: a
  `),
    { code: "input-set-key-required", field: "input_sets[0].key", message: "is required" },
  );
  expectDiagnostics(
    sets(yaml`
    input_sets:
      - key: s
        name: A
        cases:
          - challenge_key: refund-question
            case_key: a
      - key: ⟦s⟧
        name: B
        cases:
          - challenge_key: refund-question
            case_key: a
  `),
    { code: "input-set-key-duplicate", field: "input_sets[1].key", message: "must be unique" },
  );
  expectDiagnostics(
    sets(yaml`
    input_sets:
      - key: s
        name: ⟦" "⟧
        cases:
          - challenge_key: refund-question
            case_key: a
  `),
    { code: "input-set-name-required", field: "input_sets[0].name", message: "is required" },
  );
  expectDiagnostics(
    sets(yaml`
    input_sets:
      - key: s
        name: S
        cases: ⟦[]⟧
  `),
    { code: "input-set-cases-empty", field: "input_sets[0].cases", message: "must contain at least one case" },
  );
  expectValid(sets("input_sets: []\n"));
});

test("case challenge_key: required, mixed (with the first as related), undeclared", () => {
  expectDiagnostics(
    sets(yaml`
    input_sets:
      - key: s
        name: S
        cases:
          ⟦-⟧ case_key: a
  `),
    { code: "case-challenge-key-required", field: "input_sets[0].cases[0].challenge_key", message: "is required" },
  );
  const [mixed] = expectDiagnostics(
    sets(yaml`
    challenges:
    input_sets:
      - key: s
        name: S
        cases:
          - challenge_key: refund-question
            case_key: a
          - challenge_key: ⟦billing-question⟧
            case_key: b
  `),
    {
      code: "case-challenge-key-mixed",
      field: "input_sets[0].cases[1].challenge_key",
      message: "must reference the same challenge as the other cases in this input set",
    },
  );
  assert.equal(mixed.related?.[0].range.start.line, mixed.range.start.line - 2);
  expectDiagnostics(
    sets(yaml`
    input_sets:
      - key: s
        name: S
        cases:
          - challenge_key: ⟦Refund question⟧
            case_key: a
  `),
    { code: "case-challenge-key-undeclared", field: "input_sets[0].cases[0].challenge_key", message: "must reference a declared challenge" },
  );
});

test("case_key: required (field says case_key for legacy items too), unique per challenge", () => {
  expectDiagnostics(
    sets(yaml`
    input_sets:
      - key: s
        name: S
        cases:
          ⟦-⟧ challenge_key: refund-question
  `),
    { code: "case-key-required", field: "input_sets[0].cases[0].case_key", message: "is required" },
  );
  expectDiagnostics(
    sets(yaml`
    input_sets:
      - key: s
        name: S
        items:
          - challenge_key: refund-question
            item_key: a
          - challenge_key: refund-question
            item_key: ⟦a⟧
  `),
    { code: "case-key-duplicate", field: "input_sets[0].cases[1].case_key", message: "must be unique per challenge in the input set" },
  );
  expectNo(
    sets(yaml`
    input_sets:
      - key: s
        name: S
        cases:
          - challenge_key: refund-question
            case_key: a
          - challenge_key: refund-question
            item_key: b
  `),
    "case-key-duplicate",
  );
});

test("legacy items are used only when cases is empty", () => {
  const text = sets(yaml`
    input_sets:
      - key: s
        name: S
        cases:
          - challenge_key: refund-question
            case_key: a
        items:
          - challenge_key: nope
            item_key: a
  `);
  assert.deepEqual(
    diagnose(text).filter((d) => d.severity === "error"),
    [],
  );
  assert.match(diagnose(text).find((d) => d.code === "legacy-items")!.message, /ignored/);
});

test("case inputs: key required/unique, kind required, artifact_key declared", () => {
  const one = (inputs: string) =>
    sets(`input_sets:\n  - key: s\n    name: S\n    cases:\n      - challenge_key: refund-question\n        case_key: a\n        inputs:\n${inputs}`);
  expectDiagnostics(one("          ⟦-⟧ kind: text\n"), {
    code: "case-input-key-required",
    field: "input_sets[0].cases[0].inputs[0].key",
    message: "is required",
  });
  expectDiagnostics(one("          - key: p\n            kind: text\n          - key: ⟦p⟧\n            kind: text\n"), {
    code: "case-input-key-duplicate",
    field: "input_sets[0].cases[0].inputs[1].key",
    message: "must be unique",
  });
  expectDiagnostics(one('          - key: p\n            kind: ⟦""⟧\n'), { code: "case-input-kind-required", field: "input_sets[0].cases[0].inputs[0].kind" });
  expectDiagnostics(one("          - key: p\n            kind: file\n            artifact_key: ⟦nope⟧\n"), {
    code: "case-input-artifact-key-undeclared",
    field: "input_sets[0].cases[0].inputs[0].artifact_key",
    message: "must reference a declared version asset",
  });
  expectNo(one("          - key: p\n            kind: file\n            artifact_key: policy_pdf\n"), "case-input-artifact-key-undeclared");
});

test("case expectations: key, kind, artifact_key and every source form", () => {
  const one = (exp: string) =>
    sets(
      `input_sets:\n  - key: s\n    name: S\n    cases:\n      - challenge_key: refund-question\n        case_key: a\n        inputs:\n          - key: prompt\n            kind: text\n        expectations:\n${exp}`,
    );
  const f = "input_sets[0].cases[0].expectations[0]";
  expectDiagnostics(one("          ⟦-⟧ kind: text\n"), { code: "case-expectation-key-required", field: `${f}.key`, message: "is required" });
  expectDiagnostics(one("          - key: e\n            kind: text\n          - key: ⟦e⟧\n            kind: text\n"), {
    code: "case-expectation-key-duplicate",
    message: "must be unique",
  });
  expectDiagnostics(one("          ⟦-⟧ key: e\n"), { code: "case-expectation-kind-required", field: `${f}.kind`, message: "is required" });
  expectDiagnostics(one("          - key: e\n            kind: file\n            artifact_key: ⟦nope⟧\n"), {
    code: "case-expectation-artifact-key-undeclared",
    field: `${f}.artifact_key`,
    message: "must reference a declared version asset",
  });
  const cases: [string, string, string][] = [
    ['⟦"input: "⟧', "case-expectation-source-input-key-empty", "must reference a non-empty input key"],
    ["input:⟦promt⟧", "case-expectation-source-input-undeclared", "must reference a declared case input"],
    ['⟦"artifact:"⟧', "case-expectation-source-artifact-key-empty", "must reference a non-empty artifact key"],
    ["artifact:⟦nope⟧", "case-expectation-source-artifact-undeclared", "must reference a declared version asset"],
    ["⟦Input:prompt⟧", "case-expectation-source-prefix-invalid", "must start with input: or artifact:"],
  ];
  for (const [src, code, message] of cases) {
    expectDiagnostics(one(`          - key: e\n            kind: text\n            source: ${src}\n`), { code, field: `${f}.source`, message });
  }
  for (const ok of ["input:prompt", "artifact:policy_pdf", "' input: prompt '", "''"]) {
    expect0(one(`          - key: e\n            kind: text\n            source: ${ok}\n`));
  }
});

function expect0(text: string) {
  assert.deepEqual(
    diagnose(text)
      .filter((d) => d.severity === "error")
      .map((d) => d.code),
    [],
  );
}

test("assets and artifact references: challenge, case and version lists", () => {
  expectDiagnostics(pack({ version: "version:\n  number: 1\n  assets:\n    - key: a\n      path: x\n    - key: ⟦a⟧\n      path: y\n" }), {
    code: "version-asset-key-duplicate",
    field: "version.assets[1].key",
    message: "must be unique",
  });
  expectDiagnostics(pack({ version: "version:\n  number: 1\n  assets:\n    ⟦-⟧ path: x\n" }), {
    code: "version-asset-key-required",
    field: "version.assets[0].key",
  });
  expectDiagnostics(pack({ version: 'version:\n  number: 1\n  assets:\n    - key: a\n      path: ⟦" "⟧\n' }), {
    code: "version-asset-path-required",
    field: "version.assets[0].path",
  });
  const challenge = (extra: string) =>
    pack({ challenges: `challenges:\n  - key: refund-question\n    title: T\n    category: c\n    difficulty: easy\n${extra}` });
  expectDiagnostics(challenge("    assets:\n      ⟦-⟧ key: a\n"), {
    code: "challenge-asset-path-required",
    field: "challenges[0].assets[0].path",
    message: "is required",
  });
  expectDiagnostics(challenge("    artifact_refs:\n      - key: ⟦nope⟧\n"), {
    code: "challenge-artifact-ref-undeclared",
    field: "challenges[0].artifact_refs[0].key",
    message: "must reference a declared version asset",
  });
  expectDiagnostics(challenge("    artifact_refs:\n      - key: policy_pdf\n      - key: ⟦policy_pdf⟧\n"), { code: "challenge-artifact-ref-key-duplicate" });
  expectDiagnostics(challenge("    artifact_refs:\n      ⟦-⟧ {}\n"), { code: "challenge-artifact-ref-key-required" });
  const kase = (extra: string) =>
    sets(`input_sets:\n  - key: s\n    name: S\n    cases:\n      - challenge_key: refund-question\n        case_key: a\n${extra}`);
  expectDiagnostics(kase("        artifacts:\n          - key: ⟦nope⟧\n"), {
    code: "case-artifact-undeclared",
    field: "input_sets[0].cases[0].artifacts[0].key",
  });
  expectDiagnostics(kase("        artifacts:\n          - key: policy_pdf\n          - key: ⟦policy_pdf⟧\n"), { code: "case-artifact-key-duplicate" });
  expectDiagnostics(kase("        artifacts:\n          - key: ⟦''⟧\n"), { code: "case-artifact-key-required" });
  expectDiagnostics(kase("        assets:\n          - key: a\n            path: x\n          - key: ⟦a⟧\n            path: y\n"), {
    code: "case-asset-key-duplicate",
  });
  expectDiagnostics(kase("        assets:\n          ⟦-⟧ path: x\n"), { code: "case-asset-key-required" });
  expectDiagnostics(kase("        assets:\n          ⟦-⟧ key: a\n"), { code: "case-asset-path-required" });
  expectDiagnostics(pack({ challenges: "challenges: ⟦[]⟧\n" }), {
    code: "challenges-empty",
    field: "challenges",
    message: "must contain at least one challenge",
  });
});
