import { join } from "node:path";
import { confusion, confusionTable, labelledJudge, loadCorpus, scoreCorpus, skillModels } from "../test/helpers/verdict-corpus";

/**
 * The Skill Testing verdicts on the labelled corpora (test/fixtures/skill-verdicts and its held-out set): the
 * confusion matrix expected × actual without a judge, and with a scripted judge that answers each question the way
 * the label implies (what the checks give when the judge is right).
 */
export function measureSkillVerdicts(root: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of ["skill-verdicts", "skill-verdicts-heldout", "skill-verdicts-probes"]) {
    const dir = join(root, "test", "fixtures", name);
    const entries = loadCorpus(dir);
    const models = skillModels(dir);
    const plain = scoreCorpus(entries, models);
    const judged = scoreCorpus(entries, models, labelledJudge);
    console.log(`\n${name}: ${entries.length} labelled answers, without a judge:\n${confusionTable(plain)}\nwith a scripted judge:\n${confusionTable(judged)}`);
    out[name] = { answers: entries.length, withoutJudge: confusion(plain), withScriptedJudge: confusion(judged) };
  }
  return out;
}
