import type { ReportExtra, RuleContext } from "../context";
import { enumValues } from "../../catalog";
import type { Span } from "../../types";
import { goQuote, goTrim } from "../../util/go-quote";
import { goRegexpError } from "../../util/go-regexp";
import { adviseTooLarge } from "../pattern-budget";
import type { EvalSpecPostExecutionChecksItem, EvalSpecValidatorsItem, EvalStage } from "./spec";
import { catalogStructName, StrictDecoder } from "./strict-json";
import { list, num, str } from "./read";
import { reportCaseVariants } from "./decode";
import { CacheSlot } from "../../model/model-cache";
import { findCheck, reportUnknownCheck, validatorTarget } from "./post-execution-checks";

type Config = Record<string, unknown>;

/** What a per-type config check sees: the decoded config (canonical keys) and a way to report on its fields. */
class ConfigScope {
  constructor(
    readonly ctx: RuleContext,
    readonly cfg: Config,
    /** `version.evaluation_spec.validators[i].config` */
    readonly field: string,
  ) {}

  span(key: string): Span {
    return this.ctx.at.value(this.cfg, key);
  }

  has(key: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.cfg, key);
  }

  num(key: string): number | undefined {
    return num(this.cfg[key]);
  }

  str(key: string): string {
    return str(this.cfg[key]);
  }

  /** A list<string> field (the strict decode made every element a string). */
  list(key: string): string[] {
    return list(this.cfg[key]) as string[];
  }

  /** Reports on `config<suffix>`, at `key`'s value (or the config's key when `key` is not written). */
  report(code: string, suffix: string, key: string | null, extra?: ReportExtra): void {
    const span = key === null ? this.ctx.at.anchor(this.cfg) : this.span(key);
    this.ctx.report(code, this.field + suffix, span, extra);
  }

  /** `threshold`-like fields: when set, within [0, 1]. */
  unitRange(code: string, key: string): void {
    const v = this.num(key);
    if (v !== undefined && (v < 0 || v > 1)) this.report(code, `.${key}`, key);
  }

  positive(code: string, key: string): void {
    const v = this.num(key);
    if (v !== undefined && v <= 0) this.report(code, `.${key}`, key);
  }

  nonNegative(code: string, key: string, span: string = key): void {
    const v = this.num(key);
    if (v !== undefined && v < 0) this.report(code, `.${key}`, span);
  }
}

const DECODED_CONFIGS = new CacheSlot<Map<object, Record<string, unknown> | null>>("decoded validator configs");

/**
 * Each validator's config as the strict decode left it (canonical keys), or null when it did not decode, by
 * validator. Later stages (case templates, V14) read a config only when the reference could.
 */
export function decodedConfigs(ctx: RuleContext): Map<object, Record<string, unknown> | null> {
  return ctx.cache.get(DECODED_CONFIGS, () => new Map());
}

