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
    out.push(
      `  - key: challenge-${c}\n    title: Challenge ${c}\n    category: support\n    difficulty: ${["easy", "medium", "hard", "expert"][c % 4]}\n    instructions: Solve the ticket for challenge ${c}.\n`,
    );
  }
  out.push("input_sets:\n");
  const perSet = Math.ceil(cases / challenges);
  let made = 0;
  for (let c = 0; c < challenges && made < cases; c++) {
    out.push(`  - key: challenge-${c}-full\n    name: Challenge ${c} full\n    description: Generated coverage for challenge ${c}.\n    cases:\n`);
    for (let k = 0; k < perSet && made < cases; k++, made++) {
      out.push(caseText(c, k));
    }
  }
  return out.join("");
}

/** One generated case of challenge `c`, numbered `k`, as an item of an input set's `cases` (indented by 6). */
export function caseText(c: number, k: number, key = `case-${c}-${k}`): string {
  return (
    `      - challenge_key: challenge-${c}\n` +
    `        case_key: ${key}\n` +
    `        payload:\n          customer_message: "Customer ${k} asks about order ${1000 + k}; refund window is 14 days."\n          account_tier: ${k % 2 ? "standard" : "premium"}\n          order_id: ${1000 + k}\n` +
    `        inputs:\n          - key: prompt\n            kind: text\n            value: Can I get a refund for order ${1000 + k}?\n` +
    `          - key: record\n            kind: file\n            artifact_key: fixture-${k % 3}\n` +
    `        expectations:\n          - key: answer\n            kind: text\n            source: input:prompt\n` +
    `          - key: policy\n            kind: json\n            value:\n              must_include: [refund window, "14 days"]\n`
  );
}

/** The benchmark's edits of a generated pack, as offsets into its text. */
export interface BenchEdits {
  /** One character typed inside a value of the middle case of the last input set. */
  keystroke: { offset: number; text: string };
  /** A whole new case pasted before that case. */
  paste: { offset: number; text: string };
  /** Where a `challenge_key` value is written (in that case), for completion and hover. */
  challengeKeyValue: number;
}

export function benchEdits(text: string): BenchEdits {
  const lastSet = text.lastIndexOf("\n  - key: ") + 1;
  const starts: number[] = [];
  for (let i = text.indexOf("\n      - challenge_key: ", lastSet); i >= 0; i = text.indexOf("\n      - challenge_key: ", i + 1)) starts.push(i + 1);
  if (starts.length === 0) throw new Error("benchEdits: no case in the last input set");
  const middle = starts[starts.length >> 1];
  const message = text.indexOf('customer_message: "Customer', middle) + 'customer_message: "Customer'.length;
  const challenge = /challenge_key: challenge-(\d+)/.exec(text.slice(middle, middle + 200))!;
  return {
    keystroke: { offset: message, text: "x" },
    paste: { offset: middle, text: caseText(Number(challenge[1]), 0, "pasted-case") },
    challengeKeyValue: middle + "      - challenge_key: ".length + 3,
  };
}
