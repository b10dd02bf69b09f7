import type { RuleContext } from "../context";

/**
 * The evaluation_spec as the reference strictly decodes it (the catalog's `known_keys`, server/data/pack-rules.json, `version.evaluation_spec*`):
 * JSON-like data with canonical key names. Every key may be absent (Go zero values are not filled in here;
 * absent means zero/empty). Generated from the catalog's known keys; keep in step with pack-rules.json.
 */

/** `version.evaluation_spec`. Go struct name in type errors: EvaluationSpec. */
export interface EvalSpec {
  name?: string;
  version_number?: number;
  judge_mode?: string;
  validators?: EvalSpecValidatorsItem[];
  metrics?: EvalSpecMetricsItem[];
  behavioral?: EvalSpecBehavioral;
  llm_judges?: EvalSpecLlmJudgesItem[];
  post_execution_checks?: EvalSpecPostExecutionChecksItem[];
  runtime_limits?: EvalSpecRuntimeLimits;
  pricing?: EvalSpecPricing;
  scorecard?: EvalSpecScorecard;
}

/** `version.evaluation_spec.validators[]`. Struct name: ValidatorDeclaration. */
export interface EvalSpecValidatorsItem {
  key?: string;
  type?: string;
  target?: string;
  expected_from?: string;
  config?: unknown;
}

/** `version.evaluation_spec.metrics[]`. Struct name: MetricDeclaration. */
export interface EvalSpecMetricsItem {
  key?: string;
  type?: string;
  collector?: string;
  unit?: string;
}

/** `version.evaluation_spec.behavioral`. Struct name: BehavioralConfig. */
export interface EvalSpecBehavioral {
  signals?: EvalSpecBehavioralSignalsItem[];
}

/** `version.evaluation_spec.behavioral.signals[]`. Struct name: BehavioralSignalDeclaration. */
export interface EvalSpecBehavioralSignalsItem {
  key?: string;
  weight?: number;
  gate?: boolean;
  pass_threshold?: number;
}

/** `version.evaluation_spec.llm_judges[]`. Struct name: LLMJudgeDeclaration. */
export interface EvalSpecLlmJudgesItem {
  mode?: string;
  key?: string;
  model?: string;
  models?: string[];
  samples?: number;
  context_from?: string[];
  output_schema?: unknown;
  score_scale?: EvalSpecLlmJudgesItemScoreScale;
  rubric?: string;
  assertion?: string;
  expect?: boolean;
  prompt?: string;
  position_debiasing?: boolean;
  reference_from?: string;
  consensus?: EvalSpecLlmJudgesItemConsensus;
  anti_gaming_clauses?: string[];
  timeout_ms?: number;
}

/** `version.evaluation_spec.llm_judges[].score_scale`. Struct name: ScoreScale. */
export interface EvalSpecLlmJudgesItemScoreScale {
  min?: number;
  max?: number;
}

/** `version.evaluation_spec.llm_judges[].consensus`. Struct name: ConsensusConfig. */
export interface EvalSpecLlmJudgesItemConsensus {
  aggregation?: string;
  min_agreement_threshold?: number;
  flag_on_disagreement?: boolean;
}

/** `version.evaluation_spec.post_execution_checks[]`. Struct name: PostExecutionCheck. */
export interface EvalSpecPostExecutionChecksItem {
  key?: string;
  type?: string;
  path?: string;
  recursive?: boolean;
  max_size_bytes?: number;
}

/** `version.evaluation_spec.runtime_limits`. Struct name: RuntimeLimits. */
export interface EvalSpecRuntimeLimits {
  max_total_tokens?: number;
  max_cost_usd?: number;
  max_duration_ms?: number;
  max_iterations?: number;
}

/** `version.evaluation_spec.pricing`. Struct name: PricingConfig. */
export interface EvalSpecPricing {
  models?: EvalSpecPricingModelsItem[];
}

/** `version.evaluation_spec.pricing.models[]`. Struct name: ModelPricing. */
export interface EvalSpecPricingModelsItem {
  provider_key?: string;
  provider_model_id?: string;
  input_cost_per_million_tokens?: number;
  output_cost_per_million_tokens?: number;
}

/** `version.evaluation_spec.scorecard`. Struct name: ScorecardDeclaration. */
export interface EvalSpecScorecard {
  dimensions?: (string | EvalSpecScorecardDimensionsItem | null)[];
  normalization?: EvalSpecScorecardNormalization;
  strategy?: string;
  pass_threshold?: number;
  judge_limits?: EvalSpecScorecardJudgeLimits;
}

/** `version.evaluation_spec.scorecard.normalization`. Struct name: ScorecardNormalization. */
export interface EvalSpecScorecardNormalization {
  latency?: EvalSpecScorecardNormalizationLatency;
  cost?: EvalSpecScorecardNormalizationCost;
}

/** `version.evaluation_spec.scorecard.normalization.latency`. Struct name: LatencyNormalization. */
export interface EvalSpecScorecardNormalizationLatency {
  target_ms?: number;
  max_ms?: number;
}

/** `version.evaluation_spec.scorecard.normalization.cost`. Struct name: CostNormalization. */
export interface EvalSpecScorecardNormalizationCost {
  target_usd?: number;
  max_usd?: number;
}

/** `version.evaluation_spec.scorecard.judge_limits`. Struct name: JudgeLimits. */
export interface EvalSpecScorecardJudgeLimits {
  max_samples_per_judge?: number;
  max_calls_usd?: number;
  max_tokens?: number;
}

/** `version.evaluation_spec.scorecard.dimensions[]`. Either a plain string (= key only) or this object. Decoded by its own strict decoder (struct name Alias); its errors abort the whole decode. */
export interface EvalSpecScorecardDimensionsItem {
  key?: string;
  source?: string;
  validators?: string[];
  metric?: string;
  better_direction?: string;
  normalization?: EvalSpecScorecardDimensionsItemNormalization;
  weight?: number;
  judge_key?: string;
  gate?: boolean;
  pass_threshold?: number;
}

/** `version.evaluation_spec.scorecard.dimensions[].normalization`. Struct name: DimensionNormalization. */
export interface EvalSpecScorecardDimensionsItemNormalization {
  target?: number;
  max?: number;
}

/** One step of the evaluation_spec check: a normalizer or a validation stage (index.ts runs them in order). */
export type EvalStage = (ctx: RuleContext, spec: EvalSpec) => void;
