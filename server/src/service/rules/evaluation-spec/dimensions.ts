import type { RuleContext } from "../context";
import type { PairSource } from "../../model/source";
import type { EvalStage } from "./spec";
import { enums, enumValues } from "../../catalog";
import { goTrim } from "../../util/go-quote";
import { duplicateOf, FirstSeen } from "../unique-keys";
import { keyRegistry, RegisteredJudge } from "./keys";
import { list, num, Obj, obj, SPEC, str } from "./read";

const BUILTIN = enums.builtin_dimension_keys.values as Record<string, { source: string; better_direction: string }>;
/** Includes human_preference, which is valid though the error message does not list it. */
const SOURCES = enumValues("dimension_source");
const DIRECTIONS = enumValues("better_direction");
const JUDGE_MODES = enumValues("judge_method_mode");
const HIGHER_BY_DEFAULT = new Set(["validators", "reliability", "behavioral", "llm_judge"]);
const NORMALIZED_SOURCES = new Set(["metric", "latency", "cost"]);

/** Legacy `scorecard.normalization.<key>` fields and the runtime limit a missing max falls back to. */
const LEGACY_NORMALIZATION: Record<string, { target: string; max: string; fallback: string }> = {
  latency: { target: "target_ms", max: "max_ms", fallback: "max_duration_ms" },
  cost: { target: "target_usd", max: "max_usd", fallback: "max_cost_usd" },
};

const isEmpty = (v: unknown) => v === undefined || v === null || v === "";

/**
 * The normalization `ValidateEvaluationSpec`, runtime/scoring/validation.go applies to scorecard.dimensions: string (and null) elements become objects in place, with a source entry
 * at the written string; key, metric and judge_key trimmed; built-in keys expanded (source and direction,
 * plus the legacy normalization block for latency/cost); better_direction defaulted for 0–1 sources.
 */
export const normalizeDimensions: EvalStage = (ctx, spec) => {
  const scorecard = obj(spec.scorecard);
  const dims = scorecard?.dimensions;
  if (!scorecard || !Array.isArray(dims)) return;
  dims.forEach((d, i) => {
    const dim = typeof d === "string" || d === null ? dimensionFromScalar(ctx, dims, i, d) : obj(d);
    if (!dim) return; // numbers, bools, lists: a decode error
    dims[i] = dim;
    for (const k of ["key", "metric", "judge_key"]) if (typeof dim[k] === "string") dim[k] = goTrim(dim[k] as string);
    if (isEmpty(dim.source)) expandBuiltin(ctx, spec as Obj, scorecard, dim);
    if (isEmpty(dim.better_direction) && HIGHER_BY_DEFAULT.has(str(dim.source))) dim.better_direction = "higher";
  });
};

/** `- correctness` is `{key: correctness}`, a null element an empty-key dimension; both keep the item's range. */
function dimensionFromScalar(ctx: RuleContext, dims: unknown[], i: number, value: string | null): Obj {
  const keys = new Map<string, PairSource>();
  const node = ctx.at.itemNode(dims, i);
  const span = value === null ? ctx.at.item(dims, i) : ctx.at.itemValue(dims, i);
  if (value !== null) keys.set("key", { key: span, value: span, valueNode: node });
  const dim: Obj = value === null ? {} : { key: value };
  ctx.sources.set(dim, { node, anchor: span, extent: span, keys, items: [], writtenIndex: [] });
  return dim;
}

function expandBuiltin(ctx: RuleContext, spec: Obj, scorecard: Obj, dim: Obj): void {
  const key = str(dim.key);
  const builtin = BUILTIN[key];
  if (!builtin) return;
  dim.source = builtin.source;
  dim.better_direction = builtin.better_direction;
  const fields = LEGACY_NORMALIZATION[key];
  const legacy = obj(obj(scorecard.normalization)?.[key]);
  if (!fields || !legacy || dim.normalization != null) return;
  // The filled-in normalization points at the legacy block, so its errors land where the fix goes.
  const norm: Obj = {};
  const keys = new Map<string, PairSource>();
  const take = (to: string, from: Obj, field: string): boolean => {
    const v = num(from[field]);
    if (v === undefined) return false;
    norm[to] = v;
    const pair = ctx.sources.get(from)?.keys.get(field);
    if (pair) keys.set(to, pair);
    return true;
  };
  take("target", legacy, fields.target);
  if (!take("max", legacy, fields.max)) take("max", obj(spec.runtime_limits) ?? {}, fields.fallback);
  ctx.sources.set(norm, { node: null, anchor: ctx.at.anchor(legacy), extent: ctx.at.extent(legacy), keys, items: [], writtenIndex: [] });
  dim.normalization = norm;
}

