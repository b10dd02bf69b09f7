import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { URI } from "vscode-uri";
import { parse } from "yaml";
import { buildSkillModel, readCaseAnswer, scoreCase, suiteKnowledge, type SkillModel } from "../../server/src/service/skill-cases";
import type { JudgeAnswer } from "../../server/src/service/skill-cases";
import { ConfinedFiles } from "../../server/src/workspace/confined-files";
import { confinedSkillHost } from "../../server/src/workspace/skill-host";

/** The labelled raw answers of test/fixtures/skill-verdicts (see its README), scored as `packlint skill report` scores them. */

export const CORPUS = join(__dirname, "..", "..", "..", "test", "fixtures", "skill-verdicts");

export type Verdict = "PASS" | "REVIEW" | "FAIL";

export interface Labelled {
  id: string;
  skill: string;
  case: string;
  lang: string;
  class: string;
  expected: Verdict;
  judge_needed: boolean;
  reason: string;
  raw: string;
}

export interface Scored extends Labelled {
  actual: Verdict;
  score: number;
  findings: string[];
}

/** A judge's answer to one question about one labelled answer; undefined leaves the question undecided. */
export type ScriptedJudge = (entry: Labelled, question: { text: string; meets: "YES" | "NO" }) => JudgeAnswer | undefined;

/** A corpus file is a list of entries, or `{entries: [...]}`. */
export function loadCorpus(dir = CORPUS): Labelled[] {
  const data = parse(readFileSync(join(dir, "corpus.yaml"), "utf8")) as Labelled[] | { entries: Labelled[] };
  return Array.isArray(data) ? data : data.entries;
}

/** The model of every Skill in the corpus that has a case file. */
export function skillModels(dir = CORPUS): Map<string, SkillModel> {
  const models = new Map<string, SkillModel>();
  const host = confinedSkillHost(new ConfinedFiles([join(dir, "skills")]));
  for (const skill of readdirSync(join(dir, "skills")).filter((s) => existsSync(join(dir, "skills", s, "tests", "skill_cases.yaml")))) {
    const file = join(dir, "skills", skill, "tests", "skill_cases.yaml");
    models.set(skill, buildSkillModel(readFileSync(file, "utf8"), URI.file(file).toString(), host));
  }
  return models;
}

/** Every entry's verdict, without a judge or with a scripted one. */
export function scoreCorpus(entries: Labelled[], models: Map<string, SkillModel>, judge?: ScriptedJudge): Scored[] {
  return entries.map((e) => {
    const model = models.get(e.skill);
    if (!model) throw new Error(`${e.id}: no Skill ${e.skill}`);
    const c = model.suite.cases.find((x) => x.id === e.case);
    if (!c) throw new Error(`${e.id}: no case ${e.case} in ${e.skill}`);
    const knowledge = suiteKnowledge(model.suite, model.location, model.host);
    let questions: { text: string; meets: "YES" | "NO" }[] = [];
    const first = readCaseAnswer(c, e.raw, knowledge);
    questions = first.checks.flatMap((x) => (x.question ? [x.question] : []));
    const reading = judge
      ? readCaseAnswer(c, e.raw, knowledge, (prompt) => {
          const q = questions.find((x) => prompt.includes(`Question: ${x.text}\n`));
          const answer = q && judge(e, q);
          return answer && { answer, by: "scripted judge" };
        })
      : first;
    const s = scoreCase(c, reading);
    return { ...e, actual: s.result, score: s.score, findings: s.findings.filter((f) => f.kind !== "note").map((f) => f.text) };
  });
}

/**
 * The scripted judge of the benchmark: it knows each answer's label, and answers every question the way a perfect
 * reader of the rules would reach that label (each question says which answer meets its check): the meeting answer
 * for a PASS, the other for a FAIL, UNSURE for a REVIEW. It shows what the checks give with a judge that is right;
 * a real judge is the user's LLM command.
 */
export const labelledJudge: ScriptedJudge = (entry, q) => {
  if (entry.expected === "REVIEW") return "UNSURE";
  const other = q.meets === "YES" ? "NO" : "YES";
  return entry.expected === "PASS" ? q.meets : other;
};

/** Rows expected × actual, as counts. */
export function confusion(scored: Scored[]): Record<Verdict, Record<Verdict, number>> {
  const m = { PASS: { PASS: 0, REVIEW: 0, FAIL: 0 }, REVIEW: { PASS: 0, REVIEW: 0, FAIL: 0 }, FAIL: { PASS: 0, REVIEW: 0, FAIL: 0 } };
  for (const s of scored) m[s.expected][s.actual]++;
  return m;
}

export function confusionTable(scored: Scored[]): string {
  const m = confusion(scored);
  const rows = (["PASS", "REVIEW", "FAIL"] as Verdict[]).map((e) => `| ${e} | ${m[e].PASS} | ${m[e].REVIEW} | ${m[e].FAIL} |`);
  return ["| expected \\ actual | PASS | REVIEW | FAIL |", "|---|---:|---:|---:|", ...rows].join("\n");
}