/** `ValidateEvaluationSpec` and the per-type config checks, runtime/scoring/*_validators.go, tool_call_assertion.go, postcondition.go, code_execution.go: the checks after a successful strict decode, per validator type. Each runs in the reference's order. */
const CONFIG_CHECKS: Record<string, (s: ConfigScope) => void> = {
  fuzzy_match: (s) => s.unitRange("fuzzy-match-threshold-range", "threshold"),

  numeric_match: (s) => {
    const legacy = s.num("tolerance") !== undefined || goTrim(s.str("tolerance_mode")) !== "";
    const current = s.num("absolute_tolerance") !== undefined || s.num("relative_tolerance") !== undefined;
    if (legacy && current) {
      const legacyKey = s.num("tolerance") !== undefined ? "tolerance" : "tolerance_mode";
      const currentKey = s.num("absolute_tolerance") !== undefined ? "absolute_tolerance" : "relative_tolerance";
      s.ctx.report("numeric-match-tolerance-mixed", s.field, s.ctx.at.key(s.cfg, legacyKey), {
        related: [{ span: s.ctx.at.key(s.cfg, currentKey), message: `${currentKey} is set here` }],
      });
      return;
    }
    if (legacy) {
      // The legacy form is converted first, so its errors land on absolute_tolerance/relative_tolerance.
      const mode = goTrim(s.str("tolerance_mode")) || "relative";
      if (mode !== "absolute" && mode !== "relative") {
        s.report("numeric-match-tolerance-mode-invalid", "", "tolerance_mode", { data: { expected: ["absolute", "relative"] } });
        return;
      }
      const tolerance = s.num("tolerance") ?? 0.001;
      const code = mode === "absolute" ? "numeric-match-absolute-tolerance-negative" : "numeric-match-relative-tolerance-negative";
      if (tolerance < 0) s.report(code, `.${mode}_tolerance`, "tolerance");
    } else {
      s.nonNegative("numeric-match-absolute-tolerance-negative", "absolute_tolerance");
      s.nonNegative("numeric-match-relative-tolerance-negative", "relative_tolerance");
    }
    s.positive("numeric-match-significant-digits-positive", "significant_digits");
  },

  normalized_match: (s) => {
    const pipeline = s.list("pipeline");
    const normalizations = s.list("normalizations");
    if (pipeline.length > 0 && normalizations.length > 0) {
      s.ctx.report("normalized-match-pipeline-mixed", s.field, s.ctx.at.key(s.cfg, "normalizations"), {
        related: [{ span: s.ctx.at.key(s.cfg, "pipeline"), message: "pipeline is set here" }],
      });
      return;
    }
    const [key, steps] = pipeline.length > 0 ? ["pipeline", pipeline] : ["normalizations", normalizations];
    const known = enumValues("normalized_match_step");
    steps.forEach((step, k) => {
      if (known.includes(step)) return;
      s.ctx.report("normalized-match-step-unsupported", `${s.field}.pipeline[${k}]`, s.ctx.at.itemValue(steps, k), {
        fill: { step },
        data: { expected: known, via: key },
      });
    });
  },

  token_f1: (s) => s.unitRange("token-f1-threshold-range", "threshold"),

  math_equivalence: (s) => {
    const mode = goTrim(s.str("comparison_mode")) || "symbolic";
    if (mode !== "symbolic" && mode !== "numeric") {
      s.report("math-equivalence-comparison-mode-invalid", ".comparison_mode", "comparison_mode", { data: { expected: ["symbolic", "numeric"] } });
    }
    s.nonNegative("math-equivalence-tolerance-negative", "tolerance");
  },

  bleu_score: (s) => {
    s.unitRange("bleu-threshold-range", "threshold");
    s.positive("bleu-max-ngram-positive", "max_ngram");
    const smoothing = s.str("smoothing") || "none";
    if (smoothing !== "none" && smoothing !== "method1") {
      s.report("bleu-smoothing-invalid", ".smoothing", "smoothing", { data: { expected: enumValues("bleu_smoothing") } });
    }
  },

  rouge_score: (s) => {
    s.unitRange("rouge-threshold-range", "threshold");
    const variants = enumValues("rouge_variant");
    if (!variants.includes(s.str("variant") || "rouge-l")) s.report("rouge-variant-invalid", ".variant", "variant", { data: { expected: variants } });
    s.positive("rouge-beta-positive", "beta");
  },

  chrf_score: (s) => {
    s.unitRange("chrf-threshold-range", "threshold");
    s.positive("chrf-char-order-positive", "char_order");
    s.positive("chrf-beta-positive", "beta");
  },

  code_execution: (s) => {
    if (goTrim(s.str("test_command")) === "") s.report("code-execution-test-command-required", ".test_command", "test_command");
    s.positive("code-execution-timeout-positive", "timeout_ms");
    const scoring = s.str("scoring") || "fraction_passed";
    const modes = enumValues("code_execution_scoring");
    if (!modes.includes(scoring)) s.report("code-execution-scoring-invalid", ".scoring", "scoring", { data: { expected: modes } });
    if (scoring === "pass_at_k") s.report("code-execution-pass-at-k-unsupported", ".scoring", "scoring");
    s.unitRange("code-execution-pass-threshold-range", "pass_threshold");
  },

  tool_call_assertion: (s) => {
    const count = s.num("count");
    const min = s.num("min_count");
    const max = s.num("max_count");
    const mustCall = s.cfg.must_call;
    s.nonNegative("tca-count-negative", "count");
    s.nonNegative("tca-min-count-negative", "min_count");
    s.nonNegative("tca-max-count-negative", "max_count");
    if (count !== undefined && (min !== undefined || max !== undefined)) s.report("tca-count-combined", ".count", "count");
    if (min !== undefined && max !== undefined && min > max) s.report("tca-min-greater-than-max", ".min_count", "min_count");
    if (typeof mustCall === "boolean" && (count !== undefined || min !== undefined || max !== undefined)) {
      if (mustCall && count === 0) s.report("tca-must-call-true-count-zero", ".must_call", "must_call");
      if (mustCall && max === 0) s.report("tca-must-call-true-max-zero", ".must_call", "must_call");
      if (!mustCall && count !== undefined && count > 0) s.report("tca-must-call-false-count-positive", ".must_call", "must_call");
      if (!mustCall && min !== undefined && min > 0) s.report("tca-must-call-false-min-positive", ".must_call", "must_call");
    }
    // arguments_contain is raw JSON: written at all (even null) means set, and it must be an object.
    const args = s.cfg.arguments_contain;
    if (s.has("arguments_contain") && (args === null || typeof args !== "object" || Array.isArray(args))) {
      s.report("tca-arguments-contain-not-object", ".arguments_contain", "arguments_contain");
    }
    const tools = s.list("ordered_tools");
    tools.forEach((tool, k) => {
      if (goTrim(tool) === "") {
        s.ctx.report("tca-ordered-tool-empty", `${s.field}.ordered_tools[${k}]`, s.ctx.at.itemValue(tools, k));
      }
    });
    const orderMode = goTrim(s.str("order_mode"));
    if (orderMode !== "") {
      if (orderMode !== "subsequence" && orderMode !== "exact") {
        s.report("tca-order-mode-invalid", ".order_mode", "order_mode", { data: { expected: enumValues("tool_call_order_mode") } });
      }
      if (tools.length === 0) s.report("tca-ordered-tools-required", ".ordered_tools", s.has("ordered_tools") ? "ordered_tools" : "order_mode");
    }
    const any =
      goTrim(s.str("tool_name")) !== "" ||
      typeof mustCall === "boolean" ||
      count !== undefined ||
      min !== undefined ||
      max !== undefined ||
      s.has("arguments_contain") ||
      tools.length > 0;
    if (!any) s.report("tca-no-assertion", "", null);
  },

  postcondition: (s) => {
    const condition = goTrim(s.str("condition"));
    const jsonPath = goTrim(s.str("json_path"));
    const hasValue = s.has("value");
    // Go decodes the raw value into a string: a string or null passes.
    const stringValue = hasValue && (typeof s.cfg.value === "string" || s.cfg.value === null);
    const jsonPathForbidden = () => {
      if (jsonPath !== "") s.report("postcondition-json-path-forbidden", ".json_path", "json_path", { fill: { condition } });
    };
    switch (condition) {
      case "exists":
      case "not_exists":
        if (hasValue) s.report("postcondition-value-forbidden", ".value", "value", { fill: { condition } });
        jsonPathForbidden();
        break;
      case "contains":
      case "not_contains":
        if (!stringValue) s.report("postcondition-value-not-string", ".value", "value");
        jsonPathForbidden();
        break;
      case "regex_match": {
        if (!stringValue) {
          s.report("postcondition-value-not-regex-string", ".value", "value");
          break;
        }
        const pattern = typeof s.cfg.value === "string" ? s.cfg.value : "";
        const problem = adviseTooLarge(s.ctx, `${s.field}.value`, s.span("value"), pattern) ? undefined : goRegexpError(pattern);
        if (problem !== undefined) s.report("postcondition-value-invalid-regex", ".value", "value", { fill: { err: problem } });
        jsonPathForbidden();
        break;
      }
      case "json_path_match":
        if (jsonPath === "") s.report("postcondition-json-path-required", ".json_path", "json_path");
        if (!hasValue) s.report("postcondition-value-required", ".value", "value");
        break;
      case "equals":
        if (!hasValue) s.report("postcondition-value-required", ".value", "value");
        jsonPathForbidden();
        break;
      case "":
        s.report("postcondition-condition-required", ".condition", "condition");
        break;
      default:
        s.report("postcondition-condition-invalid", ".condition", "condition", { data: { expected: enumValues("postcondition_condition") } });
    }
  },
};

