import { clauseAt, negatedAt, quote, type AnswerText } from "./answer-text";

/**
 * The Skill an answer chooses, read from every mention of a Skill name the case file knows. A mention in a clause
 * that negates it ("I would not use X", "X is not the right fit", "rather than X", "不使用 X", "X 不适合") declines
 * X; one in a question or beside "or"/"maybe"/"或者"/"可能" leaves its role unclear; one that only says what a Skill
 * does ("X handles exports") describes it; any other mention chooses it. Mentions worded as a choice ("I'd use X",
 * "That's a job for X", "Selected: X", "X skill", "我会用 X", "适合用 X", an answer that opens with the name) decide
 * first: one such name is the choice, whatever else the answer says of other Skills. Without one, every other
 * mention counts: one chosen name is a choice; several, or an unclear mention beside it, is undecided.
 */
export type SkillChoice =
  | { kind: "chosen"; name: string; evidence: string }
  /** The answer declines to use a Skill (or only declines the ones it names). */
  | { kind: "none"; declined: string[]; evidence: string }
  /** The answer names no Skill and says nothing of choosing one. */
  | { kind: "no-choice" }
  | { kind: "undecided"; candidates: string[]; why: string };

type Role = "chooses" | "declines" | "unclear" | "describes";
interface Mention {
  role: Role;
  /** Worded as a choice. */
  strong: boolean;
  at: number;
  end: number;
}

