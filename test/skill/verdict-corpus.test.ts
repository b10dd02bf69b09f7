import { test } from "node:test";
import assert from "node:assert/strict";
import { confusion, confusionTable, labelledJudge, loadCorpus, scoreCorpus, skillModels } from "../helpers/verdict-corpus";

/**
 * The labelled corpus of raw answers (test/fixtures/skill-verdicts): written blind from the Skill Testing rules,
 * English and Chinese, all five case types. The scorer must never PASS an answer the rules do not pass.
 */

const entries = loadCorpus();
const models = skillModels();

test("verdict corpus: the corpus is broad (both languages, five case types, at least 60 answers)", () => {
  assert.ok(entries.length >= 60, `${entries.length} answers`);
  for (const lang of ["en", "zh"]) assert.ok(entries.filter((e) => e.lang === lang).length >= 30, lang);
  const types = new Set(entries.map((e) => e.case.replace(/_\d+$/, "")));
  assert.deepEqual([...types].sort(), ["contract", "edge", "failure", "plan", "trigger"]);
});

test("verdict corpus: no false PASS without a judge, and every undecided case is at most REVIEW", () => {
  const scored = scoreCorpus(entries, models);
  const falsePass = scored.filter((s) => s.actual === "PASS" && s.expected !== "PASS");
  assert.deepEqual(
    falsePass.map((s) => `${s.id} (${s.expected}): ${s.reason}`),
    [],
    confusionTable(scored),
  );
});

test("verdict corpus: no false PASS with a judge, and a right judge settles the judgement cases", () => {
  const scored = scoreCorpus(entries, models, labelledJudge);
  const falsePass = scored.filter((s) => s.actual === "PASS" && s.expected !== "PASS");
  assert.deepEqual(
    falsePass.map((s) => `${s.id} (${s.expected})`),
    [],
    confusionTable(scored),
  );
  const m = confusion(scored);
  assert.ok(m.PASS.PASS >= m.PASS.REVIEW + m.PASS.FAIL, confusionTable(scored));
});
