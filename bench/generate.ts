/**
 * Realistic generated packs for the benchmark and the fuzzer: several challenges, an evaluation_spec with
 * about twenty validators and judges, and input sets whose cases carry a payload, two inputs and two expectations.
 */
export interface GenerateOptions {
  cases: number;
  challenges?: number;
}

export function generatePack({ cases, challenges = 4 }: GenerateOptions): string {
  const out: string[] = [];
  out.push("pack:\n  slug: generated-bench\n  name: Generated Bench\n  family: support\n");
  out.push("version:\n  number: 1\n  execution_mode: native\n  assets:\n");
  for (let a = 0; a < 3; a++) out.push(`    - key: fixture-${a}\n      kind: file\n      path: assets/fixture-${a}.json\n`);
  out.push("  evaluation_spec:\n    name: generated-bench-v1\n    version_number: 1\n    judge_mode: deterministic\n    validators:\n");
  const kinds = ["exact_match", "contains", "regex_match", "json_schema", "json_path_match"];
  for (let v = 0; v < 20; v++) {
    out.push(`      - key: check-${v}\n        type: ${kinds[v % kinds.length]}\n        target: final_output\n        expected_from: challenge_input\n`);
  }
  out.push("    scorecard:\n      dimensions: [correctness]\n");
  out.push("challenges:\n");
  for (let c = 0; c < challenges; c++) {
    out.push(`  - key: challenge-${c}\n    title: Challenge ${c}\n    category: support\n    difficulty: ${["easy", "medium", "hard", "expert"][c % 4]}\n    instructions: Solve the ticket for challenge ${c}.\n`);
  }
  out.push("input_sets:\n");
  const perSet = Math.ceil(cases / challenges);
  let made = 0;
  for (let c = 0; c < challenges && made < cases; c++) {
    out.push(`  - key: challenge-${c}-full\n    name: Challenge ${c} full\n    description: Generated coverage for challenge ${c}.\n    cases:\n`);
    for (let k = 0; k < perSet && made < cases; k++, made++) {
      out.push(
        `      - challenge_key: challenge-${c}\n` +
          `        case_key: case-${c}-${k}\n` +
          `        payload:\n          customer_message: "Customer ${k} asks about order ${1000 + k}; refund window is 14 days."\n          account_tier: ${k % 2 ? "standard" : "premium"}\n          order_id: ${1000 + k}\n` +
          `        inputs:\n          - key: prompt\n            kind: text\n            value: Can I get a refund for order ${1000 + k}?\n` +
          `          - key: record\n            kind: file\n            artifact_key: fixture-${k % 3}\n` +
          `        expectations:\n          - key: answer\n            kind: text\n            source: input:prompt\n` +
          `          - key: policy\n            kind: json\n            value:\n              must_include: [refund window, "14 days"]\n`,
      );
    }
  }
  return out.join("");
}