/** "No skill is needed", "none of the skills fits", "不需要使用任何技能". */
const DECLINE_ALL =
  /\b(?:no (?:\w+ )?skill|none of (?:the|these|those|my|our) (?:\w+ )?skills|no (?:matching|suitable|relevant|applicable|appropriate|specific|particular) (?:\w+ )?skill|(?:not|n't) (?:need|use|select|choose|pick|invoke|require) (?:a|any) (?:\w+ )?skill|without (?:a|any|using a|using any) (?:\w+ )?skill|doesn't (?:call for|need|require) (?:a|any) (?:\w+ )?skill|no skill (?:is|would be) (?:needed|required|appropriate|suitable)|answer (?:it |this )?directly)\b|不需要(?:使用|调用)?(?:任何)?技能|不(?:使用|调用|选择)任何技能|没有(?:合适|匹配|相关|对应|适用)的技能|无需(?:使用|调用)?(?:任何)?技能|不涉及(?:任何)?技能|直接回答/;

/** A clause that asks or hedges: the role of a name in it is not settled. */
const HEDGE =
  /\b(?:maybe|perhaps|possibly|might|could|either|alternatively|not sure|unsure|whether|if you (?:want|need|prefer|like)|if needed|optional(?:ly)?)\b|也许|可能|不确定|是否|如果(?:你|您)?(?:需要|想要?)|可选|也可以/;

/** Two names joined in one clause ("X or Y", "X and Y", "X 还是 Y", "X 和 Y"): neither is the one choice there. */
const ALTERNATIVE = /\b(?:or|either|and|both|plus)\b|或者|或是|还是|或|和|与|及|跟|都|两个/;

/** What a Skill does, said of it: not a choice by itself. */
const DESCRIBES =
  /^[\s"'”」)）]*(?:skill\s+)?(?:is (?:for|meant for|designed for|used for|about|only for|an? )|handles|covers|deals with|is responsible for|focuses on|(?:only|just|mainly) \w+|would (?:only )?(?:matter|apply|help|be (?:relevant|useful|needed))|(?:is|are) (?:only |more )?(?:relevant|useful|suited) (?:if|when|for))\b|^[\s"'”」)）]*(?:技能)?(?:负责|用于|专门|适用于|处理的是|是用来|是做|是给|只(?:负责|处理|做|管))/;

/** Words before a name that make a mention a choice. */
const CHOICE_BEFORE =
  /(?:\b(?:use|uses|using|pick|picks|picking|choose|chooses|choosing|chose|select|selects|selecting|selected|go with|going with|invoke|invoking|trigger|call|recommend|job for|task for|handled by|handle (?:this|it) with|with|via|skill|selected|choice|decision|answer|pick)\s*[:：]?\s*(?:the\s+)?|(?:用|使用|选择|选用|采用|调用|启用|交给|选|适合用|应该用|会用|由|技能|选择的技能)\s*[:：]?\s*(?:的是)?\s*)["'“「]?$/;
/** Words after a name that make a mention a choice. */
const CHOICE_AFTER =
  /^["'”」]?\s*(?:skill\b|技能|(?:is|would be|seems)\s+(?:the\s+)?(?:right|best|correct|appropriate|suitable|obvious|natural|one)\b|最合适|最适合|正合适|合适|适合)/;
/** The answer opens with the name: "X — because …", "**X**", "- X". */
const OPENING = /^[\s>*#-]*(?:(?:skill|selected|choice|decision|answer|技能|选择)\s*[:：]\s*)?["'“「]?$/;

/** A name set aside for the one after it: "X is tempting, but Y", "X would be an option, but …". */
const SET_ASIDE =
  /^[\s"'”」)）]*(?:skill\s+)?(?:is|seems|looks|sounds|would be|might be|could be|may be)\s+(?:\w+\s+)?(?:tempting|an option|a candidate|close|plausible|possible|the obvious pick)\s*,?\s*$/;

/** The declining words that may stand before a name beyond the general negations. */
const DECLINE_BEFORE = /\b(?:instead of|rather than|unlike|over|not)\s+(?:the\s+)?$/;

/**
 * `aliases` are other names of the Skills (alias → name, from their SKILL.md titles); an alias counts only where it
 * is plainly a Skill's name: quoted ("「合同审阅」"), or followed by "skill" / "技能".
 */
export function skillChoice(t: AnswerText, names: readonly string[], aliases: readonly [string, string][] = []): SkillChoice {
  const roles = new Map<string, Mention[]>();
  const taken: { start: number; end: number }[] = [];
  // Longest names first, so that a name inside a longer one does not claim its mentions.
  const spelled = [...names.map((n): [string, string, boolean] => [n, n, false]), ...aliases.map(([a, n]): [string, string, boolean] => [a, n, true])];
  for (const [written, name, alias] of spelled.sort((a, b) => b[0].length - a[0].length)) {
    for (const m of alias ? aliasMentions(t, written) : mentions(t, written)) {
      if (taken.some((x) => m.start < x.end && x.start < m.end)) continue;
      taken.push(m);
      const list = roles.get(name) ?? [];
      const role = roleOf(t, m.start, m.end);
      list.push({ role, strong: role === "chooses" && wordedAsChoice(t, m.start, m.end), at: m.start, end: m.end });
      roles.set(name, list);
    }
  }
  // Two names joined in one clause are both unclear there.
  const byClause = new Map<number, string[]>();
  for (const [name, l] of roles) for (const x of l) byClause.set(clauseAt(t, x.at).start, [...(byClause.get(clauseAt(t, x.at).start) ?? []), name]);
  for (const [start, inClause] of byClause) {
    const choosing = new Set(inClause.filter((name) => roles.get(name)!.some((x) => x.role === "chooses" && clauseAt(t, x.at).start === start)));
    if (choosing.size < 2 || !ALTERNATIVE.test(clauseAt(t, start).lower)) continue;
    for (const name of choosing)
      for (const x of roles.get(name)!) if (clauseAt(t, x.at).start === start && x.role === "chooses") Object.assign(x, { role: "unclear", strong: false });
  }
  const withRole = (r: Role) => [...roles].filter(([, l]) => l.some((x) => x.role === r)).map(([n]) => n);
  const unclear = withRole("unclear");
  const strong = [...roles].filter(([, l]) => l.some((x) => x.role === "chooses" && x.strong)).map(([n]) => n);
  if (strong.length === 1 && !unclear.some((n) => n !== strong[0])) {
    const first = roles.get(strong[0])!.find((x) => x.strong)!;
    return { kind: "chosen", name: strong[0], evidence: quote(t, clauseAt(t, first.at)) };
  }
  if (strong.length > 1) return { kind: "undecided", candidates: strong, why: `chooses ${list(strong)} without one clear choice` };
  const chosen = withRole("chooses");
  const declined = withRole("declines");
  const described = withRole("describes");
  const declineAll = DECLINE_ALL.exec(t.lower);

  if (chosen.length === 1) {
    const name = chosen[0];
    const others = unclear.filter((n) => n !== name);
    if (others.length) return { kind: "undecided", candidates: [name, ...others], why: `chooses "${name}" but also weighs ${list(others)}` };
    if (declineAll) return { kind: "undecided", candidates: [name], why: `names "${name}" but also says no Skill is needed` };
    const first = roles.get(name)!.find((x) => x.role === "chooses")!;
    return { kind: "chosen", name, evidence: quote(t, clauseAt(t, first.at)) };
  }
  if (chosen.length > 1) return { kind: "undecided", candidates: chosen, why: `names ${list(chosen)} without one clear choice` };
  if (declineAll) {
    if (unclear.length) return { kind: "undecided", candidates: unclear, why: `says no Skill is needed but weighs ${list(unclear)}` };
    return { kind: "none", declined, evidence: quote(t, clauseAt(t, declineAll.index)) };
  }
  if (unclear.length) return { kind: "undecided", candidates: unclear, why: `mentions ${list(unclear)} without a clear choice` };
  if (described.length) return { kind: "undecided", candidates: described, why: `describes ${list(described)} without saying whether it is the choice` };
  if (declined.length) {
    const first = roles.get(declined[0])!.find((x) => x.role === "declines")!;
    return { kind: "none", declined, evidence: quote(t, clauseAt(t, first.at)) };
  }
  return { kind: "no-choice" };
}

function list(names: string[]): string {
  return names.map((n) => `"${n}"`).join(", ");
}

/** Where a Skill name is written: the name itself, or its words spaced out before "skill"/"技能". */
function mentions(t: AnswerText, name: string): { start: number; end: number }[] {
  const n = name.trim().toLowerCase();
  if (!n) return [];
  const out: { start: number; end: number }[] = [];
  const edge = (i: number) => i < 0 || i >= t.lower.length || !/[a-z0-9_-]/.test(t.lower[i]);
  for (let at = t.lower.indexOf(n); at >= 0 && out.length < 200; at = t.lower.indexOf(n, at + 1)) {
    if (edge(at - 1) && edge(at + n.length)) out.push({ start: at, end: at + n.length });
  }
  const words = n.split(/[-_]+/).filter(Boolean);
  if (words.length > 1) {
    const spaced = new RegExp(`(?<![a-z0-9])${words.join("[\\s_-]+")}(?=\\s*(?:skill|技能))`, "g");
    for (const m of t.lower.matchAll(spaced))
      if (out.length < 200 && !out.some((o) => o.start === m.index)) out.push({ start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** An alias written plainly as a Skill's name: quoted, or followed by "skill" / "技能". */
function aliasMentions(t: AnswerText, alias: string): { start: number; end: number }[] {
  const a = alias.trim().toLowerCase();
  const out: { start: number; end: number }[] = [];
  for (let at = t.lower.indexOf(a); at >= 0 && out.length < 200; at = t.lower.indexOf(a, at + 1)) {
    const before = t.lower[at - 1] ?? "";
    const after = t.lower.slice(at + a.length, at + a.length + 8);
    if (/[「『“"'`]/.test(before) || /^[」』”"'`]?\s*(?:skill\b|技能)/.test(after)) out.push({ start: at, end: at + a.length });
  }
  return out;
}

function wordedAsChoice(t: AnswerText, start: number, end: number): boolean {
  const c = clauseAt(t, start);
  const before = t.lower.slice(Math.max(c.start, start - 40), start);
  if (CHOICE_BEFORE.test(before) || CHOICE_AFTER.test(t.lower.slice(end, c.end))) return true;
  return OPENING.test(t.lower.slice(0, start));
}

function roleOf(t: AnswerText, start: number, end: number): Role {
  const c = clauseAt(t, start);
  if (negatedAt(t, start, end) || DECLINE_BEFORE.test(t.lower.slice(c.start, start))) return "declines";
  if (SET_ASIDE.test(t.lower.slice(end, c.end)) && /^\s*(?:but|yet|though|however)\b/.test(t.lower.slice(c.end, c.end + 12))) return "declines";
  // A question about the name ("Should I use X?"), not one that follows it ("With X: which order?").
  const sentenceEnd = /^[^:：—–]*[?？]/.test(t.lower.slice(end, Math.min(t.lower.length, c.end + 1)));
  if (sentenceEnd || HEDGE.test(c.lower)) return "unclear";
  if (DESCRIBES.test(t.lower.slice(end, c.end))) return "describes";
  return "chooses";
}
