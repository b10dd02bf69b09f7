import type { RuleBook } from "../../types";
import { markIn } from "../../util/excerpt";
import { spec, validator, config, tca, postcondition, codeExecution, CHECK, SOLUTION, validatorConfig } from "./excerpts";

/** The rules of `validator-config.ts`: their pages' text and the examples that show and test them. */
export const validatorConfigBook: RuleBook = [
  {
    code: "validator-config-required",
    ...markIn(
      spec(validator("postcondition", "", "file:report", ""), validator("postcondition", "config:\n  condition: exists\n", "file:report", "")),
      "- key: answer-check",
      "-",
    ),
  },
  { code: "validator-config-required", ...markIn(validatorConfig("postcondition", null, "{condition: exists}"), "- key: v", "-") },
  { code: "validator-config-invalid-json", ...config("fuzzy_match", "threshold: ⟦high⟧\n", "threshold: 0.8\n") },
  {
    code: "tca-config-required",
    ...markIn(
      spec(validator("tool_call_assertion", "", "tool_calls", ""), validator("tool_call_assertion", "config:\n  tool_name: lookup_order\n", "tool_calls", "")),
      "- key: answer-check",
      "-",
    ),
  },
  { code: "tca-config-required", ...markIn(validatorConfig("tool_call_assertion", null, "{tool_name: search}"), "- key: v", "-") },
  { code: "numeric-match-tolerance-mixed", ...config("numeric_match", "⟦tolerance_mode⟧: absolute\nabsolute_tolerance: 0.5\n", "absolute_tolerance: 0.5\n") },
  {
    code: "numeric-match-tolerance-mixed",
    ...validatorConfig("numeric_match", "{⟦tolerance⟧: 0.1, absolute_tolerance: 0.2}", "{tolerance: 0.1, tolerance_mode: absolute}"),
  },
  {
    code: "numeric-match-tolerance-mode-invalid",
    ...config("numeric_match", "tolerance_mode: ⟦percent⟧\ntolerance: 5\n", "tolerance_mode: relative\ntolerance: 0.05\n"),
  },
  { code: "numeric-match-tolerance-mode-invalid", ...validatorConfig("numeric_match", "{tolerance_mode: ⟦percent⟧}", "{tolerance_mode: ' relative '}") },
  {
    code: "normalized-match-pipeline-mixed",
    ...config("normalized_match", "pipeline: [trim]\n⟦normalizations⟧: [lowercase]\n", "pipeline: [trim, lowercase]\n"),
  },
  {
    code: "normalized-match-pipeline-mixed",
    ...validatorConfig("normalized_match", "{pipeline: [trim], ⟦normalizations⟧: [lowercase]}", "{pipeline: [trim], normalizations: []}"),
  },
  { code: "fuzzy-match-threshold-range", ...config("fuzzy_match", "threshold: ⟦80⟧\n", "threshold: 0.8\n") },
  { code: "fuzzy-match-threshold-range", ...validatorConfig("fuzzy_match", "{threshold: ⟦1.5⟧}", "{threshold: 1}") },
  { code: "numeric-match-absolute-tolerance-negative", ...config("numeric_match", "absolute_tolerance: ⟦-0.5⟧\n", "absolute_tolerance: 0.5\n") },
  { code: "numeric-match-absolute-tolerance-negative", ...validatorConfig("numeric_match", "{absolute_tolerance: ⟦-1⟧}", "{absolute_tolerance: 0}") },
  { code: "numeric-match-relative-tolerance-negative", ...config("numeric_match", "relative_tolerance: ⟦-0.05⟧\n", "relative_tolerance: 0.05\n") },
  { code: "numeric-match-relative-tolerance-negative", ...validatorConfig("numeric_match", "{relative_tolerance: ⟦-0.5⟧}", "{relative_tolerance: 0.5}") },
  { code: "numeric-match-significant-digits-positive", ...config("numeric_match", "significant_digits: ⟦0⟧\n", "significant_digits: 3\n") },
  { code: "numeric-match-significant-digits-positive", ...validatorConfig("numeric_match", "{significant_digits: ⟦0⟧}", "{significant_digits: 3}") },
  { code: "normalized-match-step-unsupported", ...config("normalized_match", "pipeline: [trim, ⟦uppercase⟧]\n", "pipeline: [trim, lowercase]\n") },
  {
    code: "normalized-match-step-unsupported",
    ...validatorConfig("normalized_match", "{pipeline: [trim, ⟦Lowercase⟧]}", "{pipeline: [trim, lowercase, sort_lines]}"),
    message: '"Lowercase" is not a supported normalization step',
  },
  { code: "token-f1-threshold-range", ...config("token_f1", "threshold: ⟦1.5⟧\n", "threshold: 0.7\n") },
  { code: "token-f1-threshold-range", ...validatorConfig("token_f1", "{threshold: ⟦-0.1⟧}", "{threshold: 0}") },
  { code: "math-equivalence-comparison-mode-invalid", ...config("math_equivalence", "comparison_mode: ⟦exact⟧\n", "comparison_mode: numeric\n") },
  { code: "math-equivalence-comparison-mode-invalid", ...validatorConfig("math_equivalence", "{comparison_mode: ⟦exact⟧}", "{comparison_mode: ' numeric '}") },
  {
    code: "math-equivalence-tolerance-negative",
    ...config("math_equivalence", "comparison_mode: numeric\ntolerance: ⟦-0.01⟧\n", "comparison_mode: numeric\ntolerance: 0.01\n"),
  },
  { code: "math-equivalence-tolerance-negative", ...validatorConfig("math_equivalence", "{tolerance: ⟦-1⟧}", "{tolerance: 0.01}") },
  { code: "bleu-threshold-range", ...config("bleu_score", "threshold: ⟦40⟧\n", "threshold: 0.4\n") },
  { code: "bleu-threshold-range", ...validatorConfig("bleu_score", "{threshold: ⟦2⟧}", "{threshold: 0.3}") },
  { code: "bleu-max-ngram-positive", ...config("bleu_score", "max_ngram: ⟦0⟧\n", "max_ngram: 4\n") },
  { code: "bleu-max-ngram-positive", ...validatorConfig("bleu_score", "{max_ngram: ⟦0⟧}", "{max_ngram: ~}") },
  { code: "bleu-smoothing-invalid", ...config("bleu_score", "smoothing: ⟦laplace⟧\n", "smoothing: method1\n") },
  { code: "bleu-smoothing-invalid", ...validatorConfig("bleu_score", "{smoothing: ⟦method2⟧}", "{smoothing: method1}") },
  { code: "rouge-threshold-range", ...config("rouge_score", "threshold: ⟦50⟧\n", "threshold: 0.5\n") },
  { code: "rouge-threshold-range", ...validatorConfig("rouge_score", "{threshold: ⟦1.01⟧}", "{threshold: 0.99}") },
  { code: "rouge-variant-invalid", ...config("rouge_score", "variant: ⟦rouge-3⟧\n", "variant: rouge-l\n") },
  { code: "rouge-variant-invalid", ...validatorConfig("rouge_score", "{variant: ⟦rouge-L⟧}", "{variant: rouge-2}") },
  { code: "rouge-beta-positive", ...config("rouge_score", "beta: ⟦0⟧\n", "beta: 1.2\n") },
  { code: "rouge-beta-positive", ...validatorConfig("rouge_score", "{beta: ⟦0⟧}", "{beta: 1.2}") },
  { code: "chrf-threshold-range", ...config("chrf_score", "threshold: ⟦60⟧\n", "threshold: 0.6\n") },
  { code: "chrf-threshold-range", ...validatorConfig("chrf_score", "{threshold: ⟦-1⟧}", "{threshold: 0.5}") },
  { code: "chrf-char-order-positive", ...config("chrf_score", "char_order: ⟦0⟧\n", "char_order: 6\n") },
  { code: "chrf-char-order-positive", ...validatorConfig("chrf_score", "{char_order: ⟦-6⟧}", "{char_order: 6}") },
  { code: "chrf-beta-positive", ...config("chrf_score", "beta: ⟦-1⟧\n", "beta: 2\n") },
  { code: "chrf-beta-positive", ...validatorConfig("chrf_score", "{beta: ⟦-2⟧}", "{beta: 2}") },
  { code: "code-execution-test-command-required", ...codeExecution('test_command: ⟦""⟧\n', "test_command: pytest -q\n") },
  { code: "code-execution-test-command-required", ...validatorConfig("code_execution", "{test_command: ⟦'   '⟧}", "{test_command: pytest -q}") },
  { code: "code-execution-timeout-positive", ...codeExecution("test_command: pytest -q\ntimeout_ms: ⟦0⟧\n", "test_command: pytest -q\ntimeout_ms: 60000\n") },
  {
    code: "code-execution-timeout-positive",
    ...validatorConfig("code_execution", "{test_command: pytest, timeout_ms: ⟦0⟧}", "{test_command: pytest, timeout_ms: 1000}"),
  },
  {
    code: "code-execution-scoring-invalid",
    ...codeExecution("test_command: pytest -q\nscoring: ⟦best_of⟧\n", "test_command: pytest -q\nscoring: all_or_nothing\n"),
  },
  {
    code: "code-execution-scoring-invalid",
    ...validatorConfig("code_execution", "{test_command: pytest, scoring: ⟦best_of⟧}", "{test_command: pytest, scoring: all_or_nothing}"),
  },
  {
    code: "code-execution-pass-at-k-unsupported",
    ...codeExecution("test_command: pytest -q\nscoring: ⟦pass_at_k⟧\n", "test_command: pytest -q\nscoring: fraction_passed\n"),
  },
  {
    code: "code-execution-pass-at-k-unsupported",
    ...validatorConfig("code_execution", "{test_command: pytest, scoring: ⟦pass_at_k⟧}", "{test_command: pytest, scoring: fraction_passed}"),
  },
  {
    code: "code-execution-pass-threshold-range",
    ...codeExecution("test_command: pytest -q\npass_threshold: ⟦80⟧\n", "test_command: pytest -q\npass_threshold: 0.8\n"),
  },
  {
    code: "code-execution-pass-threshold-range",
    ...validatorConfig("code_execution", "{test_command: pytest, pass_threshold: ⟦1.5⟧}", "{test_command: pytest, pass_threshold: 0.8}"),
  },
  { code: "tca-count-negative", ...tca("tool_name: lookup_order\ncount: ⟦-1⟧\n", "tool_name: lookup_order\ncount: 1\n") },
  { code: "tca-count-negative", ...validatorConfig("tool_call_assertion", "{count: ⟦-1⟧}", "{count: 0}") },
  { code: "tca-min-count-negative", ...tca("tool_name: lookup_order\nmin_count: ⟦-1⟧\n", "tool_name: lookup_order\nmin_count: 1\n") },
  { code: "tca-min-count-negative", ...validatorConfig("tool_call_assertion", "{min_count: ⟦-1⟧}", "{min_count: 1}") },
  { code: "tca-max-count-negative", ...tca("tool_name: lookup_order\nmax_count: ⟦-1⟧\n", "tool_name: lookup_order\nmax_count: 2\n") },
  { code: "tca-max-count-negative", ...validatorConfig("tool_call_assertion", "{max_count: ⟦-3⟧}", "{max_count: 3}") },
  { code: "tca-count-combined", ...tca("tool_name: lookup_order\ncount: ⟦1⟧\nmax_count: 2\n", "tool_name: lookup_order\nmin_count: 1\nmax_count: 2\n") },
  { code: "tca-count-combined", ...validatorConfig("tool_call_assertion", "{count: ⟦2⟧, max_count: 3}", "{min_count: 2, max_count: 3}") },
  {
    code: "tca-min-greater-than-max",
    ...tca("tool_name: lookup_order\nmin_count: ⟦3⟧\nmax_count: 1\n", "tool_name: lookup_order\nmin_count: 1\nmax_count: 3\n"),
  },
  { code: "tca-min-greater-than-max", ...validatorConfig("tool_call_assertion", "{min_count: ⟦4⟧, max_count: 3}", "{min_count: 3, max_count: 3}") },
  {
    code: "tca-must-call-true-count-zero",
    ...tca("tool_name: lookup_order\nmust_call: ⟦true⟧\ncount: 0\n", "tool_name: lookup_order\nmust_call: true\ncount: 1\n"),
  },
  { code: "tca-must-call-true-count-zero", ...validatorConfig("tool_call_assertion", "{must_call: ⟦true⟧, count: 0}", "{must_call: true, count: 1}") },
  {
    code: "tca-must-call-true-max-zero",
    ...tca("tool_name: lookup_order\nmust_call: ⟦true⟧\nmax_count: 0\n", "tool_name: lookup_order\nmust_call: true\nmax_count: 2\n"),
  },
  { code: "tca-must-call-true-max-zero", ...validatorConfig("tool_call_assertion", "{must_call: ⟦true⟧, max_count: 0}", "{must_call: false, max_count: 0}") },
  {
    code: "tca-must-call-false-count-positive",
    ...tca("tool_name: delete_order\nmust_call: ⟦false⟧\ncount: 1\n", "tool_name: delete_order\nmust_call: false\n"),
  },
  { code: "tca-must-call-false-count-positive", ...validatorConfig("tool_call_assertion", "{must_call: ⟦false⟧, count: 2}", "{must_call: false, count: 0}") },
  {
    code: "tca-must-call-false-min-positive",
    ...tca("tool_name: delete_order\nmust_call: ⟦false⟧\nmin_count: 1\n", "tool_name: delete_order\nmust_call: false\n"),
  },
  {
    code: "tca-must-call-false-min-positive",
    ...validatorConfig("tool_call_assertion", "{must_call: ⟦false⟧, min_count: 1}", "{must_call: true, min_count: 1}"),
  },
  {
    code: "tca-arguments-contain-not-object",
    ...tca("tool_name: lookup_order\narguments_contain: ⟦[order_id]⟧\n", 'tool_name: lookup_order\narguments_contain:\n  order_id: "1042"\n'),
  },
  {
    code: "tca-arguments-contain-not-object",
    ...validatorConfig("tool_call_assertion", "{tool_name: search, arguments_contain: ⟦[query]⟧}", "{tool_name: search, arguments_contain: {query: refunds}}"),
  },
  { code: "tca-ordered-tool-empty", ...tca('ordered_tools: [lookup_order, ⟦""⟧]\n', "ordered_tools: [lookup_order, issue_refund]\n") },
  { code: "tca-ordered-tool-empty", ...validatorConfig("tool_call_assertion", "{ordered_tools: [search, ⟦' '⟧]}", "{ordered_tools: [search, ' answer ']}") },
  {
    code: "tca-order-mode-invalid",
    ...tca("ordered_tools: [lookup_order, issue_refund]\norder_mode: ⟦strict⟧\n", "ordered_tools: [lookup_order, issue_refund]\norder_mode: exact\n"),
  },
  {
    code: "tca-order-mode-invalid",
    ...validatorConfig("tool_call_assertion", "{ordered_tools: [search], order_mode: ⟦strict⟧}", "{ordered_tools: [search], order_mode: ' exact '}"),
  },
  {
    code: "tca-ordered-tools-required",
    ...tca("tool_name: lookup_order\norder_mode: ⟦exact⟧\n", "ordered_tools: [lookup_order, issue_refund]\norder_mode: exact\n"),
  },
  {
    code: "tca-ordered-tools-required",
    ...validatorConfig("tool_call_assertion", "{tool_name: search, order_mode: ⟦exact⟧}", "{tool_name: search, order_mode: ''}"),
  },
  { code: "tca-no-assertion", ...markIn(tca('order_mode: ""\n', "tool_name: lookup_order\n"), "config:", "config") },
  { code: "postcondition-value-forbidden", ...postcondition("condition: exists\nvalue: ⟦done⟧\n", "condition: exists\n") },
  {
    code: "postcondition-value-forbidden",
    ...validatorConfig("postcondition", "{condition: not_exists, value: ⟦~⟧}", "{condition: not_exists}"),
    message: "must be omitted for not_exists",
  },
  { code: "postcondition-value-not-string", ...postcondition("condition: contains\nvalue: ⟦[done]⟧\n", "condition: contains\nvalue: done\n") },
  { code: "postcondition-value-not-string", ...validatorConfig("postcondition", "{condition: contains, value: ⟦42⟧}", "{condition: contains, value: '42'}") },
  {
    code: "postcondition-value-not-regex-string",
    ...postcondition("condition: regex_match\nvalue: ⟦42⟧\n", 'condition: regex_match\nvalue: "status: (ok|done)"\n'),
  },
  {
    code: "postcondition-value-not-regex-string",
    ...validatorConfig("postcondition", "{condition: regex_match, value: ⟦[a]⟧, json_path: $.x}", "{condition: regex_match, value: '^ok$'}"),
  },
  {
    code: "postcondition-value-invalid-regex",
    ...postcondition('condition: regex_match\nvalue: ⟦"status: (ok"⟧\n', 'condition: regex_match\nvalue: "status: (ok|done)"\n'),
  },
  {
    code: "postcondition-value-invalid-regex",
    ...validatorConfig("postcondition", "{condition: regex_match, value: ⟦'(?<=a)b'⟧}", "{condition: regex_match, value: '(?P<word>\\w+)'}"),
    message: "must be a valid regex: error parsing regexp: invalid named capture: `(?<=a)b`",
  },
  {
    code: "postcondition-json-path-required",
    ...markIn(
      postcondition("condition: json_path_match\nvalue: done\n", "condition: json_path_match\njson_path: $.status\nvalue: done\n"),
      "config:",
      "config",
    ),
  },
  {
    code: "postcondition-json-path-required",
    ...validatorConfig(
      "postcondition",
      "{condition: json_path_match, value: {equals: 1}, json_path: ⟦' '⟧}",
      "{condition: json_path_match, value: {equals: 1}, json_path: $.count}",
    ),
  },
  { code: "postcondition-value-required", ...markIn(postcondition("condition: equals\n", "condition: equals\nvalue: done\n"), "config:", "config") },
  {
    code: "postcondition-value-required",
    ...markIn(validatorConfig("postcondition", "{condition: equals}", "{condition: equals, value: ~}"), "config:", "config"),
  },
  {
    code: "postcondition-json-path-forbidden",
    ...postcondition("condition: contains\njson_path: ⟦$.status⟧\nvalue: done\n", "condition: contains\nvalue: done\n"),
  },
  {
    code: "postcondition-json-path-forbidden",
    ...validatorConfig("postcondition", "{condition: ' equals ', value: 1, json_path: ⟦$.a⟧}", "{condition: equals, value: 1, json_path: ' '}"),
    message: "must be omitted for equals",
  },
  { code: "postcondition-condition-required", ...markIn(postcondition("value: done\n", "condition: contains\nvalue: done\n"), "config:", "config") },
  { code: "postcondition-condition-required", ...validatorConfig("postcondition", "{condition: ⟦' '⟧}", "{condition: exists}") },
  { code: "postcondition-condition-invalid", ...postcondition("condition: ⟦includes⟧\nvalue: done\n", "condition: contains\nvalue: done\n") },
  { code: "postcondition-condition-invalid", ...validatorConfig("postcondition", "{condition: ⟦Exists⟧}", "{condition: ' exists '}") },
  {
    code: "validator-code-execution-check-unknown",
    ...spec(
      SOLUTION + validator("code_execution", "config:\n  test_command: pytest -q\n", "file:⟦solutoin⟧", ""),
      SOLUTION + validator("code_execution", "config:\n  test_command: pytest -q\n", "file:solution", ""),
    ),
  },
  {
    code: "validator-code-execution-check-not-file-capture",
    ...spec(
      "post_execution_checks:\n  - key: solution\n    type: directory_listing\n    path: /workspace\n" +
        validator("code_execution", "config:\n  test_command: pytest -q\n", "file:⟦solution⟧", ""),
      SOLUTION + validator("code_execution", "config:\n  test_command: pytest -q\n", "file:solution", ""),
    ),
  },
  {
    code: "validator-postcondition-no-checks",
    ...spec(
      validator("postcondition", "config:\n  condition: exists\n", "file:⟦report⟧", ""),
      CHECK + validator("postcondition", "config:\n  condition: exists\n", "file:report", ""),
    ),
  },
];
