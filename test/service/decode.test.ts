import { test } from "node:test";
import assert from "node:assert/strict";
import { yaml } from "../helpers/fixture";
import { diagnose, expectDiagnostics, expectValid } from "../helpers/expect";
import { pack } from "../helpers/packs";
import { buildPackModel } from "../../server/src/service/pack";
import { resolvePlain, resolveTagged } from "../../server/src/service/model/scalars";

test("bundle-empty: empty, whitespace-only and comment-only documents", () => {
  for (const text of ["", "  \n\t\n", "# only a comment\n"]) {
    const d = diagnose(text);
    assert.deepEqual(
      d.map((x) => [x.code, x.field, x.message]),
      [["bundle-empty", "bundle", "is required"]],
    );
  }
});

test("yaml-syntax: every syntax error is reported, with a range, and no crash", () => {
  const d = diagnose("pack:\n  slug: [a, b\n  name: x\nversion: {number: 1\nchallenges:\n\t- key: x\n");
  const syntax = d.filter((x) => x.code === "yaml-syntax");
  assert.ok(syntax.length >= 2, JSON.stringify(syntax));
  for (const s of syntax) assert.equal(s.field, null);
});

test("yaml-type-mismatch: the key, what it must be and what it is, at the value; no Go type names", () => {
  expectDiagnostics(pack({ version: "version:\n  number: ⟦abc⟧\n" }), {
    code: "yaml-type-mismatch",
    field: null,
    message: "version.number: expected a whole number from -2147483648 to 2147483647, got a string (`abc`)",
  });
  expectDiagnostics(pack({ head: "pack:\n  slug: ⟦[a, b]⟧\n  name: N\n  family: f\n" }), {
    code: "yaml-type-mismatch",
    message: "pack.slug: expected a string, got a list",
  });
  expectDiagnostics(pack({ head: "pack: ⟦a-long-string-value⟧\n" }), {
    code: "yaml-type-mismatch",
    message: "pack: expected a mapping, got a string (`a-long-...`)",
  });
  // The value that failed is not reported again by a validation rule.
  assert.equal(diagnose(pack({ version: "version:\n  number: abc\n" })).filter((d) => d.code === "version-number-positive").length, 0);
});

test("yaml coercions follow yaml.v3: quoted digits are not ints, yes is a bool only in bool fields, 010 is octal", () => {
  expectDiagnostics(pack({ version: 'version:\n  number: ⟦"1"⟧\n' }), {
    code: "yaml-type-mismatch",
    message: "version.number: expected a whole number from -2147483648 to 2147483647, got a string (`1`)",
  });
  expectValid(pack({ version: "version:\n  number: 010\n" }));
  const m = buildPackModel(pack({ version: "version:\n  number: 0x10\n" }));
  assert.equal(m.bundle.version.number, 16);
  expectValid(pack({ head: "pack:\n  slug: yes\n  name: 1.0\n  family: 2024-01-01\n" }));
  assert.equal(buildPackModel(pack({ head: "pack:\n  slug: yes\n  name: 1.0\n  family: f\n" })).bundle.pack.name, "1.0");
});

test("floats yaml.v3's ParseFloat rejects stay strings: past float64's range, or stray underscores after a leading dot", () => {
  for (const text of ["1e400", "-1e400", "+1E999", ".5e400", "1_0e400", "1" + "0".repeat(400)]) {
    assert.deepEqual(resolvePlain(text), { tag: "!!str", value: text }, text);
  }
  assert.deepEqual(resolvePlain("1e308"), { tag: "!!float", value: 1e308 });
  assert.deepEqual(resolvePlain("-1.5e-400"), { tag: "!!float", value: -0 }); // underflow is no error in Go
  assert.deepEqual(resolvePlain(".inf"), { tag: "!!float", value: Infinity });
  assert.equal(resolveTagged("!!float", "1e400"), undefined);
  // Text starting with "." is parsed as written: an underscore must stand between two digits.
  for (const text of ["._5", ".5_", ".5__5"]) assert.deepEqual(resolvePlain(text), { tag: "!!str", value: text }, text);
  assert.deepEqual(resolvePlain(".5_5"), { tag: "!!float", value: 0.55 });
  assert.deepEqual(resolvePlain("1_0.5"), { tag: "!!float", value: 10.5 });
  expectDiagnostics(pack({ version: "version:\n  number: ⟦1e400⟧\n" }), {
    code: "yaml-type-mismatch",
    message: "version.number: expected a whole number from -2147483648 to 2147483647, got a string (`1e400`)",
  });
});

test("yaml-duplicate-key: at the second key, related at the first", () => {
  const [d] = expectDiagnostics(pack({ head: "pack:\n  slug: a\n  name: N\n  family: f\n  ⟦slug⟧: b\n" }), {
    code: "yaml-duplicate-key",
    field: null,
    message: 'mapping key "slug" already defined at line 2',
  });
  assert.equal(d.related?.[0].range.start.line, 1);
});