/**
 * Step (2) of V13, the parts of the per-validator pass that are about config and check references:
 * the config by type (`ValidateEvaluationSpec` and the per-type config checks, runtime/scoring/*_validators.go, tool_call_assertion.go, postcondition.go, code_execution.go), then code_execution / postcondition references to post_execution_checks (`ValidateEvaluationSpec`, runtime/scoring/validation.go).
 */
export const validatorConfigStage: EvalStage = (ctx, spec) => {
  const checks = spec.post_execution_checks ?? [];
  (spec.validators ?? []).forEach((v, i) => {
    checkConfig(ctx, v, i);
    checkReferences(ctx, v, i, checks);
  });
};

function checkConfig(ctx: RuleContext, v: EvalSpecValidatorsItem, i: number): void {
  const type = typeof v.type === "string" ? v.type : "";
  const check = Object.prototype.hasOwnProperty.call(CONFIG_CHECKS, type) ? CONFIG_CHECKS[type] : undefined;
  if (!check) return; // unknown types and types without config checks accept any config
  const field = `version.evaluation_spec.validators[${i}].config`;
  if (!Object.prototype.hasOwnProperty.call(v, "config")) {
    // `config: ~` is written, hence present; only a missing key counts as absent.
    if (type === "postcondition") ctx.report("validator-config-required", field, ctx.at.value(v, "config"));
    if (type === "tool_call_assertion") ctx.report("tca-config-required", field, ctx.at.value(v, "config"));
    return;
  }
  const entry = `config:${type}`;
  decodedConfigs(ctx).set(v, null);
  const decoder = new StrictDecoder(ctx.sources, ctx.at);
  const cfg = decoder.decodeRoot(v.config, entry, `scoring.${catalogStructName(entry)}`, ctx.at.value(v, "config"), ctx.at.key(v, "config"));
  // Go's decoder keeps only its first error, in the order it meets keys (sorted: the config was re-encoded as
  // JSON), and the reference checks nothing else in this config.
  const first = decoder.issues[0];
  if (first) ctx.report("validator-config-invalid-json", field, first.span, { fill: { err: first.error }, data: first.data });
  reportCaseVariants(ctx, decoder.caseVariants);
  if (!cfg || decoder.issues.length > 0) return;
  decodedConfigs(ctx).set(v, cfg);
  check(new ConfigScope(ctx, cfg, field));
}

function checkReferences(ctx: RuleContext, v: EvalSpecValidatorsItem, i: number, checks: readonly EvalSpecPostExecutionChecksItem[]): void {
  const target = validatorTarget(v);
  const ref = target.startsWith("file:") ? target.slice("file:".length) : target;
  if (v.type === "code_execution") {
    const check = findCheck(checks, ref);
    if (!check) reportUnknownCheck(ctx, "validator-code-execution-check-unknown", v, i, ref);
    else if (check.type !== "file_capture") {
      ctx.report(
        "validator-code-execution-check-not-file-capture",
        `version.evaluation_spec.validators[${i}].target`,
        ctx.nameSpan(ctx.at.value(v, "target"), ref),
        {
          related: [{ span: ctx.at.value(check, "type"), message: `post_execution_check ${goQuote(ref)} has type ${goQuote(String(check.type ?? ""))}` }],
        },
      );
    }
  }
  if (v.type === "postcondition" && target.startsWith("file:") && checks.length === 0) {
    reportUnknownCheck(ctx, "validator-postcondition-no-checks", v, i, ref);
  }
}
