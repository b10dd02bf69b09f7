import type { RuleBook } from "../../types";
import { spec } from "./excerpts";

/** The rules of `metrics.ts`: their pages' text and the examples that show and test them. */
export const metricsBook: RuleBook = [
  {
    code: "metric-key-required",
    wrong: 'version:\n  evaluation_spec:\n    metrics:\n      - key: ⟦""⟧',
    right: "version:\n  evaluation_spec:\n    metrics:\n      - key: refund-question",
  },
  {
    code: "metric-key-duplicate",
    wrong: "version:\n  evaluation_spec:\n    metrics:\n      - key: refund-question\n      - key: ⟦refund-question⟧",
    right: "version:\n  evaluation_spec:\n    metrics:\n      - key: refund-question\n      - key: billing-question",
  },
  {
    code: "metric-type-unsupported",
    ...spec(
      "metrics:\n  - key: latency_ms\n    type: ⟦duration⟧\n    collector: run_total_latency_ms\n",
      "metrics:\n  - key: latency_ms\n    type: numeric\n    collector: run_total_latency_ms\n",
    ),
  },
  {
    code: "metric-collector-required",
    wrong: 'version:\n  evaluation_spec:\n    metrics:\n      - collector: ⟦""⟧',
    right: "version:\n  evaluation_spec:\n    metrics:\n      - collector: run_total_latency_ms",
  },
  {
    code: "metric-collector-unsupported",
    ...spec(
      "metrics:\n  - key: calibration\n    type: numeric\n    collector: ⟦behavioral_confidence_calibration_score⟧\n",
      "metrics:\n  - key: latency_ms\n    type: numeric\n    collector: run_total_latency_ms\n",
    ),
  },
];
