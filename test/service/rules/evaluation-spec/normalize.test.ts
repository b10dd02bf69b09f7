import { test } from "node:test";
import assert from "node:assert/strict";
import { yaml } from "../../../helpers/fixture";
import { buildPackModel } from "../../../../server/src/service/pack";
import { evalPack } from "../../../helpers/eval-spec";
import type { EvalSpec } from "../../../../server/src/service/rules/evaluation-spec/spec";

test("evaluation_spec normalization: identifiers of the spec, validators, metrics, pricing and signals are trimmed in place, sources kept", () => {
  const text = evalPack({
    validators: yaml`
      - key: " exact "
        type: " exact_match"
        target: " final_output "
        expected_from: " challenge_input "
    `,
    extra: yaml`
      metrics:
        - key: " latency "
          type: numeric
          collector: " run_total_latency_ms "
          unit: " ms "
      pricing:
        models:
          - provider_key: " openai "
            provider_model_id: " gpt-4.1 "
      behavioral:
        signals:
          - key: " recovery_behavior "
            weight: 1
    `,
  }).replace("name: support-v1", 'name: " support-v1 "');
  const model = buildPackModel(text);
  const spec = model.bundle.version.evaluation_spec as EvalSpec;
  assert.equal(spec.name, "support-v1");
  const v = spec.validators![0];
  assert.deepEqual([v.key, v.type, v.target, v.expected_from], ["exact", " exact_match", "final_output", "challenge_input"]);
  const m = spec.metrics![0];
  assert.deepEqual([m.key, m.collector, m.unit], ["latency", "run_total_latency_ms", "ms"]);
  const p = spec.pricing!.models![0];
  assert.deepEqual([p.provider_key, p.provider_model_id], ["openai", "gpt-4.1"]);
  assert.equal(spec.behavioral!.signals![0].key, "recovery_behavior");
  // The trimmed objects are the decoded ones, so their keys still point at the text.
  const keySpan = model.at.value(v, "key");
  assert.equal(text.slice(keySpan.start, keySpan.end), '" exact "');
});
