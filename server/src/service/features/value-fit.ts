import type { PackModel } from "../pack-model";
import { enumValues } from "../catalog";
import { isSupportedEvidenceReference } from "../rules/evaluation-spec/evidence";
import { closedEnumOf, configEntry, referenceOf } from "../schema/keys";
import { symbolIndex } from "./symbol-index";

/**
 * What a value needs of the pack around it to be valid where it is written, the one place quick fixes and
 * completion ask before they offer a value: some values are only valid with others (a file validator reads a
 * `file:` target, an `llm_judge` judge mode needs judges, a `multi_turn` pack a user simulator on every case, a
 * `challenge_key` a declared challenge), and an edit we offer must not trade one error for another.
 *
 * Each requirement mirrors the rule that reports it (named by its code); a value fits when every requirement
 * it does not meet is one the value written there now does not meet either (that error is there already).
 */

/** Where a value goes: the key of an object at a catalog entry. */
export interface ValueSite {
  entry: string;
  /** The decoded object the key belongs to (the pack's data, as the rules read it). */
  owner: object;
  key: string;
}

type Requirements = (model: PackModel, owner: Obj, value: string) => string[];
type Obj = Record<string, unknown>;

/** Whether writing `value` at `site` adds no error the value there now (or the key's absence) does not already cause. */
export function valueFits(model: PackModel, site: ValueSite, value: string): boolean {
  const owner = site.owner as Obj;
  const requirements = REQUIREMENTS[`${site.entry}#${site.key}`];
  const unmet = (v: string) => (requirements ? requirements(model, owner, v) : []);
  const now = field(owner, site.key);
  // The rules read a missing value as "" (an unknown validator type needs expected_from, written or not).
  const already = counts(unmet(typeof now === "string" ? now : ""));
  return [...counts(unmet(value))].every(([code, n]) => n <= (already.get(code) ?? 0)) && isValidValue(model, site, value);
}

function counts(codes: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of codes) out.set(c, (out.get(c) ?? 0) + 1);
  return out;
}

/** A value of a closed enum is one of its values; a reference's names a declared symbol. */
function isValidValue(model: PackModel, site: ValueSite, value: string): boolean {
  const values = closedEnumOf(site.entry, site.key);
  if (values && !values.includes(value)) return false;
  const ref = referenceOf(site.entry, site.key);
  return (
    ref?.kind !== "symbol" ||
    symbolIndex(model)
      .declaredAnywhere(ref.symbol)
      .some((d) => d.name === value)
  );
}

/** The declared names a reference key may take, the ones nearest the site first; empty when the key is no reference. */
export function referenceValues(model: PackModel, site: ValueSite, scope = ""): string[] {
  const ref = referenceOf(site.entry, site.key);
  if (ref?.kind !== "symbol") return [];
  const names = [
    ...new Set(
      symbolIndex(model)
        .declared(ref.symbol, scope)
        .map((d) => d.name),
    ),
  ];
  const near = NEAREST[`${site.entry}#${site.key}`]?.(model, site.owner);
  return near && names.includes(near) ? [near, ...names.filter((n) => n !== near)] : names;
}

