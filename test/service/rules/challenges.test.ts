import { test } from "node:test";
import assert from "node:assert/strict";
import { marked, yaml } from "../../helpers/fixture";
import { diagnose, expectDiagnostics, expectNo } from "../../helpers/expect";
import { pack, sections } from "../../helpers/packs";

test("challenge-key-duplicate: at the second key, the first as related", () => {
  const m = marked(
    pack({
      challenges: yaml`
        challenges:
          - key: ⟦refund-question⟧
            title: A
            category: support
            difficulty: easy
          - key: ⟦refund-question⟧
            title: B
            category: support
            difficulty: easy
      `,
    }),
  );
  const got = diagnose(m.text).filter((d) => d.code === "challenge-key-duplicate");
  assert.equal(got.length, 1);
  assert.equal(got[0].field, "challenges[1].key");
  assert.equal(got[0].message, "must be unique");
  assert.deepEqual(got[0].range, m.ranges[1]);
  assert.deepEqual(got[0].related?.[0].range, m.ranges[0]);
});

test("challenge-difficulty-invalid: on the value; valid values pass", () => {
  expectDiagnostics(
    pack({
      challenges: yaml`
        challenges:
          - key: refund-question
            title: A
            category: support
            difficulty: ⟦Easy⟧
      `,
    }),
    { code: "challenge-difficulty-invalid", field: "challenges[0].difficulty", message: "must be one of easy, medium, hard, expert" },
  );
  expectNo(pack({ challenges: sections.challenges }), "challenge-difficulty-invalid");
});

test("challenge-title-required: a missing key is reported at the item's dash", () => {
  expectDiagnostics(
    pack({
      challenges: yaml`
        challenges:
          ⟦-⟧ key: refund-question
            category: support
            difficulty: easy
      `,
    }),
    { code: "challenge-title-required", field: "challenges[0].title", message: "is required" },
  );
});

test("challenge-category-required, challenge-asset-key-required and challenge-asset-key-duplicate", () => {
  const challenge = (body: string) => pack({ challenges: `challenges:\n  - key: refund-question\n    title: T\n    difficulty: easy\n${body}` });
  expectDiagnostics(challenge('    category: ⟦""⟧\n'), { code: "challenge-category-required", field: "challenges[0].category", message: "is required" });
  expectNo(challenge("    category: support\n"), "challenge-category-required");
  expectDiagnostics(challenge("    category: c\n    assets:\n      ⟦-⟧ path: a.txt\n"), {
    code: "challenge-asset-key-required",
    field: "challenges[0].assets[0].key",
    message: "is required",
  });
  expectDiagnostics(challenge("    category: c\n    assets:\n      - key: a\n        path: a.txt\n      - key: ⟦a⟧\n        path: b.txt\n"), {
    code: "challenge-asset-key-duplicate",
    field: "challenges[0].assets[1].key",
    message: "must be unique",
  });
  expectNo(
    challenge("    category: c\n    assets:\n      - key: a\n        path: a.txt\n      - key: b\n        path: b.txt\n"),
    "challenge-asset-key-duplicate",
  );
});
