import { test } from "node:test";
import assert from "node:assert/strict";
import { marked, yaml } from "../helpers/fixture";
import { diagnose, expectDiagnostics, expectNo } from "../helpers/expect";
import { pack, sections } from "../helpers/packs";

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
