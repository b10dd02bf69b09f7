import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { CORPUS, confusion, confusionTable, labelledJudge, loadCorpus, scoreCorpus, skillModels } from "../helpers/verdict-corpus";

/**
 * The labelled corpora of raw answers (test/fixtures/skill-verdicts and skill-verdicts-heldout, each written blind
 * from the Skill Testing rules by a different author, and skill-verdicts-probes, adversarial wordings): English and Chinese, all five case types. The scorer must
 * never PASS an answer the rules do not pass, with or without a judge.
 */

for (const dir of [CORPUS, join(CORPUS, "..", "skill-verdicts-heldout"), join(CORPUS, "..", "skill-verdicts-probes")]) {
  const name = dir.split(/[\\/]/).pop()!;
  const entries = loadCorpus(dir);
  const models = skillModels(dir);

  test(`${name}: the corpus is broad (both languages, five case types, at least 60 answers)`, () => {
    assert.ok(entries.length >= 60, `${entries.length} answers`);
    for (const lang of ["en", "zh"]) assert.ok(entries.filter((e) => e.lang === lang).length >= 30, lang);
    const types = new Set(entries.map((e) => models.get(e.skill)!.suite.cases.find((c) => c.id === e.case)!.type));
    assert.deepEqual([...types].sort(), ["contract", "edge", "failure", "plan", "trigger"]);
  });

  test(`${name}: no false PASS without a judge`, () => {
    const scored = scoreCorpus(entries, models);
    const falsePass = scored.filter((s) => s.actual === "PASS" && s.expected !== "PASS");
    assert.deepEqual(
      falsePass.map((s) => `${s.id} (${s.expected}): ${s.reason}`),
      [],
      confusionTable(scored),
    );
  });

  test(`${name}: no false PASS with a judge, and a right judge settles what the rules leave undecided`, () => {
    const scored = scoreCorpus(entries, models, labelledJudge);
    const falsePass = scored.filter((s) => s.actual === "PASS" && s.expected !== "PASS");
    assert.deepEqual(
      falsePass.map((s) => `${s.id} (${s.expected})`),
      [],
      confusionTable(scored),
    );
    const m = confusion(scored);
    assert.equal(m.PASS.REVIEW + m.FAIL.REVIEW, 0, `a right judge leaves nothing labelled PASS or FAIL at REVIEW\n${confusionTable(scored)}`);
  });
}