test("yaml-invalid-uuid: artifact_id must be a UUID in one of google/uuid's forms", () => {
  const asset = (id: string) => pack({ version: `version:\n  number: 1\n  assets:\n    - key: a\n      path: p\n      artifact_id: ${id}\n` });
  expectDiagnostics(asset("⟦not-a-uuid⟧"), { code: "yaml-invalid-uuid", message: "invalid UUID length: 10" });
  expectDiagnostics(asset('⟦""⟧'), { code: "yaml-invalid-uuid", message: "invalid UUID length: 0" });
  expectDiagnostics(asset("⟦zzzzzzzz-0000-0000-0000-000000000000⟧"), { code: "yaml-invalid-uuid", message: "invalid UUID format" });
  for (const ok of [
    "123e4567-e89b-12d3-a456-426614174000",
    "123e4567e89b12d3a456426614174000",
    "urn:uuid:123e4567-e89b-12d3-a456-426614174000",
    "'{123e4567-e89b-12d3-a456-426614174000}'",
    "~",
  ]) {
    expectValid(asset(ok));
  }
});

test("null list elements are dropped, so later indexes shift as in the reference", () => {
  const d = diagnose(pack({ challenges: "challenges:\n  -\n  - key: x\n    title: T\n    category: c\n    difficulty: nope\n" }));
  assert.ok(
    d.some((x) => x.field === "challenges[0].difficulty"),
    JSON.stringify(d.map((x) => x.field)),
  );
});

test("anchors, aliases and merge keys work; explicit keys win over merged ones", () => {
  const text = yaml`
    pack: &p
      slug: s
      name: N
      family: f
    version:
      number: 1
      evaluation_spec:
        name: e
        version_number: 1
        judge_mode: deterministic
        validators:
          - key: v
            type: exact_match
            target: final_output
            expected_from: challenge_input
        scorecard:
          dimensions: [correctness]
    challenges:
      - &base
        key: a
        title: A
        category: c
        difficulty: easy
      - <<: *base
        key: b
    input_sets: []
  `;
  const m = buildPackModel(text);
  assert.deepEqual(
    m.bundle.challenges.map((c) => [c.key, c.title]),
    [
      ["a", "A"],
      ["b", "A"],
    ],
  );
  assert.deepEqual(
    diagnose(text).filter((d) => d.severity === "error"),
    [],
  );
});

test("yaml-decode-fatal: unknown anchors, self-containing anchors and alias bombs, all bounded", () => {
  assert.equal(diagnose("pack: *nope\n").find((d) => d.code === "yaml-decode-fatal")?.message, "unknown anchor 'nope' referenced");
  assert.match(diagnose("challenges: &a\n  - *a\n").find((d) => d.code === "yaml-decode-fatal")?.message ?? "", /contains itself/);
  const lines = ['a0: &a0 ["x","x","x","x","x","x","x","x","x"]'];
  for (let i = 1; i < 10; i++)
    lines.push(
      `a${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(",")}]`,
    );
  lines.push("pack:\n  description: *a9");
  const bomb = `version:\n  evaluation_spec:\n    x:\n${lines.map((l) => "      " + l.replace(/\n/g, "\n      ")).join("\n")}\n`;
  // The guard itself is the bound: without it the expansion (9^10 nodes) would not finish.
  const d = diagnose(bomb);
  assert.equal(d.find((x) => x.code === "yaml-decode-fatal")?.message, "document contains excessive aliasing");
});

test("positions are UTF-16 code units, with CRLF line endings", () => {
  const text = pack({ challenges: 'challenges:\r\n  - key: "🦊 狐"\r\n    title: T\r\n    category: c\r\n    difficulty: ⟦nope⟧\r\n' });
  expectDiagnostics(text, { code: "challenge-difficulty-invalid" });
  const clean = text.replace(/[⟦⟧]/g, "");
  const d = diagnose(clean).find((x) => x.code === "challenge-difficulty-invalid")!;
  const line = clean.split(/\r?\n/)[d.range.start.line];
  assert.equal(line.slice(d.range.start.character, d.range.end.character), "nope");
  const emoji = diagnose(pack({ challenges: 'challenges:\n  - key: x\n    title: "🦊🦊"\n    category: c\n    difficulty: 😀\n' })).find(
    (x) => x.code === "challenge-difficulty-invalid",
  )!;
  assert.deepEqual([emoji.range.start.character, emoji.range.end.character], [16, 18]);
});

test("unknown-key: a warning with did-you-mean, never an error", () => {
  const [d] = expectDiagnostics(pack({ challenges: "challenges:\n  - key: x\n    ⟦titel⟧: T\n    title: T\n    category: c\n    difficulty: easy\n" }), {
    code: "unknown-key",
    severity: "warning",
    message: 'Unknown key "titel" (did you mean "title"?); AgentClash ignores it.',
  });
  assert.deepEqual(d.data?.suggestions, ["title"]);
});

test("legacy items and item_key give deprecation hints, not errors", () => {
  const text = pack({ inputSets: "input_sets:\n  - key: s\n    name: S\n    ⟦items⟧:\n      - challenge_key: refund-question\n        item_key: a\n" });
  const [d] = expectDiagnostics(text, { code: "legacy-items", severity: "hint", field: "input_sets[0].items" });
  assert.deepEqual(d.tags, [2]);
  expectDiagnostics(pack({ inputSets: "input_sets:\n  - key: s\n    name: S\n    cases:\n      - challenge_key: refund-question\n        ⟦item_key⟧: a\n" }), {
    code: "legacy-item-key",
    severity: "hint",
  });
});

test("unknown-key: a top-level key written under version says so", () => {
  expectDiagnostics(pack({ version: "version:\n  number: 1\n  ⟦security⟧:\n    planted_secrets: []\n" }), {
    code: "unknown-key",
    message: 'Unknown key "security" here ("security" is a top-level key); AgentClash ignores it.',
  });
});
