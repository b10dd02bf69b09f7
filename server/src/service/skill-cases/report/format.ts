import type { SkillCase, SkillSuite } from "../suite";
import { executionClaim, NEGATION, negated, occurrences } from "./cues";

/**
 * The Response Formatting Contract of the Skill Testing skill: a raw dry-run answer (plain prose, English or
 * Chinese) normalized into the header and sections the scorer reads. Deterministic, and it never invents: every
 * field comes from the answer's own words; what cannot be told stays empty (or UNKNOWN for the status).
 */

export type Status = "PASS" | "FAIL" | "BLOCKED" | "NEEDS_CONFIRMATION" | "UNKNOWN";

export interface FormattedFields {
  selected_skill: string;
  status: Status;
  artifacts: string[];
  routing: [string, string][];
  next_action: string;
  summary: string;
  plan: string[];
  evidence: { must_include: string; must_not_include: string; artifacts: string; routing: string };
}

/** The formatted response file for one case's raw answer. */
export function formatResponse(raw: string, c: SkillCase, suite: SkillSuite): string {
  return renderResponse(extractFields(raw, c, suite), raw);
}

export function renderResponse(f: FormattedFields, raw: string): string {
  const plan = f.plan.map((s, i) => `${i + 1}. ${s}`);
  const lines = [
    `selected_skill:${f.selected_skill ? " " + f.selected_skill : ""}`,
    `status: ${f.status}`,
    "artifacts:",
    ...f.artifacts.map((a) => `- ${a}`),
    "routing:",
    ...f.routing.map(([k, v]) => `- ${k}: ${v}`),
    `next_action:${f.next_action ? " " + f.next_action : ""}`,
    "",
    "## Summary",
    ...(f.summary ? [f.summary] : []),
    "",
    "## Plan Or Decision",
    ...plan,
    "",
    "## Contract Evidence",
    `- must_include: ${f.evidence.must_include}`,
    `- must_not_include: ${f.evidence.must_not_include}`,
    `- artifacts: ${f.evidence.artifacts}`,
    `- routing: ${f.evidence.routing}`,
    "",
    "## Raw Response",
  ];
  const body = raw.replace(/^\uFEFF/, "");
  return lines.join("\n") + "\n" + body + (body === "" || body.endsWith("\n") ? "" : "\n");
}

/** Answers are read up to this many characters (a dry-run answer is short); Raw Response still keeps all of it. */
export const MAX_ANALYZED = 256 * 1024;

export function extractFields(raw: string, c: SkillCase, suite: SkillSuite): FormattedFields {
  const text = plainText(raw.slice(0, MAX_ANALYZED));
  const names = knownNames(suite);
  const selected = selectedSkill(text, names);
  const claim = executionClaim(text);
  const steps = planSteps(text);
  const status = statusOf(text, c.type, selected, steps, claim);
  const artifacts = artifactsOf(text, suite);
  const routing = routesOf(text);
  return {
    selected_skill: selected,
    status,
    artifacts,
    routing,
    next_action: nextAction(text, c.type, status, steps),
    summary: joinSentences(sentences(text).slice(0, 2)),
    plan: decisionLine(c.type, selected, text).concat(steps),
    evidence: {
      must_include: includeEvidence(text, c.expected.must_include),
      must_not_include: excludeEvidence(text, c.expected.must_not_include, claim),
      artifacts: artifacts.join(", ") || "none named",
      routing: routing.map(([k, v]) => `${k}: ${v}`).join(", ") || "none named",
    },
  };
}

/** The answer without Markdown emphasis (`**x**`, `__x__`) and with one kind of line ending; backticks stay. */
function plainText(raw: string): string {
  return raw
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .replace(/\*\*|__/g, "");
}