/** A key as the decoder finds it: exact, else ASCII case-insensitive (keys inside evaluation_spec). */
function field(owner: Obj, key: string): unknown {
  if (Object.prototype.hasOwnProperty.call(owner, key)) return owner[key];
  const lower = key.toLowerCase();
  const found = Object.keys(owner).find((k) => k.toLowerCase() === lower);
  return found === undefined ? undefined : owner[found];
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
const list = (v: unknown) => (Array.isArray(v) ? v : []);
const has = (owner: Obj, key: string) => field(owner, key) !== undefined;
const nonEmpty = (m: unknown) => !!m && typeof m === "object" && Object.keys(m).length > 0;

function spec(model: PackModel): Obj {
  const s = (model.bundle.version as { evaluation_spec?: unknown }).evaluation_spec;
  return s && typeof s === "object" && !Array.isArray(s) ? (s as Obj) : {};
}

const cases = (model: PackModel) => model.bundle.input_sets.flatMap((s) => s.cases);

/** rules/evaluation-spec/validators.ts, validator-config.ts, post-execution-checks.ts: what each validator type needs of its validator. */
const validatorType: Requirements = (model, v, type) => {
  const out: string[] = [];
  const target = text(field(v, "target"));
  const expectedFrom = text(field(v, "expected_from"));
  if (target !== "") {
    if (type === "tool_call_assertion") {
      if (target !== "tool_calls") out.push("validator-target-tool-calls-required");
    } else if (!isSupportedEvidenceReference(target)) out.push("validator-target-unsupported-reference");
    if (enumValues("file_validator_types").includes(type) && !target.startsWith("file:")) out.push("validator-file-target-prefix");
  }
  if (!enumValues("validator_types_not_requiring_expected_from").includes(type)) {
    if (expectedFrom === "") out.push("validator-expected-from-required");
    else if (!isSupportedEvidenceReference(expectedFrom)) out.push("validator-expected-from-unsupported-reference");
  } else if (enumValues("validator_types_forbidding_expected_from").includes(type) && expectedFrom !== "") {
    out.push("validator-expected-from-forbidden");
  }
  if (!has(v, "config")) {
    if (type === "postcondition" || type === "tool_call_assertion") out.push("validator-config-required");
  } else if (configEntry(type)) {
    // A config is decoded strictly against its type's keys: one written for another type is not assumed to fit.
    out.push("validator-config-invalid-json");
  }
  const checks = list(field(spec(model), "post_execution_checks")).filter((c): c is Obj => !!c && typeof c === "object");
  const ref = target.startsWith("file:") ? target.slice("file:".length) : target;
  if (type === "code_execution") {
    const check = checks.find((c) => text(field(c, "key")) === ref);
    if (!check || field(check, "type") !== "file_capture") out.push("validator-code-execution-check");
  }
  if (type === "postcondition" && target.startsWith("file:") && checks.length === 0) out.push("validator-postcondition-no-checks");
  return out;
};

/** rules/evaluation-spec/scorecard.ts: judge_mode versus llm_judges. */
const judgeMode: Requirements = (model, s, mode) => {
  const judges = list(field(s, "llm_judges")).length;
  if ((mode === "llm_judge" || mode === "hybrid") && judges === 0) return ["judge-mode-needs-judges"];
  if (mode === "deterministic" && judges > 0) return ["judge-mode-deterministic-has-judges"];
  return [];
};

/** rules/evaluation-spec/scorecard.ts: a hybrid scorecard needs a gate dimension; a binary one takes no pass_threshold. */
const scorecardStrategy: Requirements = (_model, scorecard, strategy) => {
  const dimensions = list(field(scorecard, "dimensions"));
  if (strategy === "hybrid" && !dimensions.some((d) => !!d && typeof d === "object" && field(d as Obj, "gate") === true)) {
    return ["scorecard-hybrid-requires-gate"];
  }
  if (strategy === "binary" && typeof field(scorecard, "pass_threshold") === "number") return ["scorecard-pass-threshold-binary"];
  return [];
};

/** rules/execution-mode.ts and user-simulator.ts: what each execution mode forbids or needs. */
const executionMode: Requirements = (model, version, mode) => {
  const out: string[] = [];
  const all = cases(model);
  if (mode === "multi_turn" && all.some((c) => !c.user_simulator)) out.push("user-simulator-required");
  if (mode !== "multi_turn" && all.some((c) => !!c.user_simulator)) out.push("user-simulator-forbidden");
  const tools = nonEmpty(model.bundle.tools);
  if (mode === "prompt_eval" && (tools || !!field(version, "sandbox") || nonEmpty(field(version, "tool_policy")))) out.push("prompt-eval-forbidden");
  if (mode === "responses" && tools) out.push("responses-tools-forbidden");
  return out;
};

/** rules/input-sets.ts: the cases of an input set name the challenge its first case with one names; one mismatch each. */
const caseChallenge: Requirements = (model, c, key) => {
  const set = model.bundle.input_sets.find((s) => s.cases.includes(c as never));
  let reference = "";
  const out: string[] = [];
  for (const other of set?.cases ?? []) {
    const k = other === (c as never) ? key : other.challenge_key;
    if (k === "") continue;
    if (reference === "") reference = k;
    else if (k !== reference) out.push("case-challenge-key-mixed");
  }
  return out;
};

const REQUIREMENTS: Record<string, Requirements> = {
  "input_sets[].cases[]#challenge_key": caseChallenge,
  "version.evaluation_spec.validators[]#type": validatorType,
  "version.evaluation_spec#judge_mode": judgeMode,
  "version.evaluation_spec.scorecard#strategy": scorecardStrategy,
  "version#execution_mode": executionMode,
};

/** Where a key goes: an object at a catalog entry (a new list item's is an empty object). */
export interface KeySite {
  entry: string;
  owner: object;
}

/**
 * Whether writing `key` into the object at `site` adds no error or legacy spelling the pack does not already
 * have: what completion offers. A key another value of the pack forbids (a `user_simulator` outside a `multi_turn`
 * pack, a `sandbox` in a `prompt_eval` one) is not offered, nor a legacy key (`item_key`, `items`) beside the key
 * that replaces it or in a pack that writes no legacy items.
 */
export function keyFits(model: PackModel, site: KeySite, key: string): boolean {
  const fits = KEY_FITS[`${site.entry}#${key}`];
  return !fits || fits(model, site.owner as Obj);
}

const modeOf = (model: PackModel) => text(field(model.bundle.version as unknown as Obj, "execution_mode"));

/** Whether the pack writes legacy input-set items anywhere (`items:` or an `item_key`). */
function writesLegacy(model: PackModel): boolean {
  return model.bundle.input_sets.some((s) => model.at.has(s, "items") || s.cases.some((c) => model.at.has(c, "item_key")));
}

/** Each mirrors the rule that would report the key (named by its code), or the legacy spelling it replaces. */
const KEY_FITS: Record<string, (model: PackModel, owner: Obj) => boolean> = {
  // user-simulator-forbidden
  "input_sets[].cases[]#user_simulator": (model) => modeOf(model) === "multi_turn",
  // prompt-eval-forbidden, responses-tools-forbidden
  "version#sandbox": (model) => modeOf(model) !== "prompt_eval",
  "version#tool_policy": (model) => modeOf(model) !== "prompt_eval",
  "$#tools": (model) => modeOf(model) !== "prompt_eval" && modeOf(model) !== "responses",
  // the legacy names of case_key and cases
  "input_sets[].cases[]#item_key": (model, c) => !model.at.has(c, "case_key") && writesLegacy(model),
  "input_sets[]#items": (model, set) => !model.at.has(set, "cases") && writesLegacy(model),
};

/** The name a reference most likely means where it is missing: a case's challenge is the one the other cases of its set use. */
const NEAREST: Record<string, (model: PackModel, owner: object) => string | undefined> = {
  "input_sets[].cases[]#challenge_key": (model, owner) => {
    const set = model.bundle.input_sets.find((s) => s.cases.includes(owner as never));
    return set?.cases.find((c) => c !== owner && c.challenge_key)?.challenge_key;
  },
};