/** `ValidateEvaluationSpec`, runtime/scoring/validation.go (step 9): every dimension, after normalization, against the validators, metrics and judges. */
export const dimensionRules: EvalStage = (ctx, spec) => {
  const scorecard = obj(spec.scorecard);
  const refs: Refs = {
    ...keyRegistry(ctx),
    spec: spec as Obj,
    scorecard: scorecard ?? {},
  };
  const seen = new FirstSeen();
  list(scorecard?.dimensions).forEach((d, i) => {
    const dim = obj(d);
    if (!dim) return;
    const p = `${SPEC}.scorecard.dimensions[${i}]`;
    const key = goTrim(str(dim.key));
    const keySpan = ctx.at.value(dim, "key");
    if (key === "") return ctx.report("dimension-key-required", `${p}.key`, keySpan);
    const first = seen.check(key, ctx.nameSpan(keySpan, key));
    if (first) return ctx.report("dimension-key-duplicate", p, ctx.nameSpan(keySpan, key), duplicateOf(first, `dimension "${key}"`));
    const source = str(dim.source);
    if (!SOURCES.includes(source)) {
      return ctx.report("dimension-source-invalid", `${p}.source`, ctx.at.value(dim, "source"), { data: { expected: SOURCES } });
    }
    checkSourceReferences(ctx, dim, p, source, refs);
    checkDirection(ctx, dim, p, source);
    if (NORMALIZED_SOURCES.has(source)) checkNormalization(ctx, dim, p, key);
    const weight = num(dim.weight);
    if (weight !== undefined && weight < 0) ctx.report("dimension-weight-negative", `${p}.weight`, ctx.at.value(dim, "weight"));
    checkPassThreshold(ctx, dim, p, refs.scorecard);
  });
};

interface Refs {
  validators: FirstSeen;
  metrics: FirstSeen;
  judges: ReadonlyMap<string, RegisteredJudge>;
  spec: Obj;
  scorecard: Obj;
}

function checkSourceReferences(ctx: RuleContext, dim: Obj, p: string, source: string, refs: Refs): void {
  switch (source) {
    case "validators":
      // Entries are compared as written (not trimmed) with the trimmed validator keys.
      list(dim.validators).forEach((v, k) => {
        if (typeof v !== "string" && v !== null) return; // a decode error
        const name = v ?? "";
        if (refs.validators.has(name)) return;
        ctx.report("dimension-validator-unknown", `${p}.validators[${k}]`, ctx.at.itemValue(dim.validators as unknown[], k), {
          fill: { key: name },
          data: { kind: "validator", name },
        });
      });
      return;
    case "metric": {
      const metric = goTrim(str(dim.metric));
      const span = ctx.at.value(dim, "metric");
      if (metric === "") ctx.report("dimension-metric-required", `${p}.metric`, span);
      else if (!refs.metrics.has(metric)) {
        ctx.report("dimension-metric-unknown", `${p}.metric`, ctx.nameSpan(span, metric), {
          fill: { key: metric },
          data: { kind: "metric", name: metric },
        });
      }
      return requireNormalization(ctx, dim, p, "metric");
    }
    case "latency":
    case "cost":
      return requireNormalization(ctx, dim, p, source);
    case "behavioral": {
      const behavioral = obj(refs.spec.behavioral);
      if (behavioral && list(behavioral.signals).length > 0) return;
      // Field is evaluation_spec.behavioral; the range is the dimension that needs it.
      ctx.report("dimension-behavioral-config-required", `${SPEC}.behavioral`, ctx.at.value(dim, "source"), {
        related: behavioral ? [{ span: ctx.at.key(refs.spec, "behavioral"), message: "behavioral declares no signals" }] : undefined,
      });
      return;
    }
    case "llm_judge":
      return checkJudgeKey(ctx, dim, p, refs);
  }
}

const NORMALIZATION_REQUIRED = {
  metric: "dimension-normalization-required-metric",
  latency: "dimension-normalization-required-latency",
  cost: "dimension-normalization-required-cost",
} as const;

function requireNormalization(ctx: RuleContext, dim: Obj, p: string, source: keyof typeof NORMALIZATION_REQUIRED): void {
  if (dim.normalization == null) {
    ctx.report(NORMALIZATION_REQUIRED[source], `${p}.normalization`, ctx.at.value(dim, "normalization"));
  }
}

