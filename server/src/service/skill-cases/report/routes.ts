import { clauseAt, findTerm, negatedAt, quote, sentenceOf, type AnswerText } from "./answer-text";

/**
 * The routes an answer gives: written out (`on_failure: skill-author`, `on_blocked → human_confirm`), or said in
 * prose ("hand off to billing-oncall and retry", "交给 billing-oncall"), and its next concrete action.
 */

/** `on_failure: skill-author` and the like, the first target per route. */
export function writtenRoutes(t: AnswerText): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of t.text.matchAll(/\b(on_[a-z][a-z_]*)\s*(?::|：|->|→|=>|=)\s*["']?([A-Za-z0-9][\w.-]*[A-Za-z0-9_]|[A-Za-z0-9])/gi)) {
    const key = m[1].toLowerCase();
    if (!out.has(key)) out.set(key, m[2]);
    if (out.size >= 50) break;
  }
  return out;
}

/** Words that stand for a route target a case file names with a code-like key. */
const TARGET_WORDS: Record<string, RegExp> = {
  finish: /\b(?:finish|finished|done|complete|completed|end)\b|完成|结束/,
  human_confirm: /\b(?:ask|confirm|confirmation|human|the user|the customer)\b|确认|人工|询问/,
  "skill-author": /\b(?:skill author|author of the skill|skill's author|skill maintainer)\b|技能作者|作者/,
  retry: /\bretr(?:y|ies|ying)\b|重试/,
};

const HANDOFF =
  /\b(?:(?:hand|pass|send|give|forward|report|escalat|route|assign|refer|email|notify|ping|page|flag|raise)\w*\b[^.;。；\n]{0,60}?\b(?:to|with|off|over)\b|handoff|escalat\w*|notif\w*|page|open\s+(?:a\s+)?ticket|file\s+(?:a\s+)?(?:ticket|bug|issue)|retry|retries|roll(?:s|ing)?\s+back|fix|repair)\b|交给|转交|上报|通知|升级|重试|回滚|修复|提交工单|反馈给/;

/** Does the answer route to `target` in prose: the target named (or its words) in a clause that does not negate it? */
export function saysRouteTo(t: AnswerText, target: string): string | undefined {
  const places = findTerm(t, target);
  const words = TARGET_WORDS[target.toLowerCase()];
  if (words) {
    for (const m of t.lower.matchAll(new RegExp(words.source, "g"))) {
      places.push({ start: m.index, end: m.index + m[0].length });
      if (places.length > 200) break;
    }
  }
  for (const p of places) if (!negatedAt(t, p.start, p.end)) return quote(t, clauseAt(t, p.start));
  return undefined;
}

/** Does the answer hand the problem to someone, or name a repair, in a clause that does not negate it? */
export function handsOff(t: AnswerText): boolean {
  return t.clauses.some((c) => {
    const m = HANDOFF.exec(c.lower);
    return !!m && !negatedAt(t, c.start + m.index, c.start + m.index + m[0].length);
  });
}

const NEXT_LABEL = /(?:^[ \t]*(?:[-*][ \t]+)?|[.。;；!！][ \t]*)(?:next[ _]action|next step|下一步(?:行动)?)[ \t]*[:：][ \t]*(\S.*)$/im;

/**
 * The next concrete action: a "Next action:" line; in a failure case the repair or handoff the answer names (else
 * empty); in an answer that asks, the asking clause; else the plan's first step.
 */
export function nextAction(t: AnswerText, type: string, ask: string | undefined): string {
  const label = NEXT_LABEL.exec(t.text);
  if (label) return oneLine(label[1]);
  if (type === "failure") {
    for (const c of t.clauses) {
      const m = HANDOFF.exec(c.lower);
      if (m && !negatedAt(t, c.start + m.index, c.start + m.index + m[0].length)) return quote(t, sentenceOf(t, c), 160);
    }
    return "";
  }
  if (ask) return ask.replace(/[.。]$/, "");
  if (type === "trigger") return "";
  const step = t.text.split("\n").find((l) => /^\s*(?:[-*+]|\d+[.)])\s+\S/.test(l));
  if (step) return oneLine(step.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, ""));
  const first = /(?:^|[.;!?。；：:\n]\s*)(?:(?:first(?:ly)?|to start)\b|首先|第一步)[,，:：]?\s*([^.;。；\n]+)/i.exec(t.text);
  return first ? oneLine(first[1].replace(/,?\s*(?:and\s+)?then\b.*$/i, "").replace(/[,，]?\s*然后.*$/, "")) : "";
}

function oneLine(s: string): string {
  return s
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.。]$/, "")
    .slice(0, 160);
}
