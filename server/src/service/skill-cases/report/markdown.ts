import type { CaseScore } from "./score";
import type { SuiteReport } from "./suite-report";

/** The "Skill Test Report" in the skill's documented Markdown structure. */
export function reportMarkdown(r: SuiteReport): string {
  const out: string[] = [
    "## Skill Test Report",
    "",
    `- Skill: ${r.skill || "(unnamed)"}`,
    `- Cases: ${r.cases.length}`,
    `- Passed: ${r.passed}`,
    `- Review: ${r.review}`,
    `- Failed: ${r.failed}`,
    `- Overall: ${r.overall}`,
    `- Responses: ${r.responses}`,
    ...(r.rawResponses !== undefined ? [`- Raw Responses: ${r.rawResponses}`] : []),
    `- Response Source: ${r.responseSource}`,
    ...(r.runs > 1 ? [`- Runs per case: ${r.runs} (a case counts as its worst run)`] : []),
    ...(r.judges.length ? [`- Judge: ${r.judges.join("; ")}`] : []),
    ...(r.responseSource === "current-agent-fallback"
      ? ["- Note: the responses were written by the current agent, not captured from isolated sub-agents; they are not black-box samples."]
      : []),
    "",
    "| Case | Type | Score | Result | Key Findings |",
    "|---|---|---:|---|---|",
    ...r.cases.map((c) => `| ${cell(c.id || "(no id)")} | ${cell(c.type)} | ${c.score} | ${c.result} | ${cell(keyFindings(c))} |`),
    "",
  ];
  if (r.caseFileErrors.length) {
    out.push("## Case File Errors", "", ...r.caseFileErrors.map((e) => `- ${e}`), "");
  }
  out.push("## Failures", "");
  const failures = r.cases
    .filter((c) => c.result !== "PASS")
    .flatMap((c) => c.findings.filter((f) => f.kind !== "note").map((f) => `- ${c.id || "(no id)"}: ${f.text}`));
  if (r.cases.length === 0) failures.push("- the case file has no cases");
  if (r.caseFileErrors.length) failures.push(`- the case file has ${r.caseFileErrors.length} error${r.caseFileErrors.length === 1 ? "" : "s"} (above)`);
  out.push(...(failures.length ? failures : ["- None"]), "", "## Next Actions", "");
  const actions = [...new Set(r.cases.filter((c) => c.result !== "PASS").flatMap((c) => c.findings.map((f) => f.action).filter((a): a is string => !!a)))];
  if (r.cases.length === 0) actions.push("Add cases to tests/skill_cases.yaml: at least one positive and one negative trigger case");
  if (r.caseFileErrors.length) actions.unshift("Fix the case file errors above, then run the test again");
  out.push(...(actions.length ? actions.map((a) => `- ${a}`) : ["- None: every case passed."]), "");
  const judged = r.cases.flatMap((c) => c.judged.map((j) => `| ${cell(c.id || "(no id)")} | ${cell(j.question)} | ${j.answer} |`));
  if (judged.length) out.push("## Judged Checks", "", "| Case | Question | Judge |", "|---|---|---|", ...judged, "");
  return out.join("\n");
}

function keyFindings(c: CaseScore): string {
  const problems = c.findings.filter((f) => f.kind !== "note").map((f) => f.text);
  const notes = c.findings.filter((f) => f.kind === "note").map((f) => f.text);
  return [...(problems.length ? problems : [c.summary]), ...notes].join("; ");
}

function cell(s: string): string {
  return s.replace(/\r?\n/g, " ").replace(/\|/g, "\\|");
}