function checkJudgeKey(ctx: RuleContext, dim: Obj, p: string, refs: Refs): void {
  const judgeKey = goTrim(str(dim.judge_key));
  const span = ctx.at.value(dim, "judge_key");
  if (judgeKey === "") return ctx.report("dimension-judge-key-required", `${p}.judge_key`, span);
  const judge = refs.judges.get(judgeKey);
  if (!judge) {
    return ctx.report("dimension-judge-key-unknown", `${p}.judge_key`, ctx.nameSpan(span, judgeKey), {
      fill: { key: judgeKey },
      data: { kind: "judge", name: judgeKey },
    });
  }
  if (!JUDGE_MODES.includes(judge.mode)) {
    ctx.report("dimension-judge-not-numeric", `${p}.judge_key`, ctx.nameSpan(span, judgeKey), {
      fill: { key: judgeKey, mode: judge.mode },
      related: [{ span: ctx.at.value(judge.judge, "mode"), message: `judge "${judgeKey}" mode` }],
    });
  }
}

function checkDirection(ctx: RuleContext, dim: Obj, p: string, source: string): void {
  const direction = str(dim.better_direction);
  const field = `${p}.better_direction`;
  const span = ctx.at.value(dim, "better_direction");
  const mustBeHigher = (code: string) => ctx.report(code, field, span, { fill: { source, direction }, data: { expected: ["higher"] } });
  if ((source === "llm_judge" || source === "behavioral") && direction !== "" && direction !== "higher") {
    mustBeHigher(source === "llm_judge" ? "dimension-direction-llm-judge" : "dimension-direction-behavioral");
  }
  const judgeKey = goTrim(str(dim.judge_key));
  if (source !== "llm_judge" && judgeKey !== "") {
    ctx.report("dimension-judge-key-forbidden", `${p}.judge_key`, ctx.at.value(dim, "judge_key"));
  }
  if ((source === "validators" || source === "reliability") && direction !== "higher") {
    mustBeHigher("dimension-direction-validators-reliability");
  }
  if (NORMALIZED_SOURCES.has(source) && !DIRECTIONS.includes(direction)) {
    ctx.report("dimension-direction-invalid", field, span, { data: { expected: DIRECTIONS } });
  }
}

function checkNormalization(ctx: RuleContext, dim: Obj, p: string, key: string): void {
  const norm = obj(dim.normalization);
  if (!norm) return;
  const direction = str(dim.better_direction);
  // A normalization filled in from the legacy scorecard.normalization block was not written on the dimension.
  const related = ctx.at.has(dim, "normalization")
    ? undefined
    : [{ span: ctx.at.value(dim, "key"), message: `dimension "${key}" takes its normalization from scorecard.normalization.${key}` }];
  const target = num(norm.target);
  const max = num(norm.max);
  if (target === undefined) ctx.report("dimension-normalization-target-required", `${p}.normalization.target`, ctx.at.value(norm, "target"), { related });
  if (max === undefined) ctx.report("dimension-normalization-max-required", `${p}.normalization.max`, ctx.at.value(norm, "max"), { related });
  if (target === undefined || max === undefined) return;
  if (direction === "lower" && max <= target) {
    ctx.report("dimension-normalization-max-not-greater", `${p}.normalization.max`, ctx.at.value(norm, "max"), { related });
  }
  if (direction === "higher" && max >= target) {
    ctx.report("dimension-normalization-max-not-less", `${p}.normalization.max`, ctx.at.value(norm, "max"), { related });
  }
}

function checkPassThreshold(ctx: RuleContext, dim: Obj, p: string, scorecard: Obj): void {
  const binary = str(scorecard.strategy) === "binary";
  const threshold = num(dim.pass_threshold);
  const field = `${p}.pass_threshold`;
  if ((dim.gate === true || binary) && threshold === undefined) {
    const why = dim.gate === true ? ctx.at.key(dim, "gate") : ctx.at.value(scorecard, "strategy");
    ctx.report("dimension-pass-threshold-required", field, ctx.at.value(dim, "pass_threshold"), {
      related: [{ span: why, message: dim.gate === true ? "the dimension is gated" : "the strategy is binary" }],
    });
  } else if (threshold !== undefined && (threshold < 0 || threshold > 1)) {
    ctx.report("dimension-pass-threshold-range", field, ctx.at.value(dim, "pass_threshold"));
  }
}
