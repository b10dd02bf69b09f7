import type { SkillCase, SkillSuite } from "./suite";

/** The dry-run restrictions, word for word from the Skill Testing skill. They always end the prompt. */
export const TRIGGER_RESTRICTION = "Do not actually execute tools or modify files. Only output the name of the skill you select along with a brief reason.";
export const PLAN_RESTRICTION = "Do not execute any tools or modify files in reality; output only your plan.";

/**
 * One case's dry-run prompt, as the skill documents it: for `trigger`, "If the user's query is: ${query}, which
 * skill will you use to handle it?"; for the other types, "…, what steps will you take?". `inputs.files` and
 * `inputs.context` follow as test context when present; the dry-run restriction stays last.
 */
export function buildPrompt(c: Pick<SkillCase, "type" | "query" | "inputs">): string {
  const trigger = c.type === "trigger";
  const lines = [
    trigger ? `If the user's query is: ${c.query}, which skill will you use to handle it?` : `If the user's query is: ${c.query}, what steps will you take?`,
  ];
  const context = testContext(c.inputs);
  if (context.length) lines.push(...context);
  lines.push(trigger ? TRIGGER_RESTRICTION : PLAN_RESTRICTION);
  return lines.join("\n");
}

function testContext(inputs: SkillCase["inputs"]): string[] {
  const files = inputs.files;
  const keys = Object.keys(inputs.context);
  if (files.length === 0 && keys.length === 0) return [];
  const out = ["Test context:"];
  if (files.length) out.push(`- Files: ${files.join(", ")}`);
  for (const k of keys) out.push(`- ${k}: ${show(inputs.context[k])}`);
  return out;
}

function show(v: unknown): string {
  return typeof v === "string" ? v : JSON.stringify(v);
}

export interface CasePrompt {
  id: string;
  type: string;
  title: string;
  prompt: string;
}

export function buildPrompts(suite: SkillSuite): CasePrompt[] {
  return suite.cases.map((c) => ({ id: c.id, type: c.type, title: c.title, prompt: buildPrompt(c) }));
}

export function promptsJson(suite: SkillSuite): string {
  return JSON.stringify({ skill: suite.skill.name, mode: suite.defaults.mode, prompts: buildPrompts(suite) }, null, 2) + "\n";
}

export function promptsMarkdown(suite: SkillSuite): string {
  let out = `# Dry-run prompts: ${suite.skill.name || "(unnamed skill)"}\n`;
  for (const p of buildPrompts(suite)) {
    const fence = "`".repeat(Math.max(3, longestRun(p.prompt, "`") + 1));
    out += `\n## ${p.id || "(no id)"} (${p.type || "no type"})${p.title ? `: ${p.title}` : ""}\n\n${fence}text\n${p.prompt}\n${fence}\n`;
  }
  return out;
}

function longestRun(s: string, ch: string): number {
  let best = 0;
  let run = 0;
  for (const c of s) {
    run = c === ch ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}
