import type { RuleContext } from "../context";
import type { EvalSpec, EvalStage } from "./spec";
import { enumValues } from "../../catalog";
import { lastFoldKey, pathBelow, typeMismatchText } from "../../util/go-json";
import { goQuote, goTrim, isBlank } from "../../util/go-quote";
import { jsonSchemaDecodeError } from "../../util/json-schema-decode";
import { duplicateOf } from "../unique-keys";
import { isSupportedEvidenceReference } from "./evidence";
import { judgeProvider } from "./judge-providers";
import { keyRegistry } from "./keys";
import { isObj, list, num, Obj, obj, SPEC, str } from "./read";

const MODES = enumValues("judge_method_mode");
const AGGREGATIONS = enumValues("consensus_aggregation");
const SCHEMA_DRAFTS = enumValues("judge_output_schema_draft");
const DEFAULT_SAMPLES = 3;
const MAX_SAMPLES = 10;
const SECRET_NEEDLES = ["${secrets.", "${ secrets.", "${secrets ."];

/** The trimming `ValidateEvaluationSpec`, runtime/scoring/validation.go does for llm_judges: key, model, reference_from and every models[] entry trimmed; samples 0 → 3. */
export const normalizeJudges: EvalStage = (_ctx, spec) => {
  for (const j of list(spec.llm_judges)) {
    if (!isObj(j)) continue;
    for (const k of ["key", "model", "reference_from"]) if (typeof j[k] === "string") j[k] = goTrim(j[k] as string);
    if (Array.isArray(j.models)) {
      // A null entry of a Go []string decodes as "".
      j.models.forEach((m, k, models) => {
        if (typeof m === "string" || m === null) models[k] = goTrim(m ?? "");
      });
    }
    if (j.samples === undefined || j.samples === null || j.samples === 0) j.samples = DEFAULT_SAMPLES;
  }
};

/**
 * Step (8) of V13 (`ValidateEvaluationSpec`, runtime/scoring/validation_judges.go): every llm_judge, then scorecard.judge_limits. A judge is registered in the shared key
 * namespace (whatever its mode) unless its key is blank, repeats an earlier registered judge, or collides
 * with a validator or metric key; nothing else is checked for a judge that is not registered.
 */
export const judgeRules: EvalStage = (ctx, spec) => {
  const keys = keyRegistry(ctx);
  list(spec.llm_judges).forEach((item, i) => {
    const judge = obj(item);
    if (!judge) return; // not an object: a decode error
    const p = `${SPEC}.llm_judges[${i}]`;
    const key = goTrim(str(judge.key));
    const keySpan = ctx.at.value(judge, "key");
    if (key === "") return ctx.report("judge-key-required", `${p}.key`, keySpan);
    const earlier = keys.judges.get(key);
    if (earlier) {
      const first = ctx.nameSpan(ctx.at.value(earlier.judge, "key"), key);
      return ctx.report("judge-key-duplicate", `${p}.key`, ctx.nameSpan(keySpan, key), duplicateOf(first, `judge "${key}"`));
    }
    const collisions = [
      ["validator", keys.validators, "judge-key-collides-validator"],
      ["metric", keys.metrics, "judge-key-collides-metric"],
    ] as const;
    for (const [kind, declared, code] of collisions) {
      const first = declared.at(key);
      if (first) {
        return ctx.report(code, `${p}.key`, ctx.nameSpan(keySpan, key), {
          fill: { key },
          related: [{ span: ctx.nameSpan(first, key), message: `${kind} "${key}"` }],
        });
      }
    }
    keys.judges.set(key, { mode: str(judge.mode), judge });
    checkJudge(ctx, judge, p);
  });
  checkJudgeLimits(ctx, spec);
};

/** The judge texts that must not name a secret, each with its code. */
const SECRET_REFERENCE_CODES = [
  ["rubric", "judge-rubric-secret-reference"],
  ["assertion", "judge-assertion-secret-reference"],
  ["prompt", "judge-prompt-secret-reference"],
] as const;