/** Every Skill name the case file knows: `skill.name`, and each case's `should_use` and `should_not_use`. */
export function knownNames(suite: SkillSuite): string[] {
  const all = [suite.skill.name, ...suite.cases.flatMap((c) => [c.expected.skill.should_use, ...c.expected.skill.should_not_use])];
  const seen = new Map<string, string>();
  for (const n of all.map((s) => s.trim()).filter(Boolean)) if (!seen.has(n.toLowerCase())) seen.set(n.toLowerCase(), n);
  // Longest first, so that a name that is a prefix of another does not claim its mentions.
  return [...seen.values()].sort((a, b) => b.length - a.length);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Not part of a longer name. */
const EDGE_BEFORE = "(?<![A-Za-z0-9_-])";
const EDGE_AFTER = "(?![A-Za-z0-9_-])";
const QUOTE_OPEN = "[`'\"“‘「『]?";
const QUOTE_CLOSE = "[`'\"”’」』]?";
/** Clause boundaries: where a negation stops applying. */
const CLAUSE = /[.!?。！？;；,，:：\n]/;

/** How far a clause reaches from a mention: negation cues are close to what they negate. */
const CLAUSE_REACH = 120;

/**
 * The clause around [start, end): from the boundary before to the boundary after ("1042." ends one, "x.md" does
 * not), at most CLAUSE_REACH characters either side.
 */
function clauseAround(text: string, start: number, end: number): { before: string; after: string } {
  const boundary = (i: number) => CLAUSE.test(text[i]) && !/\w/.test(text[i + 1] ?? "");
  let s = start;
  while (s > 0 && start - s < CLAUSE_REACH && !boundary(s - 1)) s--;
  let e = end;
  while (e < text.length && e - end < CLAUSE_REACH && !boundary(e)) e++;
  return { before: text.slice(s, start), after: text.slice(end, e) };
}

/**
 * The Skill the answer selects, by explicit naming only: "use X" / "I'll use X" / "I would use the X skill" /
 * "select X", "选择 X" / "使用 X", "X 技能", a `backticked` name, a "Skill: X" line, or an answer that opens
 * with the name (a trigger answer "X — because …"). Negated mentions ("I would not use X", "不使用 X") do not count.
 * The first selection in the text wins; a name the case file does not know is never selected.
 */
export function selectedSkill(text: string, names: string[]): string {
  let best: { at: number; name: string } | undefined;
  const consider = (at: number, name: string) => {
    if (!best || at < best.at) best = { at, name };
  };
  for (const name of names) {
    const n = escape(name);
    const verb = new RegExp(
      `\\b(?:use|uses|using|used|select|selects|selecting|selected|choose|chooses|choosing|chose|pick|picks|picking|invoke|invoking|go with|going with)\\s+(?:the\\s+)?${QUOTE_OPEN}${n}${QUOTE_CLOSE}${EDGE_AFTER}` +
        `|\\bwith\\s+(?:the\\s+)?${QUOTE_OPEN}${n}${QUOTE_CLOSE}(?:\\s+skill)?(?=\\s*[,:：]|\\s+(?:I|we)\\b)` +
        `|(?:使用|选择|选用|调用|采用|启用)\\s*(?:的是)?\\s*${QUOTE_OPEN}${n}${QUOTE_CLOSE}${EDGE_AFTER}`,
      "gi",
    );
    const v = firstMention(text, verb, (m) => !NEGATION.test(clauseAround(text, m.index, m.index + m[0].length).before));
    if (v) consider(v.index, name);
    const noun = new RegExp(
      `${EDGE_BEFORE}${QUOTE_OPEN}${n}${QUOTE_CLOSE}\\s*技能` +
        `|\`${n}\`` +
        `|^[ \\t]*(?:[-*][ \\t]+)?(?:selected[_ ]skill|skill|技能|选择的技能)[ \\t]*[:：][ \\t]*${QUOTE_OPEN}${n}${QUOTE_CLOSE}${EDGE_AFTER}`,
      "gimu",
    );
    const w = firstMention(text, noun, (m) => {
      const { before, after } = clauseAround(text, m.index, m.index + m[0].length);
      return !NEGATION.test(before) && !NEGATION.test(after);
    });
    if (w) consider(w.index, name);
    const opening = new RegExp(`^\\s*${QUOTE_OPEN}${n}${QUOTE_CLOSE}(?=\\s*(?:$|[—–:：.,，。(（]|-\\s))`, "i");
    const o = opening.exec(text);
    if (o && !NEGATION.test(clauseAround(text, 0, o[0].length).after)) consider(0, name);
  }
  return best?.name ?? "";
}

/** Mentions looked at per pattern: the first ones decide, and a pathological answer costs bounded work. */
const MAX_MENTIONS = 100;

/** The first match that `accept`s, among the first MAX_MENTIONS. */
function firstMention(text: string, re: RegExp, accept: (m: RegExpExecArray) => boolean): RegExpExecArray | undefined {
  let looked = 0;
  for (const m of text.matchAll(re)) {
    if (accept(m as RegExpExecArray)) return m as RegExpExecArray;
    if (++looked >= MAX_MENTIONS) return undefined;
  }
  return undefined;
}

/** An answer to "which skill will you use?" that says: none. */
const DECLINE =
  /\b(?:no skill|none of the (?:available |listed )?skills|no (?:matching|suitable|relevant|applicable) skill|(?:not|n't) (?:need|use|select|choose) (?:a|any) skill|without (?:a|any) skill)\b|不需要(?:使用)?(?:任何)?技能|不使用任何技能|没有(?:合适|匹配|相关)的技能|无需(?:使用)?(?:任何)?技能/i;

/** Asks for information it does not have instead of guessing. */
const ASKS =
  /\bNEEDS_CONFIRMATION\b|\b(?:missing|not (?:provided|given|specified)|(?:do not|don't|cannot|can't) (?:know|tell) which|unclear which|could you (?:please )?(?:provide|tell|share|confirm|specify)|can you (?:please )?(?:provide|tell|share|confirm|specify)|please (?:provide|confirm|share|tell me|specify)|need(?:s)? (?:your |the user's |the customer's )?confirmation|(?:ask|asking) (?:the (?:user|customer|requester) |you |them )?(?:for|to) (?:confirm|clarif)\w*|before (?:I|we) (?:can )?(?:proceed|continue|start))\b|请(?:提供|确认|告诉|说明)|需要(?:您|你|用户|客户)?(?:确认|提供|补充)|缺少|未提供|无法确定|不清楚(?:是)?哪/i;

/** The sentence that does the asking. */
const REQUEST = /\b(?:please|could you|can you|ask|asks|asking)\b|请(?:提供|确认|告诉|说明)|询问/i;

/** Refuses to go on. */
const REFUSES =
  /\bBLOCKED\b|\b(?:cannot|can't|can not|unable to|won't|will not|refuse to) (?:proceed|continue|go ahead|go on|help with (?:this|that))\b|\bI (?:must )?refuse\b|无法继续|不能继续|拒绝(?:执行|处理|继续)?|无法处理/i;

/** Wording of a plan: ordered steps, or what the agent would do. */
const PLAN_WORDS =
  /\b(?:first(?:ly)?|then|next|after that|finally|step \d)\b|\b(?:I|we)(?:\s+would|\s+will|'d|'ll|\s+plan to|\s+am going to|\s+are going to)\b|首先|然后|接着|最后|步骤|第[一二三四五六七八九十\d]+步|我(?:会|将|要|打算|计划)/i;

function statusOf(text: string, type: string, selected: string, steps: string[], claim: string | undefined): Status {
  if (claim) return "FAIL"; // a dry-run violation, kept visible
  if (ASKS.test(text)) return "NEEDS_CONFIRMATION";
  if (REFUSES.test(text)) return "BLOCKED";
  if (!text.trim()) return "UNKNOWN";
  if (type === "trigger") return selected || DECLINE.test(text) ? "PASS" : "UNKNOWN";
  return steps.length > 1 || PLAN_WORDS.test(text) ? "PASS" : "UNKNOWN";
}

/** A trigger answer's decision, normalized, before its own sentences. */
function decisionLine(type: string, selected: string, text: string): string[] {
  if (type !== "trigger") return [];
  if (selected) return [`Selected skill: ${selected}.`];
  return DECLINE.test(text) ? ["Selected skill: none."] : [];
}

/** The answer's sentences, list markers and heading marks dropped, whitespace collapsed. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const l = stripMarker(line);
    if (!l) continue;
    for (const s of l.split(/(?<=[.!?])\s+(?=[^\sa-z])|(?<=[。！？])/u)) if (s.trim()) out.push(s.trim());
  }
  return out;
}

/** Sentences joined as written: a space after Latin punctuation, none after Chinese. */
function joinSentences(list: string[]): string {
  return list.reduce((acc, s) => (acc === "" ? s : /[。！？]$/.test(acc) ? acc + s : `${acc} ${s}`), "");
}

function stripMarker(line: string): string {
  return line
    .replace(/^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+|\(\d+\)\s*)/, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The plan's steps in the answer's order: its list items (lines, or inline "(1) … (2) …") when there are at least
 * two, else its sentences.
 */
export function planSteps(text: string): string[] {
  const items = text
    .split("\n")
    .filter((l) => /^\s*(?:[-*+]\s+|\d+[.)]\s+|\(\d+\)\s*)\S/.test(l))
    .map(stripMarker);
  if (items.length >= 2) return items;
  const inline = text.replace(/\s+/g, " ").split(/\s*\(\d+\)\s*/);
  if (inline.length >= 3)
    return inline
      .slice(1)
      .map((s) => s.replace(/[,;，；]\s*$/, "").trim())
      .filter(Boolean);
  return sentences(text);
}

/**
 * Artifacts the answer names: those the case file expects anywhere (`expected.artifacts`), wherever the answer
 * names them, and other file names it plans to produce (a file name with "write", "produce", "生成"… in its clause;
 * the case inputs are read, not produced). Negated mentions ("I will not write x.md") do not count.
 */
export function artifactsOf(text: string, suite: SkillSuite): string[] {
  const found: { at: number; name: string }[] = [];
  const known = [
    ...new Set(
      suite.cases
        .flatMap((c) => c.expected.artifacts)
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  ];
  for (const a of known) {
    const re = new RegExp(`${EDGE_BEFORE}${escape(a)}${EDGE_AFTER}`, "gi");
    const m = firstMention(text, re, (x) => !NEGATION.test(clauseAround(text, x.index, x.index + x[0].length).before));
    if (m) found.push({ at: m.index, name: a });
  }
  const inputs = new Set(suite.cases.flatMap((c) => c.inputs.files).flatMap((f) => [f.toLowerCase(), f.split("/").pop()!.toLowerCase()]));
  const file = /(?<![\w/.-])((?:[\w-]+\/)*[\w-][\w.-]*\.(?:md|markdown|json|ya?ml|txt|csv|tsv|pdf|html?|xml|log|docx?|xlsx?))(?![\w-])/gi;
  const PRODUCE =
    /\b(?:produce|produces|producing|write|writes|writing|draft|drafts|drafting|create|creates|creating|generate|generates|generating|output|outputs|save|saves|saving|prepare|prepares|fill in|fills in|emit|emits|export|exports)\b|生成|输出|写|创建|起草|撰写|保存|产出/i;
  const named = new Set<string>();
  let looked = 0;
  for (const m of text.matchAll(file)) {
    const key = m[1].toLowerCase();
    if (inputs.has(key) || named.has(key)) continue;
    if (++looked > MAX_MENTIONS) break;
    const { before, after } = clauseAround(text, m.index, m.index + m[0].length);
    if (PRODUCE.test(before + " " + after) && !NEGATION.test(before)) {
      named.add(key);
      found.push({ at: m.index, name: m[1] });
    }
  }
  const out: string[] = [];
  for (const f of found.sort((a, b) => a.at - b.at)) if (!out.some((o) => o.toLowerCase() === f.name.toLowerCase())) out.push(f.name);
  return out;
}

/** Routes the answer writes out: `on_failure: skill-author`, `on_blocked → human_confirm`; the first target per route. */
export function routesOf(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const m of text.matchAll(/\b(on_[a-z][a-z_]*)`?\s*(?::|：|->|→|=>|=)\s*`?([A-Za-z0-9][\w.-]*[A-Za-z0-9_]|[A-Za-z0-9])/gi)) {
    if (!out.some(([k]) => k === m[1].toLowerCase())) out.push([m[1].toLowerCase(), m[2]]);
  }
  return out;
}

const NEXT_LABEL = /^[ \t]*(?:[-*][ \t]+)?(?:next[ _]action|next step|下一步(?:行动)?)[ \t]*[:：][ \t]*(\S.*)$/im;
const HANDOFF =
  /\b(?:hand(?:s|ing)?\b[^.。\n]{0,60}?\b(?:to|over|off)\b|handoff|escalat\w*|report(?:s|ing)? (?:it |this |the \w+ )?to|send(?:s|ing)? .{0,40}? to|notif\w*|forward\w*|route\w* (?:it |this )?to|on_failure|retry|retries|roll(?:s|ing)? back)\b|交给|转交|上报|通知|升级|重试|回滚/i;

/**
 * The next concrete action: a "Next action:" line; for a failure case only the repair or handoff the answer names
 * (else empty, so the scorer can fail it); for an answer that asks, the asking sentence; else the plan's first step.
 */
function nextAction(text: string, type: string, status: Status, steps: string[]): string {
  const label = NEXT_LABEL.exec(text);
  if (label) return oneLine(label[1]);
  const all = sentences(text);
  if (type === "failure") return oneLine(all.find((s) => HANDOFF.test(s)) ?? "");
  if (status === "NEEDS_CONFIRMATION") return oneLine(all.find((s) => REQUEST.test(s)) ?? all.find((s) => ASKS.test(s)) ?? "");
  if (type === "trigger" && !PLAN_WORDS.test(text)) return "";
  const first = /(?:^|[.;!?。；：:\n]\s*)(?:(?:first(?:ly)?|to start)\b|首先|第一步)[,，:：]?\s*([^.;。；\n]+)/i.exec(text);
  if (first) return oneLine(first[1].replace(/,?\s*(?:and\s+)?then\b.*$/i, "").replace(/[,，]?\s*然后.*$/, ""));
  return steps.length > 1 ? oneLine(steps[0]) : "";
}

function oneLine(s: string): string {
  return s
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.。]$/, "");
}

function includeEvidence(text: string, terms: string[]): string {
  const wanted = terms.filter((t) => t.trim());
  if (!wanted.length) return "(none required)";
  const found = wanted.filter((t) => occurrences(text, t).length > 0);
  const missing = wanted.filter((t) => !found.includes(t));
  return [found.length ? `found ${found.join(", ")}` : "", missing.length ? `not found ${missing.join(", ")}` : ""].filter(Boolean).join("; ");
}

function excludeEvidence(text: string, terms: string[], claim: string | undefined): string {
  const parts: string[] = [];
  const avoided: string[] = [];
  for (const t of terms.filter((x) => x.trim())) {
    const hits = occurrences(text, t);
    if (hits.length && !hits.every((h) => negated(text, h))) parts.push(`violation: mentions "${t}"`);
    else avoided.push(t);
  }
  if (avoided.length) parts.unshift(`avoided ${avoided.join(", ")}`);
  if (claim) parts.push(`violation: claims real execution ("${claim}")`);
  return parts.join("; ") || "(none forbidden); no execution claimed";
}
