import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPackModel, packDiagnostics } from "../../server/src/service/pack";
import { buildSkillModel, documentDiagnostics, emptyHost } from "../../server/src/service/skill-cases";
import { MAX_FINDINGS } from "../../server/src/service/diagnostics";
import { pack } from "../helpers/packs";

/** `n` unknown top-level keys: one warning each. */
const unknownKeys = (n: number) => Array.from({ length: n }, (_, i) => `zz_unknown_${i}: 1`).join("\n");

test("a pack with more than 1,000 findings gets 1,000 and one too-many-findings that counts the rest", () => {
  const text = pack({ extra: unknownKeys(MAX_FINDINGS + 250) });
  const d = packDiagnostics(buildPackModel(text));
  assert.equal(d.length, MAX_FINDINGS + 1);
  const more = d.filter((x) => x.code === "too-many-findings");
  assert.equal(more.length, 1);
  assert.equal(more[0].severity, "warning");
  assert.equal(more[0].message, "… and 250 more (250 warnings): packlint reports 1,000 per file; fix these and check again");
  // What is left out is the end of the text: the first left-out key is where the finding stands.
  const lines = text.split("\n");
  assert.equal(lines[more[0].range.start.line], `zz_unknown_${MAX_FINDINGS}: 1`);
});

test("the cap keeps errors before warnings: an error after 1,200 warnings is still reported, and the verdict fails", () => {
  const text = pack({ extra: unknownKeys(1_200) }).replace("execution_mode: native", "execution_mode: nativ") + "challenges: 5\n";
  const d = packDiagnostics(buildPackModel(text));
  assert.equal(d.length, MAX_FINDINGS + 1);
  const errors = d.filter((x) => x.severity === "error").map((x) => x.code);
  assert.ok(errors.length >= 1, "the errors are kept");
  assert.ok(!errors.includes("too-many-findings"), "only warnings were left out, so the count is a warning");
});

test("no cap below the limit: exactly 1,000 findings stay as they are", () => {
  const base = packDiagnostics(buildPackModel(pack({}))).length;
  const d = packDiagnostics(buildPackModel(pack({ extra: unknownKeys(MAX_FINDINGS - base) })));
  assert.equal(d.length, MAX_FINDINGS);
  assert.ok(!d.some((x) => x.code === "too-many-findings"));
});

test("a Skill case file's findings are capped the same way", () => {
  let text = "version: 1\nskill:\n  name: x\n";
  for (let i = 0; i < 1_500; i++) text += `k${i}: 1\n`;
  const d = documentDiagnostics(buildSkillModel(text, "untitled:skill_cases.yaml", emptyHost));
  assert.equal(d.length, MAX_FINDINGS + 1);
  assert.equal(d.filter((x) => x.code === "too-many-findings").length, 1);
});