function checkJudge(ctx: RuleContext, j: Obj, p: string): void {
  const mode = str(j.mode);
  if (!MODES.includes(mode)) {
    ctx.report("judge-mode-invalid", `${p}.mode`, ctx.at.value(j, "mode"), { data: { expected: MODES } });
    return;
  }
  checkModeText(ctx, j, p, mode);
  const multi = checkModels(ctx, j, p);
  checkSamples(ctx, j, p);
  checkConsensus(ctx, j, p, mode, multi);
  list(j.context_from).forEach((c, k) => {
    const ref = c === null ? "" : c;
    if (typeof ref === "string" && !isSupportedEvidenceReference(ref)) {
      ctx.report("judge-context-from-unsupported", `${p}.context_from[${k}]`, ctx.at.itemValue(j.context_from as unknown[], k));
    }
  });
  checkOutputSchema(ctx, j, p);
  for (const [field, code] of SECRET_REFERENCE_CODES) {
    const needle = secretReference(str(j[field]));
    if (needle) {
      ctx.report(code, `${p}.${field}`, ctx.nameSpan(ctx.at.value(j, field), needle));
    }
  }
  const scale = obj(j.score_scale);
  if (scale && (num(scale.min) ?? 0) >= (num(scale.max) ?? 0)) {
    ctx.report("judge-score-scale-invalid", `${p}.score_scale`, ctx.at.key(j, "score_scale"));
  }
  const timeout = num(j.timeout_ms);
  if (timeout !== undefined && timeout <= 0) ctx.report("judge-timeout-positive", `${p}.timeout_ms`, ctx.at.value(j, "timeout_ms"));
}

function checkModeText(ctx: RuleContext, j: Obj, p: string, mode: string): void {
  const required = (field: string, code: string) => {
    if (isBlank(str(j[field]))) ctx.report(code, `${p}.${field}`, ctx.at.value(j, field));
  };
  switch (mode) {
    case "rubric":
      return required("rubric", "judge-rubric-required-rubric-mode");
    case "reference": {
      required("rubric", "judge-rubric-required-reference-mode");
      const ref = goTrim(str(j.reference_from));
      if (ref === "") ctx.report("judge-reference-from-required", `${p}.reference_from`, ctx.at.value(j, "reference_from"));
      else if (!isSupportedEvidenceReference(ref)) {
        ctx.report("judge-reference-from-unsupported", `${p}.reference_from`, ctx.at.value(j, "reference_from"));
      }
      return;
    }
    case "assertion":
      return required("assertion", "judge-assertion-required");
    case "n_wise":
      return required("prompt", "judge-prompt-required");
  }
}

/** Exactly one of model / models, each model inferable to a provider. Returns whether models is set. */
function checkModels(ctx: RuleContext, j: Obj, p: string): boolean {
  const model = goTrim(str(j.model));
  const models = list(j.models);
  if (model === "" && models.length === 0) {
    ctx.report("judge-model-missing", `${p}.model`, ctx.at.value(j, "model"));
  } else if (model !== "" && models.length > 0) {
    ctx.report("judge-model-both", `${p}.models`, ctx.at.key(j, "models"), {
      related: [{ span: ctx.at.value(j, "model"), message: "model is set here too" }],
    });
  } else if (models.length > 0) {
    models.forEach((m, k) => {
      if (typeof m !== "string") return; // a decode error
      const span = ctx.at.itemValue(models, k);
      if (goTrim(m) === "") ctx.report("judge-models-entry-empty", `${p}.models[${k}]`, span);
      else if (!judgeProvider(m)) ctx.report("judge-models-entry-provider-unknown", `${p}.models[${k}]`, span);
    });
  } else if (!judgeProvider(model)) {
    ctx.report("judge-model-provider-unknown", `${p}.model`, ctx.at.value(j, "model"));
  }
  return models.length > 0;
}

function checkSamples(ctx: RuleContext, j: Obj, p: string): void {
  const samples = num(j.samples);
  if (samples === undefined) return;
  if (samples < 0) ctx.report("judge-samples-negative", `${p}.samples`, ctx.at.value(j, "samples"));
  else if (samples > MAX_SAMPLES) ctx.report("judge-samples-ceiling", `${p}.samples`, ctx.at.value(j, "samples"));
}

