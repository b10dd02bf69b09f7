import { buildPackModel, packDiagnostics } from "../server/src/service/pack-model";
import { round, Samples, time } from "./measure";

/**
 * Pathological shapes of a pack (issue 35): each a valid pack with one part grown to `n`. The hostile tests
 * (`test/hostile/linear-work.test.ts`) count the work on them; the benchmark times them.
 */
export const shapes: Record<string, { sizes: number[]; text: (n: number) => string }> = {
  /** One line of `n` spaces between two keys of a mapping. */
  spaces: { sizes: [100_000, 200_000, 400_000], text: (n) => withExtra(`extra:\n  a: 1\n${" ".repeat(n)}\n  b: 2`) },
  /** One line of `n` tabs. */
  tabs: { sizes: [100_000, 200_000, 400_000], text: (n) => withExtra(`extra:\n  a: 1\n${"\t".repeat(n)}\n  b: 2`) },
  /** `n` levels of block mappings, each one column deeper: the text grows as n²/2, so the sizes double the text. */
  nesting: { sizes: [1_000, 1_414, 2_000], text: (n) => withExtra(nestedMappings(n)) },
  /** One plain scalar of `n` characters on one line. */
  "long lines": { sizes: [250_000, 500_000, 1_000_000], text: (n) => withExtra(`extra:\n  long: ${"word ".repeat(n / 5)}x`) },
  /** One mapping of `n` keys. */
  "many keys": { sizes: [10_000, 20_000, 40_000], text: (n) => withExtra("extra:\n" + Array.from({ length: n }, (_, i) => `  key_${i}: ${i}`).join("\n")) },
};

/** `n` levels of block mappings, each one column deeper than the one before. */
export function nestedMappings(n: number): string {
  const lines = ["extra:"];
  for (let i = 1; i <= n; i++) lines.push(" ".repeat(i) + "k:");
  lines.push(" ".repeat(n + 1) + "v");
  return lines.join("\n");
}

const VALID = [
  "pack:",
  "  slug: shapes",
  "  name: Shapes",
  "  family: bench",
  "version:",
  "  number: 1",
  "  evaluation_spec:",
  "    name: shapes-v1",
  "    version_number: 1",
  "    judge_mode: deterministic",
  "    validators:",
  "      - key: exact",
  "        type: exact_match",
  "        target: final_output",
  "        expected_from: challenge_input",
  "    scorecard:",
  "      dimensions: [correctness]",
  "challenges:",
  "  - key: c",
  "    title: C",
  "    category: support",
  "    difficulty: easy",
  "    instructions: Answer.",
  "",
].join("\n");

function withExtra(extra: string): string {
  return VALID + extra + "\n";
}

/**
 * (10) Cold diagnostics of each shape at three sizes, CPU ms, and the growth per doubling of the text: about 2 is
 * linear, 4 quadratic.
 */
export function measureShapes(opts: { runs: number }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, shape] of Object.entries(shapes)) {
    const rows = shape.sizes.map((n) => {
      const text = shape.text(n);
      const samples = new Samples();
      packDiagnostics(buildPackModel(text)); // warm-up
      for (let i = 0; i < opts.runs; i++) samples.add(time(() => packDiagnostics(buildPackModel(text))).timing);
      return { n, chars: text.length, cpuMs: round(samples.summary().cpuMs.median, 1) };
    });
    const perDoubling = rows.slice(1).map((r, i) => {
      const p = rows[i];
      return round(Math.pow(r.cpuMs / Math.max(0.1, p.cpuMs), 1 / Math.log2(r.chars / p.chars)), 2);
    });
    out[name] = { rows, growthPerDoubling: perDoubling };
  }
  return out;
}
