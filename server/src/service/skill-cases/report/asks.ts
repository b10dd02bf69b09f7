import { negatedAt, quote, sentenceOf, type AnswerText } from "./answer-text";

/**
 * Whether an answer asks for what it lacks instead of guessing: a question to the user ("Which billing period do
 * you want?", "请问要导出哪个月份？"), a request ("please confirm…", "请提供订单号", "I'd ask the customer for…"),
 * or the statuses NEEDS_CONFIRMATION / BLOCKED. An answer that also commits to go on with an assumption ("not
 * specified, so I'll assume March", "默认按上个月处理") does not ask: it proceeds on a guess.
 */
export interface AskReading {
  /** The asking clause, quoted; undefined when the answer does not ask. */
  ask?: string;
  /** The clause that proceeds on an assumption, quoted; undefined when there is none. */
  assumption?: string;
  /** The answer refuses to go on (BLOCKED). */
  refuses: boolean;
}

const REQUEST =
  /\bneeds_confirmation\b|\bblocked\b|\b(?:please|kindly)\s+(?:\w+\s+){0,2}?(?:provide|confirm|share|tell|specify|send|clarify|let (?:me|us) know|choose|pick|select|give|supply|indicate|upload|attach|forward)\b|\b(?:could|can|would|will)\s+you\s+(?:please\s+)?(?:provide|confirm|share|tell|specify|send|clarify|let (?:me|us) know|choose|pick|select|give|supply|indicate)\b|\b(?:i|we)(?:'d|\s+would|'ll|\s+will|\s+need to|\s+must|\s+should)?\s+(?:first\s+)?(?:ask|request|check with|confirm with)\s+(?:you|the (?:user|customer|requester|requestor|caller|team|client)|them|for)\b|\b(?:ask(?:ing)?|request(?:ing)?)\s+(?:you|the (?:user|customer|requester|requestor|client))\s+(?:for|to|which|what|whether|about)\b|\bneed(?:s)?\s+(?:your |the user's |the customer's |a |explicit )?(?:confirmation|input|answer|clarification)\b|\b(?:awaiting|waiting for|wait for|pending)\s+(?:your |the user's |user |customer )?(?:confirmation|reply|answer|input)\b|\b(?:let me know|tell me which|confirm which)\b|请(?:您|你)?(?:先|再)?(?:把|将|问|提供|确认|告诉|告知|说明|补充|指定|选择|回复|给出|上传|发送|发给|发|附上|提交|给)|麻烦(?:您|你)?(?:提供|确认|告知|说明)|需要(?:您|你|用户|客户)(?:确认|提供|补充|告知|说明|指定)|(?:向|跟|和)(?:用户|客户|您|你|申请人)(?:询问|确认|索取|核实)|(?:先|需要|会|将)?(?:询问|追问)|待(?:用户|客户)?确认|等待(?:用户|客户|您)?(?:确认|回复)|能否(?:提供|确认|告知)/;

/** A question sentence: ends with a question mark and is put to the user (not a heading or a quoted prompt). */
const QUESTION = /[?？]/;

const ASSUMES =
  /\b(?:i|we)(?:'ll|\s+will|'d|\s+would|\s+can)?\s+(?:just\s+)?(?:assume|default to|use the (?:current|last|previous|latest)|take it (?:as|to mean))\b|\bassuming\b|\bby default\b|\bdefault(?:ing)? to\b|\bpresumably\b|\bprobably (?:means|wants|refers)\b|\blet(?:'s| us) (?:assume|say|go with)\b|\bi(?:'ll| will) (?:proceed|continue|go ahead) (?:with|using|on)\b|\bin the meantime\b|\bmeanwhile\b|\bmost likely\b|\bfor now\b|\bas a (?:placeholder|guess)\b|\bbest guess\b|\bguess(?:ing)?\b|假设|默认|先按|暂定|推测|估计是|就按|按照?(?:上个?月|本月|当月|最近)|直接(?:按|用)|先(?:用|草拟|起草|假定)|暂时(?:按|用)|大概率|猜测/;

const REFUSES =
  /\bblocked\b|\b(?:cannot|can't|can not|unable to|won't|will not|refuse to|not able to)\s+(?:proceed|continue|go ahead|go on|start|do (?:this|that|it))\b|无法继续|不能继续|无法进行|拒绝(?:执行|处理|继续)?|无法处理|暂停处理/;

/**
 * A negation right before the guess denies it ("I won't assume", "rather than defaulting to", "不会默认"). One further
 * back in the clause does not: "billing period not given, defaulting to 2024-03" still guesses.
 */
const NEGATED_GUESS =
  /(?:\b(?:not|never|no|won't|wouldn't|don't|doesn't|shouldn't|can't|cannot|without|rather than|instead of|avoid|refuse to)\s+(?:(?:\w+|'\w+)\s+){0,2}|(?:不|不会|不要|不能|不得|没有|绝不|避免|而不是)\s*(?:去|再|直接|擅自|自行)?\s*)$/;

export function readAsks(t: AnswerText): AskReading {
  let ask: string | undefined;
  let assumption: string | undefined;
  for (const c of t.clauses) {
    const end = t.lower.slice(c.end - 1, Math.min(t.lower.length, c.end + 1));
    const isQuestion = QUESTION.test(end) && !/^\s*#/.test(c.lower) && !/\b(?:which skill|what steps)\b/.test(c.lower);
    const request = REQUEST.exec(c.lower);
    if (!ask && (isQuestion || (request && !negatedAt(t, c.start + request.index, c.start + request.index + request[0].length))))
      ask = quote(t, sentenceOf(t, c), 160);
    const guess = ASSUMES.exec(c.lower);
    if (!assumption && guess && !NEGATED_GUESS.test(c.lower.slice(0, guess.index)) && !QUESTION.test(end)) assumption = quote(t, c);
  }
  return { ask, assumption, refuses: REFUSES.test(t.lower) };
}