function checkConsensus(ctx: RuleContext, j: Obj, p: string, mode: string, multi: boolean): void {
  const consensus = obj(j.consensus);
  const models = list(j.models);
  if (multi && models.length > 1) {
    if (!consensus) {
      ctx.report("judge-consensus-required", `${p}.consensus`, ctx.at.value(j, "consensus"), {
        related: [{ span: ctx.at.key(j, "models"), message: `${models.length} models are declared here` }],
      });
      return;
    }
    const aggregation = str(consensus.aggregation);
    const aggSpan = ctx.at.value(consensus, "aggregation");
    const field = `${p}.consensus.aggregation`;
    if (!AGGREGATIONS.includes(aggregation)) {
      ctx.report("judge-consensus-aggregation-invalid", field, aggSpan, { data: { expected: AGGREGATIONS } });
      return;
    }
    if ((aggregation === "median" || aggregation === "mean") && mode === "assertion") {
      ctx.report("judge-consensus-numeric-only", field, aggSpan, { fill: { aggregation } });
    } else if (aggregation === "majority_vote" && mode !== "assertion") {
      ctx.report("judge-consensus-majority-assertion-only", field, aggSpan);
    }
    const threshold = num(consensus.min_agreement_threshold) ?? 0;
    if (threshold < 0 || threshold > 1) {
      ctx.report("judge-consensus-threshold-range", `${p}.consensus.min_agreement_threshold`, ctx.at.value(consensus, "min_agreement_threshold"));
    }
  } else if (consensus) {
    ctx.report("judge-consensus-single-model", `${p}.consensus`, ctx.at.key(j, "consensus"));
  }
}

/**
 * output_schema must decode as a JSON Schema (null decodes as the false schema) and name a supported draft.
 * The range is the offending value inside the schema.
 */
function checkOutputSchema(ctx: RuleContext, j: Obj, p: string): void {
  const schema = j.output_schema;
  if (schema === undefined) return;
  const field = `${p}.output_schema`;
  const err = jsonSchemaDecodeError(schema);
  if (err) {
    ctx.report("judge-output-schema-invalid", field, ctx.at.pathValue(j, ["output_schema", ...err.path]), {
      fill: { err: err.message },
      text: err.mismatch && typeMismatchText(pathBelow(field, err.path), err.mismatch.expected, err.mismatch.kind),
    });
    return;
  }
  // The decoded Schema's $schema field: keys match case-insensitively, the last one in Go's order wins.
  const draftKey = isObj(schema) ? lastFoldKey(schema, "$schema") : undefined;
  const draft = draftKey === undefined ? "" : str((schema as Obj)[draftKey]);
  if (!SCHEMA_DRAFTS.includes(draft)) {
    ctx.report("judge-output-schema-invalid", field, ctx.at.value(schema as Obj, draftKey ?? "$schema"), {
      fill: { err: `unsupported JSON schema draft ${goQuote(draft)}` },
      data: { expected: SCHEMA_DRAFTS.filter((d) => d !== "") },
    });
  }
}

/** The `${secrets.` form found in judge prompt text, if any (the secret scan of runtime/scoring/validation_judges.go). */
function secretReference(text: string): string | undefined {
  return SECRET_NEEDLES.find((n) => text.includes(n));
}

/** `ValidateEvaluationSpec`, runtime/scoring/validation_judges.go: scorecard.judge_limits, when present. */
function checkJudgeLimits(ctx: RuleContext, spec: EvalSpec): void {
  const limits = obj(obj(spec.scorecard)?.judge_limits);
  if (!limits) return;
  const p = `${SPEC}.scorecard.judge_limits`;
  const samples = num(limits.max_samples_per_judge) ?? 0;
  if (samples < 0 || samples > MAX_SAMPLES) {
    ctx.report("judge-limits-max-samples-range", `${p}.max_samples_per_judge`, ctx.at.value(limits, "max_samples_per_judge"));
  }
  if ((num(limits.max_calls_usd) ?? 0) < 0) {
    ctx.report("judge-limits-max-calls-usd-negative", `${p}.max_calls_usd`, ctx.at.value(limits, "max_calls_usd"));
  }
  if ((num(limits.max_tokens) ?? 0) < 0) {
    ctx.report("judge-limits-max-tokens-negative", `${p}.max_tokens`, ctx.at.value(limits, "max_tokens"));
  }
}
